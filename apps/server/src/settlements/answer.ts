import { and, eq, type SQL } from 'drizzle-orm';
import type { Settlement } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { accounts, settlementAccounts, settlementCycles, settlements } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { notFound } from '../http/errors.ts';
import { formatMoney } from '../lib/money.ts';

type SettlementRow = typeof settlements.$inferSelect;

/** A settlement with the virtual account's number and the settlement account's (joins within the client). */
const settlementColumns = {
  s: settlements,
  cycleId: settlementCycles.cycleId,
  accountNumber: accounts.accountNumber,
  settlementAccountNumber: settlementAccounts.accountNumber,
};

/** Settlements with what their answers show; `extra` columns beside (a report's keyset cursor). */
export function selectSettlements<E extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: E) {
  return db
    .select({ ...settlementColumns, ...(extra ?? ({} as E)) })
    .from(settlements)
    .innerJoin(
      settlementCycles,
      and(
        eq(settlementCycles.clientRef, settlements.clientRef),
        eq(settlementCycles.id, settlements.cycleRef),
      ),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.clientRef, settlements.clientRef), eq(accounts.id, settlements.accountRef)),
    )
    .innerJoin(
      settlementAccounts,
      and(
        eq(settlementAccounts.clientRef, settlements.clientRef),
        eq(settlementAccounts.id, settlements.settlementAccountRef),
      ),
    )
    .$dynamic();
}

export const toSettlement = (r: {
  s: SettlementRow;
  cycleId: string;
  accountNumber: string;
  settlementAccountNumber: string;
}): Settlement => ({
  urn: r.s.urn,
  cycle_id: r.cycleId,
  type: r.s.type as Settlement['type'],
  trigger: r.s.trigger as Settlement['trigger'],
  window_start: r.s.windowStart.toISOString(),
  window_end: r.s.windowEnd.toISOString(),
  account_number: r.accountNumber,
  settlement_account_number: r.settlementAccountNumber,
  amount: formatMoney(r.s.amount),
  status: r.s.status as Settlement['status'],
  status_message: r.s.statusMessage,
  payout_urn: r.s.payoutUrn,
  bank_reference_number: r.s.bankReferenceNumber,
  attempts: r.s.attempts,
  livemode: livemodeOf(r.s.clientRef),
  created_at: r.s.createdAt.toISOString(),
  updated_at: r.s.updatedAt.toISOString(),
});

export async function settlementByUrn(db: Db, clientRef: number, urn: string): Promise<Settlement> {
  const [row] = await selectSettlements(db).where(
    and(eq(settlements.clientRef, clientRef), eq(settlements.urn, urn)),
  );
  if (!row) throw notFound(`No settlement with urn ${urn}`);
  return toSettlement(row);
}
