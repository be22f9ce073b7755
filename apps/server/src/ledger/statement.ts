import { and, desc, eq, gte, isNotNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Transaction, TransactionCategory } from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, ledgerEntries, ledgerPostings } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { amountBounds } from '../lists/register-list.ts';
import { formatMoney } from '../lib/money.ts';

/**
 * The account statement: every posting on the client's own accounts (not the system legs of its entries), with
 * the balance after it. Joins stay within the client (client_ref on both sides).
 */
const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  transaction_id: (v) => eq(ledgerEntries.entryId, v),
  bank_reference_number: (v) => eq(ledgerEntries.bankReferenceNumber, v),
  customer_reference_number: (v) => eq(ledgerEntries.customerReferenceNumber, v),
};

/**
 * The client's postings in the filter's range; with `accountRef`, only that account's (one account's
 * transactions, on the `(client_ref, account_ref, created_at)` index). `searchMode: 'contains'` matches the search
 * value as a case-insensitive substring (account transactions) instead of exactly.
 */
export type StatementScope = {
  clientRef: number;
  filter: ListFilter;
  accountRef?: number;
  searchMode?: 'exact' | 'contains';
  /** TRANSACTIONS_LIST's filters: credit or debit, the entry's category, the amount range (rupees, unsigned). */
  params?: StatementParams;
};
/** Query parameters by name (a list's filters and its own, such as one account's `account_number`). */
type StatementParams = { readonly [param: string]: unknown };
const textParam = (params: StatementParams, key: string): string | undefined =>
  typeof params[key] === 'string' && params[key] !== '' ? params[key] : undefined;
type Scope = StatementScope;

const containsColumns: Record<string, AnyColumn> = {
  transaction_id: ledgerEntries.entryId,
  bank_reference_number: ledgerEntries.bankReferenceNumber,
  customer_reference_number: ledgerEntries.customerReferenceNumber,
};

function searchCondition(scope: Scope): SQL | undefined {
  const search = scope.filter.search;
  if (!search) return undefined;
  if (scope.searchMode === 'contains')
    return sql`position(${search.value.toLowerCase()} in lower(${containsColumns[search.key]!})) > 0`;
  return SEARCH_COLUMNS[search.key]!(search.value);
}

const entryOfPosting = withinClient(ledgerEntries, ledgerPostings.clientRef, ledgerPostings.entryRef);

/**
 * The filters' conditions: a credit is a positive posting, a debit a negative one; the amount range bounds the
 * posting's size whatever its sign; the category is the entry's (the count joins the entry for it).
 */
function filterConditions(params: StatementParams = {}): SQL[] {
  const conditions: SQL[] = [];
  const category = textParam(params, 'category');
  if (params['type'] === 'CREDIT') conditions.push(sql`${ledgerPostings.amount} > 0`);
  if (params['type'] === 'DEBIT') conditions.push(sql`${ledgerPostings.amount} < 0`);
  if (category) conditions.push(eq(ledgerEntries.category, category));
  const amount = amountBounds(
    { amount_min: textParam(params, 'amount_min'), amount_max: textParam(params, 'amount_max') },
    'amount',
  );
  if (amount.min !== null) conditions.push(gte(sql`abs(${ledgerPostings.amount})`, amount.min));
  if (amount.max !== null) conditions.push(lte(sql`abs(${ledgerPostings.amount})`, amount.max));
  return conditions;
}

const where = (scope: Scope) =>
  and(
    eq(ledgerPostings.clientRef, scope.clientRef),
    scope.accountRef === undefined
      ? isNotNull(ledgerPostings.accountRef)
      : eq(ledgerPostings.accountRef, scope.accountRef),
    gte(ledgerPostings.createdAt, scope.filter.from),
    lt(ledgerPostings.createdAt, scope.filter.to),
    searchCondition(scope),
    ...filterConditions(scope.params),
  );

export async function listTransactions(db: Db, scope: Scope): Promise<z.infer<typeof Transaction>[]> {
  const rows = await db
    .select({ posting: ledgerPostings, entry: ledgerEntries, accountNumber: accounts.accountNumber })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, entryOfPosting)
    .innerJoin(accounts, withinClient(accounts, ledgerPostings.clientRef, ledgerPostings.accountRef))
    .where(where(scope))
    .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(({ posting, entry, accountNumber }) => ({
    transaction_id: entry.entryId,
    account_number: accountNumber,
    type: posting.amount < 0n ? 'DEBIT' : 'CREDIT',
    category: entry.category as z.infer<typeof TransactionCategory>,
    amount: formatMoney(posting.amount < 0n ? -posting.amount : posting.amount),
    balance: formatMoney(posting.balanceAfter ?? 0n),
    description: entry.description,
    reference_urn: entry.referenceUrn,
    bank_reference_number: entry.bankReferenceNumber,
    customer_reference_number: entry.customerReferenceNumber,
    livemode: livemodeOf(posting.clientRef),
    created_at: posting.createdAt.toISOString(),
  }));
}

export async function countTransactions(db: Db, scope: Scope): Promise<number> {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings);
  const needsEntry = scope.filter.search !== null || textParam(scope.params ?? {}, 'category') !== undefined;
  const [row] = await (needsEntry ? base.innerJoin(ledgerEntries, entryOfPosting) : base).where(where(scope));
  return row?.n ?? 0;
}
