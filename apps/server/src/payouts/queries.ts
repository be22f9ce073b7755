import { and, desc, eq, gte, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { payouts } from '../db/schema.ts';
import type { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { amountBounds, type FilterParams, type ListScope } from '../lists/register-list.ts';
import { answerColumns, senderAccountNumber, toPayout } from './answer.ts';

/**
 * Payout lists without scanning: each client's payouts are numbered 1, 2, 3… (`seq`) in creation order, and
 * created_at never decreases in seq. A date range is therefore a contiguous seq interval [first, last], found with
 * two index probes; its count is last − first + 1 and the page at any offset starts at seq last − offset. Page
 * and count cost O(log n) whatever the offset or the number of rows. Searches (one exact key) use their own
 * indexes and are small; the filters (status, transfer type, amount) read the client's rows of the range.
 *
 * SEARCH_COLUMNS: a search key of PAYOUTS_LIST (without the provider prefix) → its condition, for the list and
 * its report.
 */
export const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(payouts.urn, v),
  bank_reference_number: (v) => eq(payouts.bankReferenceNumber, v),
  customer_reference_number: (v) => eq(payouts.customerReferenceNumber, v),
};

/** The list's scope: its filter and the definition's filters (status, transfer type, amount range in rupees). */
type Scope = ListScope<FilterParams<typeof PAYOUTS_LIST>>;

/**
 * The conditions of a search or a filtered list beside the client and the range; none for the plain range,
 * which the seq interval answers without a scan.
 */
function filterConditions({ filter, params }: Scope): SQL[] {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(SEARCH_COLUMNS[filter.search.key]!(filter.search.value));
  if (params.status) conditions.push(eq(payouts.status, params.status));
  if (params.transfer_type) conditions.push(eq(payouts.transferType, params.transfer_type));
  const amount = amountBounds(params, 'amount');
  if (amount.min !== null) conditions.push(gte(payouts.amount, amount.min));
  if (amount.max !== null) conditions.push(lte(payouts.amount, amount.max));
  return conditions;
}

function filteredWhere(scope: Scope, conditions: SQL[]): SQL | undefined {
  return and(
    eq(payouts.clientRef, scope.clientRef),
    gte(payouts.createdAt, scope.filter.from),
    lt(payouts.createdAt, scope.filter.to),
    ...conditions,
  );
}

/** What a list reads of a payout: the columns of its answer and its sender account's number. */
const columns = { ...answerColumns, senderAccountNumber };

/** A value of a statement: given, or a placeholder that each execution of the prepared statement fills. */
type Bound<T> = T | Placeholder;

/** The first or last seq of a client's payouts created in [from, to): one index probe. */
function probe(
  db: Db,
  clientRef: Bound<number>,
  from: Bound<Date>,
  to: Bound<Date>,
  which: 'first' | 'last',
) {
  return db
    .select({ seq: payouts.seq })
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .orderBy(
      ...(which === 'first'
        ? [payouts.createdAt, payouts.seq]
        : [desc(payouts.createdAt), desc(payouts.seq)]),
    )
    .limit(1);
}

/** Both ends of the range's seq interval in one statement (two scalar subqueries, one round trip). */
export function seqIntervalQuery(db: Db, clientRef: Bound<number>, from: Bound<Date>, to: Bound<Date>) {
  return db
    .select({
      first: sql<string | null>`(${probe(db, clientRef, from, to, 'first')})`,
      last: sql<string | null>`(${probe(db, clientRef, from, to, 'last')})`,
    })
    .from(sql`(values (1)) as one`);
}

type PageBounds = { from: Bound<Date>; to: Bound<Date>; offset: Bound<number>; limit: Bound<number> };

/**
 * One page of the range without a search, in one statement: the probes run once as InitPlans, then the page is
 * read backwards on (client_ref, seq) from seq = last − offset.
 */
export function payoutPageQuery(db: Db, clientRef: Bound<number>, filter: PageBounds) {
  const first = probe(db, clientRef, filter.from, filter.to, 'first');
  const last = probe(db, clientRef, filter.from, filter.to, 'last');
  return db
    .select(columns)
    .from(payouts)
    .where(
      and(
        eq(payouts.clientRef, clientRef),
        lte(payouts.seq, sql`(${last}) - ${filter.offset}`),
        gte(payouts.seq, sql`(${first})`),
      ),
    )
    .orderBy(desc(payouts.seq))
    .limit(filter.limit);
}

/** The plain range's page and interval, prepared once (the dashboard's default view of the list). */
const placeholders = {
  clientRef: sql.placeholder('clientRef'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
};
const pageStatement = prepared('payouts_page', (db) =>
  payoutPageQuery(db, placeholders.clientRef, placeholders),
);
const intervalStatement = prepared('payouts_seq_interval', (db) =>
  seqIntervalQuery(db, placeholders.clientRef, placeholders.from, placeholders.to),
);

/** The seq interval of a client's payouts created in [from, to) (both null when there are none). */
export const seqInterval = (db: Db, clientRef: number, from: Date, to: Date) =>
  intervalStatement(db, { clientRef, from, to });

export async function listPayouts(db: Db, scope: Scope) {
  const { clientRef, filter } = scope;
  const conditions = filterConditions(scope);
  const rows = conditions.length
    ? await db
        .select(columns)
        .from(payouts)
        .where(filteredWhere(scope, conditions))
        .orderBy(desc(payouts.seq))
        .limit(filter.limit)
        .offset(filter.offset)
    : await pageStatement(db, {
        clientRef,
        from: filter.from,
        to: filter.to,
        offset: filter.offset,
        limit: filter.limit,
      });
  return rows.map((r) => toPayout(r, r.senderAccountNumber));
}

export async function countPayouts(db: Db, scope: Scope): Promise<number> {
  const conditions = filterConditions(scope);
  if (conditions.length) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(filteredWhere(scope, conditions));
    return row?.n ?? 0;
  }
  const [interval] = await seqInterval(db, scope.clientRef, scope.filter.from, scope.filter.to);
  if (!interval?.first || !interval.last) return 0;
  return Number(interval.last) - Number(interval.first) + 1;
}
