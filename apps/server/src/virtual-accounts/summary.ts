import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AccountsSummary } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { accounts, settlementCycles, virtualAccountCredits, virtualAccounts } from '../db/schema.ts';
import { dayIn, startOfDay } from '../lists/list-query.ts';
import { formatMoney } from '../lib/money.ts';
import { recentCredits } from './queries.ts';

/**
 * The `/accounts` home: CREDITED collections today and in the last 7 days including today (in `timeZone`), the
 * balances of current and virtual accounts, virtual-account counts, the next settlement (the enabled cycle that
 * runs first; its estimate is what the virtual accounts hold now) and the 10 most recent credits.
 */
export async function accountsSummary(db: Db, clientRef: number, timeZone: string): Promise<AccountsSummary> {
  const today = startOfDay(dayIn(timeZone), timeZone);
  const weekStart = startOfDay(dayIn(timeZone, -6), timeZone);
  const [collections] = await db
    .select({
      todayN: sql<number>`(count(*) FILTER (WHERE ${virtualAccountCredits.createdAt} >= ${today.toISOString()}::timestamptz))::int`,
      todaySum: sql<string>`coalesce(sum(${virtualAccountCredits.amount}) FILTER (WHERE ${virtualAccountCredits.createdAt} >= ${today.toISOString()}::timestamptz), 0)::text`,
      weekN: sql<number>`count(*)::int`,
      weekSum: sql<string>`coalesce(sum(${virtualAccountCredits.amount}), 0)::text`,
    })
    .from(virtualAccountCredits)
    .where(
      and(
        eq(virtualAccountCredits.clientRef, clientRef),
        eq(virtualAccountCredits.status, 'CREDITED'),
        gte(virtualAccountCredits.createdAt, weekStart),
      ),
    );
  const [balances] = await db
    .select({
      total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text`,
      virtual: sql<string>`coalesce(sum(${accounts.balance}) FILTER (WHERE ${accounts.kind} = 'virtual'), 0)::text`,
    })
    .from(accounts)
    .where(and(eq(accounts.clientRef, clientRef), inArray(accounts.kind, ['client_current', 'virtual'])));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) FILTER (WHERE ${virtualAccounts.status} = 'ACTIVE'
        AND (${virtualAccounts.expiresAt} IS NULL OR ${virtualAccounts.expiresAt} > now())))::int`,
    })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.clientRef, clientRef));
  const [cycle] = await db
    .select()
    .from(settlementCycles)
    .where(
      and(
        eq(settlementCycles.clientRef, clientRef),
        eq(settlementCycles.enabled, true),
        isNotNull(settlementCycles.nextRunAt),
      ),
    )
    .orderBy(asc(settlementCycles.nextRunAt))
    .limit(1);
  const vaBalance = formatMoney(BigInt(balances?.virtual ?? '0'));
  return {
    collections_today: {
      count: collections?.todayN ?? 0,
      amount: formatMoney(BigInt(collections?.todaySum ?? '0')),
    },
    collections_week: {
      count: collections?.weekN ?? 0,
      amount: formatMoney(BigInt(collections?.weekSum ?? '0')),
    },
    total_balance: formatMoney(BigInt(balances?.total ?? '0')),
    virtual_accounts: { active: counts?.active ?? 0, total: counts?.total ?? 0, balance: vaBalance },
    next_settlement: cycle
      ? {
          cycle_id: cycle.cycleId,
          name: cycle.name,
          at: cycle.nextRunAt!.toISOString(),
          estimated_amount: vaBalance,
        }
      : null,
    recent_credits: await recentCredits(db, clientRef, 10),
  };
}
