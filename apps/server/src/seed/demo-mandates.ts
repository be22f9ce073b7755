import { and, eq } from 'drizzle-orm';
import type { CreateMandate, MandateFrequency } from '@meridian/contract/mandates';
import { systemActor } from '../audit/actor.ts';
import { handleCallbackRequest } from '../callbacks/configs.ts';
import type { Db } from '../db/database.ts';
import { demoAgo } from './demo-time.ts';
import { mandatePresentations, mandates } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { dayIn } from '../lists/list-query.ts';
import { MANDATE_TIME_ZONE } from '../mandates/answer.ts';
import { advancePresentation, createPresentation } from '../mandates/presentations.ts';
import { changeMandate, createMandate, decideMandate, expireMandates } from '../mandates/service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Payer = { type: 'NACH'; account: string; ifsc: string } | { type: 'UPI_AUTOPAY'; vpa: string };

/** One demo mandate: its payer, terms, what happened to it (days before now) and its debits. */
type DemoMandate = {
  ref: string;
  name: string;
  payer: Payer;
  max: string;
  frequency: MandateFrequency;
  createdDaysAgo: number;
  /** The mandate's last day, in days from its creation (null: until cancelled). */
  endAfterDays?: number;
  decision?: 'approve' | 'reject';
  /** Debits: days ago and amount; `live` is left to the running rail. */
  debits?: { daysAgo: number; amount: string; live?: boolean }[];
  later?: { daysAgo: number; action: 'pause' | 'cancel' };
};

const ACME: DemoMandate[] = [
  {
    ref: 'EMI-LOAN-1001',
    name: 'Kavya Menon',
    payer: { type: 'NACH', account: '50100022223333', ifsc: 'HDFC0000001' },
    max: '15000.00',
    frequency: 'MONTHLY',
    createdDaysAgo: 6,
    decision: 'approve',
    debits: [{ daysAgo: 5, amount: '12500.00' }],
  },
  {
    ref: 'SUB-GYM-2002',
    name: 'Rahul Sharma',
    payer: { type: 'UPI_AUTOPAY', vpa: 'rahul.sharma@okicici' },
    max: '2000.00',
    frequency: 'YEARLY',
    createdDaysAgo: 6,
    decision: 'approve',
    debits: [{ daysAgo: 5, amount: '1499.00' }],
  },
  {
    ref: 'EMI-LOAN-1003',
    name: 'Suresh Nair',
    payer: { type: 'NACH', account: '60200011110001', ifsc: 'KKBK0000131' },
    max: '8000.00',
    frequency: 'ADHOC',
    createdDaysAgo: 5,
    decision: 'approve',
    debits: [
      { daysAgo: 4, amount: '7500.00' },
      { daysAgo: 2, amount: '7500.00' },
    ],
  },
  {
    ref: 'SIP-DAILY-3004',
    name: 'Meera Iyer',
    payer: { type: 'UPI_AUTOPAY', vpa: 'meera.iyer@oksbi' },
    max: '500.00',
    frequency: 'DAILY',
    createdDaysAgo: 5,
    decision: 'approve',
    debits: [
      { daysAgo: 4, amount: '250.00' },
      { daysAgo: 3, amount: '250.00' },
      { daysAgo: 2, amount: '250.00' },
    ],
    later: { daysAgo: 1, action: 'pause' },
  },
  {
    ref: 'EMI-LOAN-1005',
    name: 'Vikram Reddy',
    payer: { type: 'NACH', account: '30000044445555', ifsc: 'SBIN0000001' },
    max: '25000.00',
    frequency: 'ADHOC',
    createdDaysAgo: 2,
    decision: 'approve',
    debits: [
      { daysAgo: 1, amount: '18000.00' },
      { daysAgo: 0, amount: '9500.00', live: true },
    ],
  },
  {
    ref: 'INS-PREM-4006',
    name: 'Ananya Gupta',
    payer: { type: 'NACH', account: '000401239876', ifsc: 'ICIC0000001' },
    max: '12000.00',
    frequency: 'QUARTERLY',
    createdDaysAgo: 1,
  },
  {
    ref: 'SUB-OTT-2007',
    name: 'Rohan Joshi',
    payer: { type: 'UPI_AUTOPAY', vpa: 'rohan.j@okaxis' },
    max: '649.00',
    frequency: 'MONTHLY',
    createdDaysAgo: 3,
    decision: 'reject',
  },
  {
    ref: 'EMI-LOAN-1008',
    name: 'Priya Kapoor',
    payer: { type: 'NACH', account: '917020000012348', ifsc: 'UTIB0000001' },
    max: '9000.00',
    frequency: 'MONTHLY',
    createdDaysAgo: 4,
    decision: 'approve',
    later: { daysAgo: 2, action: 'cancel' },
  },
  {
    ref: 'SUB-NEWS-2009',
    name: 'Deepak Verma',
    payer: { type: 'UPI_AUTOPAY', vpa: 'deepak.verma@okhdfc' },
    max: '299.00',
    frequency: 'WEEKLY',
    createdDaysAgo: 5,
    endAfterDays: 2,
    decision: 'approve',
    debits: [{ daysAgo: 4, amount: '299.00' }],
  },
];

