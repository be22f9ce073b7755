import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, payouts } from '../db/schema.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { toPayout } from './service.ts';

/**
 * Payout lists without scanning: each client's payouts are numbered 1, 2, 3… (`seq`) in creation order, and
 * created_at never decreases in seq. A date range is therefore a contiguous seq interval [first, last], found with
 * two index probes; its count is last − first + 1 and the page at any offset starts at seq last − offset. Page
 * and count cost O(log n) whatever the offset or the number of rows. Searches (one exact key) use their own
 * indexes and are small.
 */
const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(payouts.urn, v),
  bank_reference_number: (v) => eq(payouts.bankReferenceNumber, v),
  customer_reference_number: (v) => eq(payouts.customerReferenceNumber, v),
};

type Scope = { clientRef: number; filter: ListFilter };

function searchWhere({ clientRef, filter }: Scope): SQL | undefined {
  return and(
    eq(payouts.clientRef, clientRef),
    gte(payouts.createdAt, filter.from),
    lt(payouts.createdAt, filter.to),
    SEARCH_COLUMNS[filter.search!.key]!(filter.search!.value),
  );
}

/** The seq interval of a client's payouts created in [from, to), or null when there are none. */
export async function seqInterval(db: Db, clientRef: number, from: Date, to: Date) {
  const inRange = and(
    eq(payouts.clientRef, clientRef),
    gte(payouts.createdAt, from),
    lt(payouts.createdAt, to),
  );
  const [first] = await db
    .select({ seq: payouts.seq })
    .from(payouts)
    .where(inRange)
    .orderBy(payouts.createdAt, payouts.seq)
    .limit(1);
  if (!first) return null;
  const [last] = await db
    .select({ seq: payouts.seq })
    .from(payouts)
    .where(inRange)
    .orderBy(desc(payouts.createdAt), desc(payouts.seq))
    .limit(1);
  return { first: first.seq, last: last!.seq };
}

const columns = { payout: payouts, senderAccountNumber: accounts.accountNumber };

export async function listPayouts(db: Db, scope: Scope) {
  const { clientRef, filter } = scope;
  const query = db.select(columns).from(payouts).innerJoin(accounts, eq(accounts.id, payouts.accountRef));
  let rows;
  if (filter.search) {
    rows = await query
      .where(searchWhere(scope))
      .orderBy(desc(payouts.seq))
      .limit(filter.limit)
      .offset(filter.offset);
  } else {
    const interval = await seqInterval(db, clientRef, filter.from, filter.to);
    const top = interval ? interval.last - filter.offset : 0;
    if (!interval || top < interval.first) return [];
    rows = await query
      .where(and(eq(payouts.clientRef, clientRef), lte(payouts.seq, top), gte(payouts.seq, interval.first)))
      .orderBy(desc(payouts.seq))
      .limit(filter.limit);
  }
  return rows.map((r) => toPayout(r.payout, r.senderAccountNumber));
}

export async function countPayouts(db: Db, scope: Scope): Promise<number> {
  if (scope.filter.search) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(searchWhere(scope));
    return row?.n ?? 0;
  }
  const interval = await seqInterval(db, scope.clientRef, scope.filter.from, scope.filter.to);
  return interval ? interval.last - interval.first + 1 : 0;
}
