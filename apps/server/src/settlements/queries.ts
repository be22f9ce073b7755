import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Settlement, SETTLEMENTS_LIST } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { settlements } from '../db/schema.ts';
import { amountBounds, type FilterParams, type ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { selectSettlements, toSettlement } from './answer.ts';

/** The history's filters beside the date range and search (SETTLEMENTS_LIST): a status, a cycle type, an amount range in rupees. */
export type HistoryParams = FilterParams<typeof SETTLEMENTS_LIST>;

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(settlements.urn, v),
  bank_reference_number: (v) => eq(settlements.bankReferenceNumber, v),
};

/** The client's settlements created in the range (index settlements_client_created_idx), filtered. */
function where({ clientRef, filter, params }: ListScope<HistoryParams>): SQL | undefined {
  const amount = amountBounds(params, 'amount');
  return and(
    eq(settlements.clientRef, clientRef),
    gte(settlements.createdAt, filter.from),
    lt(settlements.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(settlements.status, params.status as Settlement['status']) : undefined,
    params.type ? eq(settlements.type, params.type as Settlement['type']) : undefined,
    amount.min !== null ? gte(settlements.amount, amount.min) : undefined,
    amount.max !== null ? lte(settlements.amount, amount.max) : undefined,
  );
}

export async function listSettlements(db: Db, scope: ListScope<HistoryParams>): Promise<Settlement[]> {
  const rows = await selectSettlements(db)
    .where(where(scope))
    .orderBy(desc(settlements.createdAt), desc(settlements.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(toSettlement);
}

export async function countSettlements(db: Db, scope: ListScope<HistoryParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(settlements)
    .where(where(scope));
  return row?.n ?? 0;
}

/** Every settlement of the history's filter in keyset pages (the commission-settlement report). */
export function settlementReportPages(db: Db, scope: ListScope<HistoryParams>, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await selectSettlements(db, cursorColumns(settlements.createdAt, settlements.id))
      .where(and(where(scope), afterCursor(settlements.createdAt, settlements.id, cursor)))
      .orderBy(desc(settlements.createdAt), desc(settlements.id))
      .limit(limit);
    return rows.map((r) => ({ ...toSettlement(r), cursorAt: r.cursorAt, cursorId: r.cursorId }));
  });
}