const GLOBEX: DemoMandate[] = [
  {
    ref: 'GLX-LEASE-01',
    name: 'Fatima Khan',
    payer: { type: 'NACH', account: '50100077778888', ifsc: 'HDFC0000001' },
    max: '40000.00',
    frequency: 'MONTHLY',
    createdDaysAgo: 3,
    decision: 'approve',
  },
  {
    ref: 'GLX-SUB-02',
    name: 'Ishaan Desai',
    payer: { type: 'UPI_AUTOPAY', vpa: 'ishaan.desai@okicici' },
    max: '999.00',
    frequency: 'MONTHLY',
    createdDaysAgo: 0,
  },
  {
    ref: 'GLX-SUB-03',
    name: 'Tanvi Bose',
    payer: { type: 'UPI_AUTOPAY', vpa: 'nofunds@okhdfc' },
    max: '1500.00',
    frequency: 'ADHOC',
    createdDaysAgo: 4,
    decision: 'approve',
    debits: [{ daysAgo: 3, amount: '1200.00' }],
  },
  {
    ref: 'GLX-LEASE-04',
    name: 'Arjun Pillai',
    payer: { type: 'NACH', account: '000401230002', ifsc: 'ICIC0000001' },
    max: '20000.00',
    frequency: 'YEARLY',
    createdDaysAgo: 5,
    later: { daysAgo: 4, action: 'cancel' },
  },
];

type DemoMandateOptions = {
  callbackBaseUrl: string;
  railTimeScale: number;
  full: boolean;
  publicUrl: string;
  provider: string;
  now?: number;
};
type DemoActor = ReturnType<typeof systemActor>;

/**
 * Demo e-mandates for the customer clients, made by the same service functions the API calls, backdated over
 * the last week: registrations in every state (pending, active, rejected, paused, cancelled, expired) and
 * presentations moved by the rail's own step at the times they were due (Acme's latest is left to the live
 * rail). Globex's only debit bounces, so its funded balance stays as seeded. Idempotent: a client that has a
 * mandate (or no account yet) is left alone. Answers the work to start once jobs run.
 */
export async function seedDemoMandates(
  db: Db,
  clients: { id: number; name: string }[],
  opts: DemoMandateOptions,
): Promise<Effects> {
  if (!opts.full) return noEffects();
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const client of clients) {
    if (!(await clientAccounts(db, client.id)).length) continue;
    const [any] = await db
      .select({ id: mandates.id })
      .from(mandates)
      .where(eq(mandates.clientRef, client.id))
      .limit(1);
    if (any) continue;
    const acme = client.name === 'Acme Retail';
    const actor = systemActor(client.id, 'demo-seed');
    if (acme)
      await handleCallbackRequest(db, actor, {
        action: 'create',
        event_type: 'MANDATE',
        url: `${opts.callbackBaseUrl}/mandates`,
        http_method: 'POST',
        is_active: true,
      });
    for (const [i, m] of (acme ? ACME : GLOBEX).entries())
      effects = mergeEffects(effects, await seedDemoMandate(db, actor, m, i, opts, now));
  }
  // Mandates past their end date (the sweeper's job, done now for the demo).
  const expired = await expireMandates(db, { at: new Date(now) });
  return mergeEffects(effects, expired.effects);
}

