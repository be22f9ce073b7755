import { asc, eq, inArray } from 'drizzle-orm';
import type { CreateSupportTicket, SupportStatus } from '@meridian/contract/support';
import { systemActor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { supportTickets, users } from '../db/schema.ts';
import { changeSupportTicketStatus, createSupportTicket } from '../support/service.ts';

/** Who moves the demo's tickets: the demo operations user (seed/demo.ts). */
const DEMO_OPS_EMAIL = 'ops@meridian.test';
const HOUR = 3_600_000;

type DemoTicket = CreateSupportTicket & {
  /** Hours before now it was sent, and what operations did with it (and when, hours before now). */
  hoursAgo: number;
  ops?: { status: SupportStatus; hoursAgo: number }[];
};

const ACME_TICKETS: DemoTicket[] = [
  {
    subject: 'Payout to account ending 0004 was returned',
    category: 'PAYOUTS',
    message:
      'A payout of ₹1,250.00 succeeded and then came back as RETURNED two minutes later. Was the amount reversed to our current account, and will a callback tell us when this happens?',
    hoursAgo: 96,
    ops: [
      { status: 'IN_PROGRESS', hoursAgo: 94 },
      { status: 'RESOLVED', hoursAgo: 90 },
    ],
  },
  {
    subject: 'Verifying webhook signatures in Python',
    category: 'CALLBACKS',
    message:
      'Our receiver rejects every callback with a signature mismatch. We compute the HMAC over the raw body; do we also need the webhook-id and webhook-timestamp headers?',
    hoursAgo: 30,
    ops: [{ status: 'IN_PROGRESS', hoursAgo: 28 }],
  },
  {
    subject: 'Add a second finance user to our team',
    category: 'ACCOUNT_ACCESS',
    message:
      'We would like a second finance user who signs in with an SMS one-time code. What do you need from us to add them?',
    hoursAgo: 3,
  },
];

const GLOBEX_TICKETS: DemoTicket[] = [
  {
    subject: 'How many credits does a face match cost?',
    category: 'KYC',
    message:
      'We plan to run face match on every new customer. Where can we see the price in credits and our remaining balance?',
    hoursAgo: 20,
  },
];

/**
 * The help centre's demo tickets, through the support service (with the full demo data): three for the first
 * customer (one resolved and one in progress by the demo operations user, one open) and one for the second.
 * Idempotent: a client that already has a ticket is left alone.
 */
export async function seedDemoSupport(db: Db, customers: { id: number }[], now = Date.now()): Promise<void> {
  if (!customers.length) return;
  const withTickets = new Set(
    (
      await db
        .selectDistinct({ clientRef: supportTickets.clientRef })
        .from(supportTickets)
        .where(
          inArray(
            supportTickets.clientRef,
            customers.map((c) => c.id),
          ),
        )
    ).map((r) => r.clientRef),
  );
  for (const [i, customer] of customers.entries()) {
    if (withTickets.has(customer.id)) continue;
    const [user] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.clientRef, customer.id))
      .orderBy(asc(users.id))
      .limit(1);
    if (!user) continue;
    const actor = { clientRef: customer.id, userRef: user.id, email: user.email, meta: null };
    for (const t of i === 0 ? ACME_TICKETS : GLOBEX_TICKETS) {
      const { hoursAgo, ops, ...input } = t;
      const ticket = await createSupportTicket(db, actor, input, new Date(now - hoursAgo * HOUR));
      for (const step of ops ?? [])
        await changeSupportTicketStatus(
          db,
          systemActor(customer.id, DEMO_OPS_EMAIL),
          customer.id,
          ticket.urn,
          step.status,
          new Date(now - step.hoursAgo * HOUR),
        );
    }
  }
}
