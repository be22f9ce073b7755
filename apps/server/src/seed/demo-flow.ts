import { and, eq } from 'drizzle-orm';
import type { TransferType } from '@meridian/contract';
import { createBeneficiary } from '../beneficiaries/service.ts';
import { handleCallbackRequest } from '../callbacks/configs.ts';
import type { Db } from '../db/database.ts';
import { demoAgo } from './demo-time.ts';
import { payouts } from '../db/schema.ts';
import { systemActor } from '../audit/actor.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { setFeatureFlags } from '../features/flags.ts';
import { clientAccounts, openClientAccount, SANDBOX_PROVIDER, topUp } from '../ledger/ledger.ts';
import { advancePayout, type PayoutTransitions } from '../payouts/advance.ts';
import { initiatePayout } from '../payouts/service.ts';
import { registeredHolder } from '../rail/sandbox.ts';
import { validateAccount } from '../validations/service.ts';

export type DemoBeneficiary = {
  code: string;
  type: TransferType;
  account?: string;
  ifsc?: string;
  upi?: string;
  name?: string;
};

const ACME_BENEFICIARIES: DemoBeneficiary[] = [
  { code: 'VENDOR-ALPHA', type: 'IMPS', account: '50100012345678', ifsc: 'HDFC0000001' },
  { code: 'VENDOR-BETA', type: 'NEFT', account: '000401234567', ifsc: 'ICIC0000001' },
  { code: 'SUPPLIER-RTGS', type: 'RTGS', account: '30000012345', ifsc: 'SBIN0000001' },
  { code: 'CLOSED-ACCOUNT', type: 'IMPS', account: '50100000000001', ifsc: 'HDFC0000001' },
  { code: 'RETURNED-ACCOUNT', type: 'IMPS', account: '917020000000004', ifsc: 'UTIB0000001' },
  { code: 'RIDER-UPI', type: 'UPI', upi: 'rider.payouts@okaxis', name: 'Ravi Kumar' },
];

const DAY = 86_400_000;
const RUPEE = 100n;

/** Acme's week of demo payouts: four a day over the last 7 days, numbered INV-0001… oldest first. */
const DEMO_PAYOUT_SLOTS = Array.from({ length: 28 }, (_, i) => ({
  n: i + 1,
  day: 6 - Math.floor(i / 4),
  k: i % 4,
}));
/** Today's last two payouts are left to the live rail. */
const isLive = (day: number, k: number) => day === 0 && k >= 2;

function demoPayout(n: number, day: number, k: number, senderAccount: string) {
  const b = ACME_BENEFICIARIES[(day * 4 + k) % ACME_BENEFICIARIES.length]!;
  const amount = b.type === 'RTGS' ? 250_000 + 1000 * k : 1500 + ((day * 7 + k * 13) % 40) * 250;
  return {
    customer_reference_number: `INV-${String(n).padStart(4, '0')}`,
    beneficiary_code: b.code,
    amount: `${amount}.00`,
    transfer_type: b.type,
    purpose_message: b.type === 'RTGS' ? 'Stock purchase' : 'Vendor invoice',
    sender_account_number: senderAccount,
  };
}

type DemoFlowOptions = {
  callbackBaseUrl: string;
  railTimeScale: number;
  full: boolean;
  /** With `full`: Acme's approval rules and the requests they hold (demo-approvals.ts); default on. */
  approvals?: boolean;
  now?: number;
  /** What other domains do when a payout moves (the rail's steps run here for the backdated week). */
  payoutTransitions: PayoutTransitions;
};
type DemoAccount = Awaited<ReturnType<typeof openClientAccount>>;
type DemoActor = ReturnType<typeof systemActor>;

/**
 * Demo money for the customer clients, made by the same service functions the API calls: accounts funded by
 * top-ups, beneficiaries, a week of payouts moved through the sandbox rail's own steps (backdated), penny
 * drops, and a callback URL on the sandbox receiver. Idempotent: a client that has an account is left alone.
 * Answers the work to start once jobs run (today's payouts still on the rail, callbacks).
 */
export async function seedDemoFlow(
  db: Db,
  clients: { id: number; name: string }[],
  opts: DemoFlowOptions,
): Promise<Effects> {
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const client of clients) {
    if ((await clientAccounts(db, client.id)).length) continue;
    const acme = client.name === 'Acme Retail';
    const account = await fundClient(db, client, acme, now);
    if (!acme || !opts.full) continue;
    const actor = systemActor(client.id, 'demo-seed');
    await seedPayees(db, actor, account, opts.callbackBaseUrl);
    effects = mergeEffects(effects, await seedWeekOfPayouts(db, actor, account, opts, now));
    effects = mergeEffects(effects, await seedPennyDrops(db, actor, now));
  }
  return effects;
}

/** The client's current account, funded by a top-up 8 days ago, and its payout features switched on. */
async function fundClient(db: Db, client: { id: number; name: string }, acme: boolean, now: number) {
  const account = await openClientAccount(db, client.id, `${client.name} current account`);
  await topUp(db, {
    clientRef: client.id,
    accountRef: account.id,
    amount: (acme ? 25_00_000n : 5_00_000n) * RUPEE,
    reference: `DEMO-FUNDING-${account.accountNumber}`,
    at: new Date(now - 8 * DAY),
  });
  await setFeatureFlags(db, client.id, { frontend_payout: true, bulk_frontend_payout: acme });
  return account;
}

/** Acme's payout callback URL on the sandbox receiver and its beneficiaries. */
async function seedPayees(db: Db, actor: DemoActor, account: DemoAccount, callbackBaseUrl: string) {
  await handleCallbackRequest(db, actor, {
    action: 'create',
    event_type: 'PAYOUT',
    url: `${callbackBaseUrl}/payouts`,
    http_method: 'POST',
    is_active: true,
  });
  for (const b of ACME_BENEFICIARIES) await addDemoBeneficiary(db, actor, b, account.accountNumber);
}

