import { and, eq, sql } from 'drizzle-orm';
import type { CommissionBalance } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { ledgerPostings } from '../db/schema.ts';
import { dayIn, startOfDay } from '../lists/list-query.ts';
import { formatMoney } from '../lib/money.ts';
import { SYSTEM_ACCOUNTS } from './ledger.ts';

/**
 * Fees Meridian earned from a client: the FEE_INCOME legs of the client's entries (a fee credits FEE_INCOME, a
 * refunded fee would debit it), net; ever, today and this month in `timeZone`.
 */
export async function commissionBalance(
  db: Db,
  clientRef: number,
  timeZone: string,
): Promise<CommissionBalance> {
  const today = dayIn(timeZone);
  const dayStart = startOfDay(today, timeZone);
  const monthStart = startOfDay(`${today.slice(0, 8)}01`, timeZone);
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text`,
      today: sql<string>`coalesce(sum(${ledgerPostings.amount}) FILTER (WHERE ${ledgerPostings.createdAt} >= ${dayStart.toISOString()}::timestamptz), 0)::text`,
      month: sql<string>`coalesce(sum(${ledgerPostings.amount}) FILTER (WHERE ${ledgerPostings.createdAt} >= ${monthStart.toISOString()}::timestamptz), 0)::text`,
    })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.clientRef, clientRef),
        eq(ledgerPostings.systemAccount, SYSTEM_ACCOUNTS.feeIncome.code),
      ),
    );
  return {
    commission_balance: formatMoney(BigInt(row?.total ?? '0')),
    today: formatMoney(BigInt(row?.today ?? '0')),
    this_month: formatMoney(BigInt(row?.month ?? '0')),
    currency: 'INR',
  };
}
