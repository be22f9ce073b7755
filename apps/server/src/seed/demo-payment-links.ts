import { eq } from 'drizzle-orm';
import type { CreatePaymentLink } from '@meridian/contract/payment-links';
import { handleCallbackRequest } from '../callbacks/configs.ts';
import type { Db } from '../db/database.ts';
import { paymentLinks } from '../db/schema.ts';
import { systemActor } from '../audit/actor.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { attemptPayment } from '../payment-links/pay.ts';
import { cancelPaymentLink, createPaymentLink, expireDueLinks } from '../payment-links/service.ts';

const HOUR = 3_600_000;

type DemoLink = {
  input: Omit<CreatePaymentLink, 'customer_enters_amount'> & { customer_enters_amount?: boolean };
  /** Hours before now the link was made. */
  ago: number;
  /** What happened next: failed attempts, then paid (with the amount the customer entered), or cancelled. */
  then?: { fails?: number; pay?: string | true; cancel?: true };
  /** Expires this many hours after it was made (default 7 days). */
  validHours?: number;
};

const customer = {
  customer_name: 'Neha Sharma',
  customer_email: 'neha@example.com',
  customer_mobile: '9876500011',
};

const ACME_LINKS: DemoLink[] = [
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1001',
      amount: '2499.00',
      purpose: 'Order 1001: running shoes',
      ...customer,
    },
    ago: 5 * 24,
    then: { pay: true },
  },
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1002',
      customer_enters_amount: true,
      min_amount: '100.00',
      max_amount: '5000.00',
      purpose: 'Tip for the delivery team',
    },
    ago: 4 * 24,
    then: { fails: 1, pay: '1500.00' },
  },
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1003',
      amount: '799.00',
      purpose: 'Subscription renewal',
      ...customer,
    },
    ago: 3 * 24,
    then: { cancel: true },
  },
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1004',
      amount: '3200.00',
      purpose: 'Order 1004: rain jackets',
    },
    ago: 6 * 24,
    validHours: 24,
  },
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1005',
      amount: '12000.00',
      purpose: 'Invoice INV-2026-118',
      customer_name: 'Rohan Iyer',
      customer_email: 'rohan@example.com',
    },
    ago: 20,
    then: { fails: 2 },
  },
  {
    input: {
      customer_reference_number: 'DEMO-LINK-1006',
      customer_enters_amount: true,
      purpose: 'Advance for a catering order',
    },
    ago: 2,
  },
];

const GLOBEX_LINKS: DemoLink[] = [
  {
    input: {
      customer_reference_number: 'DEMO-LINK-2001',
      amount: '45000.00',
      purpose: 'Lab equipment deposit',
    },
    ago: 2 * 24,
    then: { cancel: true },
  },
  {
    input: { customer_reference_number: 'DEMO-LINK-2002', amount: '950.00', purpose: 'Sample analysis fee' },
    ago: 5,
  },
];

/**
 * Demo payment links in every state, made by the same service functions the API and the pay page call
 * (backdated): paid (one after a failed attempt, one with an amount the customer entered), open, cancelled and
 * expired; and a PAYMENT_LINK callback URL on the sandbox receiver (Acme). Globex's links move no money (its
 * balance stays the round figure its top-up made). Idempotent: a client that has a
 * payment link is left alone. Answers the callbacks to deliver once jobs run.
 */
export async function seedDemoPaymentLinks(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { publicUrl: string; callbackBaseUrl: string; full: boolean; now?: number },
): Promise<Effects> {
  if (!opts.full) return noEffects();
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const client of clients) {
    if (!(await clientAccounts(db, client.id)).length) continue;
    const [has] = await db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(eq(paymentLinks.clientRef, client.id))
      .limit(1);
    if (has) continue;
    const acme = client.name === 'Acme Retail';
    const actor = systemActor(client.id, 'demo-seed');
    if (acme)
      await handleCallbackRequest(db, actor, {
        action: 'create',
        event_type: 'PAYMENT_LINK',
        url: `${opts.callbackBaseUrl}/payment-links`,
        http_method: 'POST',
        is_active: true,
      });
    for (const demo of acme ? ACME_LINKS : GLOBEX_LINKS) {
      const at = new Date(now - demo.ago * HOUR);
      const input: CreatePaymentLink = {
        customer_enters_amount: false,
        ...demo.input,
        ...(demo.validHours
          ? { expires_at: new Date(at.getTime() + demo.validHours * HOUR).toISOString() }
          : {}),
      };
      const created = await db.transaction((tx) =>
        createPaymentLink(tx, actor, input, { publicUrl: opts.publicUrl, at }),
      );
      effects = mergeEffects(effects, created.effects);
      const token = created.link.link_url.split('/pay/')[1]!;
      const meta = { ip: '203.0.113.10', userAgent: 'demo-seed', requestId: 'demo-seed' };
      let step = at.getTime();
      for (let i = 0; i < (demo.then?.fails ?? 0); i++) {
        step += HOUR / 2;
        const failed = await attemptPayment(db, {
          token,
          action: 'fail',
          amount: '250.00',
          meta,
          at: new Date(step),
        });
        effects = mergeEffects(effects, failed.effects);
      }
      if (demo.then?.pay) {
        step += HOUR;
        const paid = await attemptPayment(db, {
          token,
          action: 'pay',
          amount: demo.then.pay === true ? null : demo.then.pay,
          meta,
          at: new Date(Math.min(step, now - 60_000)),
        });
        effects = mergeEffects(effects, paid.effects);
      }
      if (demo.then?.cancel)
        effects = mergeEffects(effects, (await cancelPaymentLink(db, actor, created.link.urn)).effects);
    }
  }
  const expired = await expireDueLinks(db, new Date(now));
  return mergeEffects(effects, expired.effects);
}