/** A demo beneficiary paid from `senderAccount`, named as the sandbox bank has its account (or as given). */
export async function addDemoBeneficiary(
  db: Db,
  actor: DemoActor,
  b: DemoBeneficiary,
  senderAccount: string,
): Promise<void> {
  await createBeneficiary(
    db,
    actor,
    {
      beneficiary_code: b.code,
      beneficiary_name: b.name ?? registeredHolder(b.account!, b.ifsc!),
      beneficiary_email: `${b.code.toLowerCase()}@example.com`,
      beneficiary_mobile: '9876543210',
      provider: SANDBOX_PROVIDER.provider,
      provider_code: SANDBOX_PROVIDER.providerCode,
      transfer_type: b.type,
      sender_account_number: senderAccount,
      beneficiary_account_number: b.account ?? '',
      ifsc_code: b.ifsc ?? '',
      beneficiary_upi_id: b.upi ?? '',
    },
    // Established payees of the demo: no cooling-off (a beneficiary added from the dashboard gets one).
    { coolingOff: false },
  );
}

/**
 * A week of payouts: a few a day, oldest first, moved by the rail at the times they were due. Today's last ones
 * are made live by seedDemoLivePayouts, after every other demo payout.
 */
async function seedWeekOfPayouts(
  db: Db,
  actor: DemoActor,
  account: DemoAccount,
  opts: DemoFlowOptions,
  now: number,
): Promise<Effects> {
  let effects = noEffects();
  for (const { n, day, k } of DEMO_PAYOUT_SLOTS) {
    if (isLive(day, k)) continue;
    const at = demoAgo(now, day * DAY + (10 - 2 * k) * 3600_000, n);
    const input = demoPayout(n, day, k, account.accountNumber);
    effects = mergeEffects(effects, await payoutMovedTillNow(db, actor, input, { ...opts, at, now }));
  }
  return effects;
}

/**
 * A payout created at `at` (backdated) whose rail steps due by `now` are run at the times they were due; answers
 * its other effects (a step due later is found overdue by the minute sweeper).
 */
export async function payoutMovedTillNow(
  db: Db,
  actor: DemoActor,
  input: Parameters<typeof initiatePayout>[2],
  opts: { railTimeScale: number; payoutTransitions: PayoutTransitions; at: Date; now: number },
): Promise<Effects> {
  const created = await db.transaction((tx) =>
    initiatePayout(tx, actor, input, { railTimeScale: opts.railTimeScale, at: opts.at }),
  );
  let effects: Effects = { ...created.effects, rail: [] };
  // Run the rail's own steps at the times they were due.
  for (let step = 0; step < 2; step++) {
    const [row] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.clientRef, actor.clientRef), eq(payouts.urn, created.payout.urn)));
    if (!row?.railDueAt || row.railDueAt.getTime() > opts.now) break;
    const advanced = await advancePayout(db, row, {
      railTimeScale: opts.railTimeScale,
      at: row.railDueAt,
      transitions: opts.payoutTransitions,
    });
    effects = mergeEffects(effects, { ...advanced.effects, rail: [] });
  }
  return effects;
}

/** Four penny drops of Acme's, one a day from five days ago, each with the name to match. */
async function seedPennyDrops(db: Db, actor: DemoActor, now: number): Promise<Effects> {
  const checks = [
    {
      account: '50100012345678',
      ifsc: 'HDFC0000001',
      name: registeredHolder('50100012345678', 'HDFC0000001'),
    },
    { account: '000401234567', ifsc: 'ICIC0000001', name: 'Beta Traders' },
    { account: '50100000000001', ifsc: 'HDFC0000001', name: 'Closed Account Holder' },
    { account: '60200000000005', ifsc: 'KKBK0000131', name: 'Kiran Stores' },
  ];
  let effects = noEffects();
  for (const [i, c] of checks.entries()) {
    const done = await db.transaction((tx) =>
      validateAccount(
        tx,
        actor,
        {
          beneficiary_account_number: c.account,
          ifsc_code: c.ifsc,
          beneficiary_name: c.name,
          customer_reference_number: `KYC-${i + 1}`,
        },
        { at: new Date(now - (5 - i) * DAY) },
      ),
    );
    effects = mergeEffects(effects, done.effects);
  }
  return effects;
}

/**
 * Acme's last two payouts of today, created now and left to the live rail (an RTGS success and a payout to a
 * closed account, reversed). The demo seed calls this after every other step that creates payouts: payouts are
 * numbered in time order, so nothing backdated may come after these. Idempotent by their references.
 */
export async function seedDemoLivePayouts(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { railTimeScale: number; full: boolean },
): Promise<Effects> {
  const acme = clients.find((c) => c.name === 'Acme Retail');
  if (!acme || !opts.full) return noEffects();
  const [account] = await clientAccounts(db, acme.id);
  if (!account) return noEffects();
  const actor = systemActor(acme.id, 'demo-seed');
  let effects = noEffects();
  for (const { n, day, k } of DEMO_PAYOUT_SLOTS) {
    if (!isLive(day, k)) continue;
    const input = demoPayout(n, day, k, account.accountNumber);
    const [done] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          eq(payouts.clientRef, acme.id),
          eq(payouts.customerReferenceNumber, input.customer_reference_number),
        ),
      );
    if (done) continue;
    const created = await db.transaction((tx) =>
      initiatePayout(tx, actor, input, { railTimeScale: opts.railTimeScale }),
    );
    effects = mergeEffects(effects, created.effects);
  }
  return effects;
}
