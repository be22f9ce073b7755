import { and, eq, sql } from 'drizzle-orm';
import { ApprovalRuleInput, type ApprovalAction } from '@meridian/contract/approvals';
import { INVITATION_TTL_HOURS } from '@meridian/contract/team';
import type { Actor } from '../audit/actor.ts';
import { DEFAULT_APPROVAL_TTL_HOURS } from '../approvals/engine.ts';
import { createRule } from '../approvals/rules.ts';
import type { Db } from '../db/database.ts';
import { approvalRules, bulks, invitations, payouts, users } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { newId, newSecret, sha256 } from '../lib/ids.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { initiatePayout } from '../payouts/service.ts';
import { row, storeDemoBulk, type DemoBulk } from './demo-bulk.ts';

/** Acme's default rules: a Finance approver approves every payout of ₹1,00,000 or more, and every bulk. */
const DEFAULT_RULES: { action: ApprovalAction; input: ApprovalRuleInput }[] = [
  {
    action: 'payout',
    input: {
      name: 'Payouts of ₹1,00,000 or more need one Finance approver',
      action: 'payout',
      conditions: { amount_min: '100000' },
      steps: [{ approvals: 1, roles: ['finance_approver'] }],
    },
  },
  {
    action: 'bulk',
    input: {
      name: 'Every bulk needs one Finance approver',
      action: 'bulk',
      steps: [{ approvals: 1, roles: ['finance_approver'] }],
    },
  },
];

/** The maker's payouts waiting in the approver's inbox (an established payee each: no cooling-off limit). */
const HELD_PAYOUTS = [
  {
    crn: 'APPROVAL-DEMO-1',
    code: 'VENDOR-BETA',
    type: 'NEFT',
    amount: '150000.00',
    purpose: 'Quarterly rent',
  },
  {
    crn: 'APPROVAL-DEMO-2',
    code: 'SUPPLIER-RTGS',
    type: 'RTGS',
    amount: '420000.00',
    purpose: 'Stock purchase',
  },
] as const;

/** The maker's bulk waiting as well: the rule "every bulk" holds it whole. */
const HELD_BULK: DemoBulk = {
  fileName: 'vendor-invoices-december.csv',
  format: 'csv',
  daysAgo: 0,
  rows: [
    row('BULK-DEC-3001', '22500.00', { code: 'VENDOR-ALPHA', type: 'IMPS' }, 'Invoice 3001'),
    row('BULK-DEC-3002', '48000.00', { code: 'VENDOR-BETA', type: 'NEFT' }, 'Invoice 3002'),
    row('BULK-DEC-3003', '7300.00', { code: 'RIDER-UPI', type: 'UPI' }, 'Rider incentive'),
  ],
};

/** The pending invitation (the owner resends it from Settings → Team to print a fresh link). */
const INVITED = { email: 'new.teammate@acme.test', name: 'Nisha Iyer', role: 'finance_maker' } as const;

async function memberActor(db: Db, clientRef: number, email: string): Promise<Actor | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.clientRef, clientRef), eq(sql`lower(${users.email})`, email)));
  return user ? { clientRef, userRef: user.id, email: user.email, meta: null } : null;
}

/**
 * Acme's finance team with four eyes (full demo only, after every other payout): the default rules made by the
 * owner through the rules service (checked and audited as on the rules screen), then the maker's payouts and bulk
 * those rules hold, made through the payout and bulk services as the dashboard makes them (so the approver's inbox
 * has requests waiting, nothing debited), and one pending invitation. Idempotent: each part is made only when
 * missing (a client with rules keeps its own; the held payouts by their references; the bulk by its file name; the
 * invitation by its address).
 */
export async function seedDemoApprovals(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { railTimeScale: number; full: boolean; approvals?: boolean },
): Promise<Effects> {
  const acme = clients.find((c) => c.name === 'Acme Retail');
  if (!acme || !opts.full || opts.approvals === false) return noEffects();
  const owner = await memberActor(db, acme.id, 'admin@acme.test');
  const maker = await memberActor(db, acme.id, 'maker@acme.test');
  const [account] = await clientAccounts(db, acme.id);
  if (!owner || !maker || !account) return noEffects();
  const approval = { source: 'dashboard' as const, ttlHours: DEFAULT_APPROVAL_TTL_HOURS };

  for (const rule of DEFAULT_RULES) {
    const [has] = await db
      .select({ id: approvalRules.id })
      .from(approvalRules)
      .where(and(eq(approvalRules.clientRef, acme.id), eq(approvalRules.action, rule.action)))
      .limit(1);
    if (!has) await db.transaction((tx) => createRule(tx, owner, ApprovalRuleInput.parse(rule.input)));
  }

  let effects = noEffects();
  for (const p of HELD_PAYOUTS) {
    const [done] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.clientRef, acme.id), eq(payouts.customerReferenceNumber, p.crn)));
    if (done) continue;
    const created = await db.transaction((tx) =>
      initiatePayout(
        tx,
        maker,
        {
          customer_reference_number: p.crn,
          beneficiary_code: p.code,
          amount: p.amount,
          transfer_type: p.type,
          purpose_message: p.purpose,
          sender_account_number: account.accountNumber,
        },
        { railTimeScale: opts.railTimeScale, approval },
      ),
    );
    effects = mergeEffects(effects, created.effects);
  }

  const [bulk] = await db
    .select({ id: bulks.id })
    .from(bulks)
    .where(and(eq(bulks.clientRef, acme.id), eq(bulks.fileName, HELD_BULK.fileName)))
    .limit(1);
  if (!bulk)
    effects = mergeEffects(effects, (await storeDemoBulk(db, maker, HELD_BULK, { approval })).effects);

  const [invited] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.clientRef, acme.id), eq(invitations.email, INVITED.email)))
    .limit(1);
  if (!invited) {
    const now = new Date();
    await db.insert(invitations).values({
      clientRef: acme.id,
      urn: newId('INV'),
      ...INVITED,
      // Nobody holds this link: the owner's "Resend" makes a new one and prints it (the console e-mail sender).
      tokenHash: sha256(newSecret(32)),
      invitedByRef: owner.userRef,
      invitedBy: owner.email,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000),
      sentAt: now,
    });
  }
  return effects;
}
