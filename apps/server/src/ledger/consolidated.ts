import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, ledgerEntries, ledgerPostings } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { afterCursorAscending, cursorColumns, keysetPages } from '../lists/keyset.ts';

/**
 * The consolidated account statement: every account of the client (current and virtual, or the ones asked for),
 * one after another by account number; for each an opening balance (the sum of its postings before the range),
 * every posting of the range oldest first with the balance after it, and the closing balance.
 * Postings are read by keyset on (created_at, id), a page at a time.
 */
export type StatementRow = {
  account_number: string;
  account_name: string;
  account_kind: string;
  line: 'OPENING' | 'POSTING' | 'CLOSING';
  at: Date | null;
  transaction_id: string | null;
  category: string | null;
  description: string;
  reference: string | null;
  bank_reference_number: string | null;
  debit: bigint | null;
  credit: bigint | null;
  balance: bigint;
};

type AccountRow = typeof accounts.$inferSelect;

export type ConsolidatedScope = {
  clientRef: number;
  from: Date;
  to: Date;
  accountNumbers?: readonly string[];
};

async function statementAccounts(db: Db, scope: ConsolidatedScope) {
  const rows = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.clientRef, scope.clientRef),
        scope.accountNumbers?.length ? inArray(accounts.accountNumber, [...scope.accountNumbers]) : undefined,
      ),
    )
    .orderBy(asc(accounts.kind), asc(accounts.accountNumber));
  const missing = (scope.accountNumbers ?? []).filter((n) => !rows.some((r) => r.accountNumber === n));
  if (missing.length) throw notFound(`You have no account ${missing.join(', ')}`);
  return rows;
}

const inRange = (scope: ConsolidatedScope, accountRef: number) =>
  and(
    eq(ledgerPostings.clientRef, scope.clientRef),
    eq(ledgerPostings.accountRef, accountRef),
    gte(ledgerPostings.createdAt, scope.from),
    lt(ledgerPostings.createdAt, scope.to),
  );

/** Rows of the statement: two per account (opening, closing) and one per posting in the range. */
export async function countStatement(db: Db, scope: ConsolidatedScope): Promise<number> {
  const list = await statementAccounts(db, scope);
  if (!list.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.clientRef, scope.clientRef),
        inArray(
          ledgerPostings.accountRef,
          list.map((a) => a.id),
        ),
        gte(ledgerPostings.createdAt, scope.from),
        lt(ledgerPostings.createdAt, scope.to),
      ),
    );
  return 2 * list.length + (row?.n ?? 0);
}

/** The statement's rows, in pages of `pageSize`: each account's lines one account after another. */
export async function* statementPages(
  db: Db,
  scope: ConsolidatedScope,
  pageSize: number,
): AsyncGenerator<StatementRow[]> {
  let page: StatementRow[] = [];
  for (const account of await statementAccounts(db, scope))
    for await (const row of accountLines(db, scope, account, pageSize)) {
      page.push(row);
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
  if (page.length) yield page;
}

/** One account's lines: its opening balance, every posting of the range with the balance after it, its closing. */
async function* accountLines(
  db: Db,
  scope: ConsolidatedScope,
  account: AccountRow,
  pageSize: number,
): AsyncGenerator<StatementRow> {
  const base = {
    account_number: account.accountNumber,
    account_name: account.name,
    account_kind: account.kind === 'virtual' ? 'VIRTUAL' : 'CURRENT',
  };
  // The opening balance is the sum of every earlier posting, and the balance after each line is carried from
  // it: backdated postings (a bulk's, a seed's) carry a balance_after in the order they were written, not in
  // time order, so a statement in time order computes its own.
  const [before] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.clientRef, scope.clientRef),
        eq(ledgerPostings.accountRef, account.id),
        lt(ledgerPostings.createdAt, scope.from),
      ),
    );
  let balance = BigInt(before?.balance ?? '0');
  const line = (kind: 'OPENING' | 'CLOSING', at: Date): StatementRow => ({
    ...base,
    line: kind,
    at,
    transaction_id: null,
    category: null,
    description: kind === 'OPENING' ? 'Opening balance' : 'Closing balance',
    reference: null,
    bank_reference_number: null,
    debit: null,
    credit: null,
    balance,
  });
  yield line('OPENING', scope.from);
  for await (const rows of postingsOf(db, scope, account.id, pageSize))
    for (const { posting, entry } of rows) {
      balance += posting.amount;
      yield {
        ...base,
        line: 'POSTING',
        at: posting.createdAt,
        transaction_id: entry.entryId,
        category: entry.category,
        description: entry.description,
        reference: entry.referenceUrn ?? entry.customerReferenceNumber,
        bank_reference_number: entry.bankReferenceNumber,
        debit: posting.amount < 0n ? -posting.amount : null,
        credit: posting.amount >= 0n ? posting.amount : null,
        balance,
      };
    }
  yield line('CLOSING', new Date(Math.min(scope.to.getTime(), Date.now())));
}

/** An account's postings of the range with their entries, oldest first, read by keyset a page at a time. */
function postingsOf(db: Db, scope: ConsolidatedScope, accountRef: number, pageSize: number) {
  return keysetPages(pageSize, (cursor, limit) =>
    db
      .select({
        posting: ledgerPostings,
        entry: ledgerEntries,
        ...cursorColumns(ledgerPostings.createdAt, ledgerPostings.id),
      })
      .from(ledgerPostings)
      .innerJoin(
        ledgerEntries,
        withinClient(ledgerEntries, ledgerPostings.clientRef, ledgerPostings.entryRef),
      )
      .where(
        and(
          inRange(scope, accountRef),
          afterCursorAscending(ledgerPostings.createdAt, ledgerPostings.id, cursor),
        ),
      )
      .orderBy(asc(ledgerPostings.createdAt), asc(ledgerPostings.id))
      .limit(limit),
  );
}
