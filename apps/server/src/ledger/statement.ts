import { and, desc, eq, gte, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Transaction, TransactionCategory } from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, ledgerEntries, ledgerPostings } from '../db/schema.ts';
import type { ListFilter } from '../lists/list-query.ts';
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
 * value as a case-insensitive substring (account transactions, spec §3) instead of exactly.
 */
export type StatementScope = {
  clientRef: number;
  filter: ListFilter;
  accountRef?: number;
  searchMode?: 'exact' | 'contains';
};
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

const where = (scope: Scope) =>
  and(
    eq(ledgerPostings.clientRef, scope.clientRef),
    scope.accountRef === undefined
      ? isNotNull(ledgerPostings.accountRef)
      : eq(ledgerPostings.accountRef, scope.accountRef),
    gte(ledgerPostings.createdAt, scope.filter.from),
    lt(ledgerPostings.createdAt, scope.filter.to),
    searchCondition(scope),
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
    created_at: posting.createdAt.toISOString(),
  }));
}

export async function countTransactions(db: Db, scope: Scope): Promise<number> {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings);
  const [row] = await (scope.filter.search ? base.innerJoin(ledgerEntries, entryOfPosting) : base).where(
    where(scope),
  );
  return row?.n ?? 0;
}
