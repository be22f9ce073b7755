import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type {
  BULK_LINE_ITEMS_LIST,
  BULK_PAYOUTS_LIST,
  Bulk,
  BulkLineItem,
  BulkLineStatus,
} from '@meridian/contract/bulk';
import type { TransferType } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, bulkLineItems, bulks, payouts } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { formatMoney } from '../lib/money.ts';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { bulkByUrn, bulkSelection, bulkStatusSql, toBulk } from './answer.ts';

type BulkScope = ListScope<FilterParams<typeof BULK_PAYOUTS_LIST>>;

/** A client's bulks created in the filter's days, newest first (index (client_ref, created_at, id)). */
function bulkWhere({ clientRef, filter, params }: BulkScope): SQL | undefined {
  return and(
    eq(bulks.clientRef, clientRef),
    gte(bulks.createdAt, filter.from),
    lt(bulks.createdAt, filter.to),
    filter.search?.key === 'urn' ? eq(bulks.urn, filter.search.value) : undefined,
    params.status ? sql`${bulkStatusSql} = ${params.status}` : undefined,
  );
}

export async function listBulks(db: Db, scope: BulkScope): Promise<Bulk[]> {
  const rows = await db
    .select(bulkSelection)
    .from(bulks)
    .innerJoin(accounts, withinClient(accounts, bulks.clientRef, bulks.accountRef))
    .where(bulkWhere(scope))
    .orderBy(desc(bulks.createdAt), desc(bulks.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(toBulk);
}

export async function countBulks(db: Db, scope: BulkScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bulks)
    .where(bulkWhere(scope));
  return row?.n ?? 0;
}

type LineScope = ListScope<{ bulk_urn: string } & FilterParams<typeof BULK_LINE_ITEMS_LIST>>;

/** A row's status as answered: its own until it has a payout, then its payout's. */
const lineStatus = sql<BulkLineStatus>`CASE
  WHEN ${bulkLineItems.status} <> 'PROCESSED' THEN ${bulkLineItems.status}
  WHEN ${payouts.status} = 'PENDING' THEN 'PROCESSING'
  WHEN ${payouts.status} = 'SUCCESS' THEN 'SUCCESS'
  ELSE 'FAILURE' END`;

function statusWhere(given: string | undefined): SQL | undefined {
  const status = given as BulkLineStatus | undefined;
  switch (status) {
    case undefined:
      return undefined;
    case 'PENDING':
    case 'REJECTED':
      return eq(bulkLineItems.status, status);
    case 'PROCESSING':
      return eq(payouts.status, 'PENDING');
    case 'SUCCESS':
      return eq(payouts.status, 'SUCCESS');
    case 'FAILURE':
      return sql`${payouts.status} IN ('FAILURE', 'RETURNED')`;
  }
}

/**
 * One bulk's rows in row order (the bulk by urn: 404 when it is not the caller's). The date range does not apply:
 * a bulk's rows are all of its rows. `{product}_urn` searches the rows' payout urns.
 */
async function lineWhere(db: Db, { clientRef, filter, params }: LineScope) {
  const bulk = await bulkByUrn(db, clientRef, params.bulk_urn);
  const where = and(
    eq(bulkLineItems.clientRef, clientRef),
    eq(bulkLineItems.bulkRef, bulk.id),
    filter.search?.key === 'urn' ? eq(payouts.urn, filter.search.value) : undefined,
    filter.search?.key === 'bank_reference_number'
      ? eq(payouts.bankReferenceNumber, filter.search.value)
      : undefined,
    statusWhere(params.status),
  );
  return { bulk, where };
}

const lineSelection = {
  item: bulkLineItems,
  status: lineStatus,
  payoutUrn: payouts.urn,
  utr: payouts.bankReferenceNumber,
  payoutMessage: payouts.statusMessage,
};
type LineSelected = {
  item: typeof bulkLineItems.$inferSelect;
  status: BulkLineStatus;
  payoutUrn: string | null;
  utr: string | null;
  payoutMessage: string | null;
};

export const toLineItem = (bulkUrn: string, r: LineSelected): BulkLineItem => ({
  bulk_urn: bulkUrn,
  row: r.item.row,
  customer_reference_number: r.item.customerReferenceNumber,
  beneficiary_code: r.item.beneficiaryCode,
  beneficiary_name: r.item.beneficiaryName,
  beneficiary_account_number: r.item.beneficiaryAccountNumber,
  ifsc_code: r.item.ifsc,
  amount: formatMoney(r.item.amount),
  transfer_type: r.item.transferType as TransferType,
  purpose_message: r.item.purposeMessage,
  status: r.status,
  payout_urn: r.payoutUrn,
  bank_reference_number: r.utr,
  failure_reason: r.item.failureReason ?? (r.status === 'FAILURE' ? r.payoutMessage : null),
  updated_at: r.item.updatedAt.toISOString(),
  livemode: livemodeOf(r.item.clientRef),
});

const payoutOfLine = withinClient(payouts, bulkLineItems.clientRef, bulkLineItems.payoutRef);

export async function listLineItems(db: Db, scope: LineScope): Promise<BulkLineItem[]> {
  const { bulk, where } = await lineWhere(db, scope);
  const rows = await db
    .select(lineSelection)
    .from(bulkLineItems)
    .leftJoin(payouts, payoutOfLine)
    .where(where)
    .orderBy(asc(bulkLineItems.row))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toLineItem(bulk.urn, r));
}

export async function countLineItems(db: Db, scope: LineScope): Promise<number> {
  const { where } = await lineWhere(db, scope);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bulkLineItems)
    .leftJoin(payouts, payoutOfLine)
    .where(where);
  return row?.n ?? 0;
}

/** Every row of a bulk in row order, a page at a time (the response file). */
export async function* allLineItems(db: Db, clientRef: number, bulkUrn: string, page = 1000) {
  const bulk = await bulkByUrn(db, clientRef, bulkUrn);
  for (let after = 0; ;) {
    const rows = await db
      .select(lineSelection)
      .from(bulkLineItems)
      .leftJoin(payouts, payoutOfLine)
      .where(
        and(
          eq(bulkLineItems.clientRef, clientRef),
          eq(bulkLineItems.bulkRef, bulk.id),
          sql`${bulkLineItems.row} > ${after}`,
        ),
      )
      .orderBy(asc(bulkLineItems.row))
      .limit(page);
    for (const r of rows) yield toLineItem(bulk.urn, r);
    if (rows.length < page) return;
    after = rows.at(-1)!.item.row;
  }
}