/** One demo mandate (the `i`th of its client's): created, decided, debited, then paused or cancelled. */
async function seedDemoMandate(
  db: Db,
  actor: DemoActor,
  m: DemoMandate,
  i: number,
  opts: DemoMandateOptions,
  now: number,
): Promise<Effects> {
  const createdAt = demoAgo(now, m.createdDaysAgo * DAY + (9 - (i % 4)) * HOUR, i);
  const created = await db.transaction((tx) =>
    createMandate(tx, actor, mandateInput(m, i, createdAt), { ...opts, at: createdAt }),
  );
  let effects = created.effects;
  const ref = { clientRef: actor.clientRef, urn: created.mandate.urn };
  if (m.decision) {
    const decided = await decideMandate(db, ref, m.decision, {
      at: new Date(createdAt.getTime() + HOUR),
    });
    effects = mergeEffects(effects, decided.effects);
  }
  for (const [k, d] of (m.debits ?? []).entries())
    effects = mergeEffects(effects, await seedDebit(db, actor, ref.urn, `${m.ref}-D${k + 1}`, d, opts, now));
  if (m.later) {
    const at = new Date(now - m.later.daysAgo * DAY);
    const action = m.later.action;
    const changed = await db.transaction((tx) => changeMandate(tx, actor, ref.urn, action, { at }));
    effects = mergeEffects(effects, changed.effects);
  }
  return effects;
}

/** The registration a demo mandate is created with, starting the day it was created. */
function mandateInput(m: DemoMandate, i: number, createdAt: Date): CreateMandate {
  return {
    customer_reference_number: m.ref,
    type: m.payer.type,
    customer_name: m.name,
    customer_email: `${m.name.split(' ')[0]!.toLowerCase()}@example.com`,
    customer_mobile: `98765${String(43210 + i).padStart(5, '0')}`,
    ...(m.payer.type === 'NACH'
      ? { account_number: m.payer.account, ifsc_code: m.payer.ifsc, account_type: 'SAVINGS' as const }
      : { vpa: m.payer.vpa }),
    max_amount: m.max,
    frequency: m.frequency,
    start_date: dayIn(MANDATE_TIME_ZONE, 0, createdAt.getTime()),
    ...(m.endAfterDays ? { end_date: dayIn(MANDATE_TIME_ZONE, m.endAfterDays, createdAt.getTime()) } : {}),
  };
}

/**
 * One debit of a mandate: presented (backdated, unless `live`), then moved by the rail's own step at the time it
 * was due; a live one is left to the running rail.
 */
async function seedDebit(
  db: Db,
  actor: DemoActor,
  mandateUrn: string,
  reference: string,
  d: NonNullable<DemoMandate['debits']>[number],
  opts: DemoMandateOptions,
  now: number,
): Promise<Effects> {
  // Whole days apart, so a DAILY mandate's debits always fall on different days.
  const at = d.live ? undefined : new Date(now - d.daysAgo * DAY - 3 * HOUR);
  const presented = await db.transaction((tx) =>
    createPresentation(
      tx,
      actor,
      mandateUrn,
      { customer_reference_number: reference, amount: d.amount, remarks: 'Demo debit' },
      { railTimeScale: opts.railTimeScale, ...(at ? { at } : {}) },
    ),
  );
  const effects = { ...presented.effects, rail: d.live ? presented.effects.rail : [] };
  if (d.live) return effects;
  const [row] = await db
    .select()
    .from(mandatePresentations)
    .where(
      and(
        eq(mandatePresentations.clientRef, actor.clientRef),
        eq(mandatePresentations.urn, presented.presentation.urn),
      ),
    );
  if (!row?.railDueAt || row.railDueAt.getTime() > now) return effects;
  const advanced = await advancePresentation(db, row, {
    railTimeScale: opts.railTimeScale,
    at: row.railDueAt,
  });
  return mergeEffects(effects, { ...advanced.effects, rail: [] });
}
