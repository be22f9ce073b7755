import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
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

type Scope = { clientRef: number; filter: ListFilter };

const entryOfPosting = withinClient(ledgerEntries, ledgerPostings.clientRef, ledgerPostings.entryRef);

const where = ({ clientRef, filter }: Scope) =>
  and(
    eq(ledgerPostings.clientRef, clientRef),
    isNotNull(ledgerPostings.accountRef),
    gte(ledgerPostings.createdAt, filter.from),
    lt(ledgerPostings.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
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
