import { eq } from 'drizzle-orm';
import { createApiKeyWith } from '../api-keys/service.ts';
import { systemActor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { apiKeys } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { sha256 } from '../lib/ids.ts';
import { clientAccounts, openClientAccount, topUp } from '../ledger/ledger.ts';
import type { PayoutTransitions } from '../payouts/advance.ts';
import { initiatePayout } from '../payouts/service.ts';
import { demoAgo } from './demo-time.ts';
import { addDemoBeneficiary, payoutMovedTillNow, type DemoBeneficiary } from './demo-flow.ts';

const DAY = 86_400_000;
const RUPEE = 100n;

/**
 * Acme Retail's test-mode API key, made by the seed with a fixed secret that the README prints (a test key moves
 * no real money): HTTP Basic `key_id:key_secret`.
 */
export const DEMO_TEST_KEY = {
  name: 'Demo test key',
  keyId: 'key_DEMOTESTACMERETAIL',
  secret: 'mk_test_MeridianDemoTestKeyForAcmeRetail2026',
} as const;

/** A test payout of the demo: made `ago` ms before the seed ran (and moved by the rail till then), or now. */
type DemoTestPayout = { crn: string; code: string; rupees: number; ago: number | null };
type DemoTestMode = { funds: bigint; beneficiaries: DemoBeneficiary[]; payouts: DemoTestPayout[] };

/**
 * What each company's test mode starts with, on the sandbox's test accounts (docs/using/flow.md): Acme pays a slow
 * account (PENDING for 5 minutes, then SUCCESS) and a closed one (FAILURE, reversed); its last payout is made now,
 * so it is still pending when the demo opens. Initech, just signed up, tried one payout.
 */
const TEST_MODE_DEMOS: Record<string, DemoTestMode> = {
  'Acme Retail': {
    funds: 10_00_000n,
    beneficiaries: [
      { code: 'TEST-VENDOR', type: 'IMPS', account: '50100077770003', ifsc: 'HDFC0000001' },
      { code: 'TEST-CLOSED', type: 'IMPS', account: '50100077770001', ifsc: 'HDFC0000001' },
    ],
    payouts: [
      { crn: 'TEST-0001', code: 'TEST-VENDOR', rupees: 12_500, ago: 2 * DAY },
      { crn: 'TEST-0002', code: 'TEST-CLOSED', rupees: 4_000, ago: DAY },
      { crn: 'TEST-0003', code: 'TEST-VENDOR', rupees: 7_250, ago: null },
    ],
  },
  Initech: {
    funds: 1_00_000n,
    beneficiaries: [{ code: 'FIRST-VENDOR', type: 'IMPS', account: '60200012340008', ifsc: 'KKBK0000131' }],
    payouts: [{ crn: 'TEST-0001', code: 'FIRST-VENDOR', rupees: 2_000, ago: 3 * 3600_000 }],
  },
};

type TestModeOptions = { railTimeScale: number; payoutTransitions: PayoutTransitions; now?: number };

/**
 * The demo's test-mode data, made by the same functions as live data (the ledger's top-up, beneficiaries, payouts
 * moved by the rail's own steps, an API key) in each company's test tenant: see TEST_MODE_DEMOS, and Acme's
 * DEMO_TEST_KEY. Idempotent: a test mode that has a current account keeps its data; the key is made once (by id).
 * Answers the work to start once jobs run (the payout made now, still on the rail).
 */
export async function seedDemoTestMode(
  db: Db,
  testModes: { testRef: number; name: string }[],
  opts: TestModeOptions,
): Promise<Effects> {
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const { testRef, name } of testModes) {
    const demo = TEST_MODE_DEMOS[name];
    if (!demo) continue;
    const actor = systemActor(testRef, 'demo-seed');
    if (name === 'Acme Retail') await ensureDemoTestKey(db, actor);
    if ((await clientAccounts(db, testRef)).length) continue;
    const account = await openClientAccount(db, testRef, 'Test current account');
    await topUp(db, {
      clientRef: testRef,
      accountRef: account.id,
      amount: demo.funds * RUPEE,
      reference: `DEMO-TEST-FUNDING-${account.accountNumber}`,
      at: new Date(now - 3 * DAY),
    });
    for (const b of demo.beneficiaries) await addDemoBeneficiary(db, actor, b, account.accountNumber);
    for (const p of demo.payouts) {
      const input = {
        customer_reference_number: p.crn,
        beneficiary_code: p.code,
        amount: `${p.rupees}.00`,
        transfer_type: 'IMPS' as const,
        purpose_message: 'Test payout',
        sender_account_number: account.accountNumber,
      };
      const made =
        p.ago === null
          ? (
              await db.transaction((tx) =>
                initiatePayout(tx, actor, input, { railTimeScale: opts.railTimeScale }),
              )
            ).effects
          : await payoutMovedTillNow(db, actor, input, { ...opts, at: demoAgo(now, p.ago), now });
      effects = mergeEffects(effects, made);
    }
  }
  return effects;
}

/** Acme's test key with its fixed secret, unless a key with its id exists (even revoked: it is never remade). */
async function ensureDemoTestKey(db: Db, actor: ReturnType<typeof systemActor>): Promise<void> {
  const [existing] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.keyId, DEMO_TEST_KEY.keyId));
  if (existing) return;
  await createApiKeyWith(
    db,
    actor,
    { name: DEMO_TEST_KEY.name },
    { keyId: DEMO_TEST_KEY.keyId, secretHash: sha256(DEMO_TEST_KEY.secret) },
  );
}
