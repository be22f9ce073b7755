import { DEFAULT_TIME_ZONE, dayIn, startOfDay } from '../lists/list-query.ts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, settlementAccounts } from '../db/schema.ts';
import { systemActor } from '../audit/actor.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { registeredHolder } from '../rail/sandbox.ts';
import { setSettlementAccount } from '../settlements/account.ts';
import { ensureCycles } from '../settlements/cycles.ts';
import { invokeCycle } from '../settlements/service.ts';

/** Acme's settlement account: an ordinary sandbox account (no test ending), named as the bank has it. */
const ACME_SETTLEMENT = { account_number: '50100098760011', ifsc: 'HDFC0000001' };
const DAY = 86_400_000;

/**
 * Acme's settlements: a settlement account verified by penny drop (a week ago), the default cycles and, when the
 * virtual-account seed left money in virtual accounts, one settlement run now so the history is not empty (its
 * payouts go to the live rail). Idempotent: a client with a settlement account is left alone. Needs the flow
 * seed's funded current account (the penny drop's fee), so it runs only with the full demo flow.
 */
export async function seedDemoSettlements(
  db: Db,
  customers: { id: number; name: string }[],
  opts: { railTimeScale: number; full: boolean; now?: number },
): Promise<Effects> {
  const acme = customers.find((c) => c.name === 'Acme Retail');
  if (!acme || !opts.full) return noEffects();
  const [existing] = await db
    .select({ id: settlementAccounts.id })
    .from(settlementAccounts)
    .where(eq(settlementAccounts.clientRef, acme.id))
    .limit(1);
  if (existing) return noEffects();
  const now = opts.now ?? Date.now();
  const actor = systemActor(acme.id, 'demo-seed');
  const { effects } = await setSettlementAccount(
    db,
    actor,
    {
      ...ACME_SETTLEMENT,
      account_holder_name: registeredHolder(ACME_SETTLEMENT.account_number, ACME_SETTLEMENT.ifsc),
    },
    { at: new Date(now - 7 * DAY) },
  );
  const [daily] = await ensureCycles(db, acme.id, new Date(now));
  const [funded] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.clientRef, acme.id), eq(accounts.kind, 'virtual'), gt(accounts.balance, 0n)))
    .limit(1);
  if (!funded || !daily) return effects;
  // Swept up to the start of today (Asia/Kolkata), as the daily cycle would have: today's collections stay in the
  // virtual accounts, so the demo shows balances waiting for the next settlement.
  const today = startOfDay(dayIn(DEFAULT_TIME_ZONE, 0, now), DEFAULT_TIME_ZONE);
  const run = await invokeCycle(db, actor, daily.cycleId, { railTimeScale: opts.railTimeScale, now: today });
  return mergeEffects(effects, run.effects);
}
