import { and, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { FlowSummary, PayoutStatus } from '@meridian/contract';
import { PAYOUT_STATUSES } from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { payouts } from '../db/schema.ts';
import { clientAccounts, toAccount } from '../ledger/ledger.ts';
import { dayIn, startOfDay } from '../lists/list-query.ts';
import { formatMoney } from '../lib/money.ts';
import { answerColumns, senderAccountNumber, toPayout } from './answer.ts';

/** The /flow home: balances, today's payouts by status, 7-day volume and the latest payouts. */
export async function flowSummary(
  db: Db,
  clientRef: number,
  timeZone: string,
): Promise<z.infer<typeof FlowSummary>> {
  const days = Array.from({ length: 7 }, (_, i) => dayIn(timeZone, i - 6));
  const from = startOfDay(days[0]!, timeZone);
  const todayStart = startOfDay(days[6]!, timeZone);
  const to = startOfDay(dayIn(timeZone, 1), timeZone);
  const inRange = (start: Date) =>
    and(eq(payouts.clientRef, clientRef), gte(payouts.createdAt, start), lt(payouts.createdAt, to));

  const [balances, byStatus, byDay, recent] = await Promise.all([
    clientAccounts(db, clientRef),
    db
      .select({
        status: payouts.status,
        n: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${payouts.amount})::text`,
      })
      .from(payouts)
      .where(inRange(todayStart))
      .groupBy(payouts.status),
    db
      .select({
        day: sql<string>`to_char(${payouts.createdAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${payouts.amount})::text`,
      })
      .from(payouts)
      // The volume is money that moved: a payout waiting for approval or rejected by it moved none.
      .where(and(inRange(from), notInArray(payouts.status, ['PENDING_APPROVAL', 'REJECTED'])))
      .groupBy(sql`1`),
    db
      .select({ ...answerColumns, senderAccountNumber })
      .from(payouts)
      .where(eq(payouts.clientRef, clientRef))
      .orderBy(desc(payouts.seq))
      .limit(5),
  ]);
  return {
    accounts: balances.map(toAccount),
    today: PAYOUT_STATUSES.map((status: PayoutStatus) => {
      const row = byStatus.find((r) => r.status === status);
      return { status, count: row?.n ?? 0, amount: formatMoney(BigInt(row?.amount ?? 0)) };
    }),
    volume: days.map((date) => {
      const row = byDay.find((r) => r.day === date);
      return { date, count: row?.n ?? 0, amount: formatMoney(BigInt(row?.amount ?? 0)) };
    }),
    recent: recent.map((r) => toPayout(r, r.senderAccountNumber)),
  };
}
