import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database.ts';
import { accounts, payouts } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { clientAccountByNumber } from '../ledger/ledger.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { amountBounds } from '../lists/register-list.ts';
import { SEARCH_COLUMNS, seqInterval } from './queries.ts';

/**
 * The payouts report's reads: every payout of a range in pages by keyset on the per-client `seq` (descending,
 * newest first), never OFFSET; only the columns the report writes. Without a search or filter the count is the
 * range's seq interval (O(1)); with one, a count over the same condition.
 */
export type PayoutReportFilter = {
  clientRef: number;
  filter: Pick<ListFilter, 'from' | 'to' | 'search'>;
  status?: string | undefined;
  accountNumber?: string | undefined;
  transferType?: string | undefined;
  /** Rupees, both included (the list's amount filter). */
  amountMin?: string | undefined;
  amountMax?: string | undefined;
};

/**
 * A payout as the report reads it. Read raw (`queryRows`), not through drizzle's row mapping: for a million rows
 * drizzle's per-field decoding cost ~2 µs a row, a fifth of the CSV goal, so the page query answers only types
 * both drivers give as plain JS values — text, and float8 for the instants (epoch milliseconds) and the
 * account id (exact below 2^53) — and the writers format them (money from paise text, times from epoch ms).
 */
export type PayoutReportRow = {
  seq: string;
  urn: string;
  kind: string;
  customerReferenceNumber: string;
  bankReferenceNumber: string | null;
  beneficiaryCode: string;
  beneficiaryName: string;
  beneficiaryAccountNumber: string | null;
  ifsc: string | null;
  upiId: string | null;
  /** paise, as text */
  amount: string;
  transferType: string;
  purposeMessage: string;
  status: string;
  statusMessage: string | null;
  accountRef: number;
  senderAccountNumber: string;
  /** epoch milliseconds */
  createdAt: number;
  updatedAt: number;
};

const REPORT_SELECT = sql`
  ${payouts.seq}::text AS "seq", ${payouts.urn} AS "urn", ${payouts.kind} AS "kind",
  ${payouts.customerReferenceNumber} AS "customerReferenceNumber",
  ${payouts.bankReferenceNumber} AS "bankReferenceNumber", ${payouts.beneficiaryCode} AS "beneficiaryCode",
  ${payouts.beneficiaryName} AS "beneficiaryName",
  ${payouts.beneficiaryAccountNumber} AS "beneficiaryAccountNumber", ${payouts.ifsc} AS "ifsc",
  ${payouts.upiId} AS "upiId", ${payouts.amount}::text AS "amount", ${payouts.transferType} AS "transferType",
  ${payouts.purposeMessage} AS "purposeMessage", ${payouts.status} AS "status",
  ${payouts.statusMessage} AS "statusMessage", ${payouts.accountRef}::float8 AS "accountRef",
  (extract(epoch FROM ${payouts.createdAt}) * 1000)::float8 AS "createdAt",
  (extract(epoch FROM ${payouts.updatedAt}) * 1000)::float8 AS "updatedAt"`;

/** The condition beside the seq window: search, status, transfer type, amounts, sender account (one of the caller's: else 404). */
async function conditions(db: Db, f: PayoutReportFilter): Promise<{ where: SQL[]; narrowed: boolean }> {
  const where: SQL[] = [];
  if (f.filter.search) where.push(SEARCH_COLUMNS[f.filter.search.key]!(f.filter.search.value));
  if (f.status) where.push(eq(payouts.status, f.status));
  if (f.transferType) where.push(eq(payouts.transferType, f.transferType));
  const amount = amountBounds({ amount_min: f.amountMin, amount_max: f.amountMax }, 'amount');
  if (amount.min !== null) where.push(gte(payouts.amount, amount.min));
  if (amount.max !== null) where.push(lte(payouts.amount, amount.max));
  if (f.accountNumber) {
    const account = await clientAccountByNumber(db, f.clientRef, f.accountNumber);
    if (!account) throw notFound(`You have no current account ${f.accountNumber}`);
    where.push(eq(payouts.accountRef, account.id));
  }
  return { where, narrowed: where.length > 0 };
}

async function window(db: Db, f: PayoutReportFilter) {
  const [interval] = await seqInterval(db, f.clientRef, f.filter.from, f.filter.to);
  return interval?.first && interval.last
    ? { first: Number(interval.first), last: Number(interval.last) }
    : null;
}

export async function countPayoutReport(db: Db, f: PayoutReportFilter): Promise<number> {
  const range = await window(db, f);
  if (!range) return 0;
  const { where, narrowed } = await conditions(db, f);
  if (!narrowed) return range.last - range.first + 1;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(
      and(
        eq(payouts.clientRef, f.clientRef),
        gte(payouts.seq, range.first),
        lte(payouts.seq, range.last),
        ...where,
      ),
    );
  return row?.n ?? 0;
}

export async function* payoutReportPages(
  db: Db,
  f: PayoutReportFilter,
  pageSize: number,
): AsyncGenerator<PayoutReportRow[]> {
  const range = await window(db, f);
  if (!range) return;
  const { where } = await conditions(db, f);
  // The client's few accounts once, not a lookup per payout.
  const numbers = new Map(
    (
      await db
        .select({ id: accounts.id, number: accounts.accountNumber })
        .from(accounts)
        .where(eq(accounts.clientRef, f.clientRef))
    ).map((a) => [a.id, a.number]),
  );
  let below = range.last + 1;
  for (;;) {
    const rows = await queryRows<PayoutReportRow>(
      db,
      sql`SELECT ${REPORT_SELECT} FROM ${payouts} WHERE ${and(
        eq(payouts.clientRef, f.clientRef),
        gte(payouts.seq, range.first),
        lt(payouts.seq, below),
        ...where,
      )} ORDER BY ${payouts.seq} DESC LIMIT ${pageSize}`,
    );
    for (const r of rows) r.senderAccountNumber = numbers.get(r.accountRef) ?? '';
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    below = Number(rows[rows.length - 1]!.seq);
  }
}
