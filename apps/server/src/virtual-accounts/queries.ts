import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type {
  ACCOUNTS_LIST,
  ManagedAccount,
  VA_CREDITS_LIST,
  VIRTUAL_ACCOUNTS_LIST,
  VirtualAccount,
} from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, virtualAccountCredits, virtualAccounts } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { amountBounds, type FilterParams, type ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { formatMoney } from '../lib/money.ts';
import { statusOf, toCredit, toVirtualAccount } from './service.ts';

// ---------------------------------------------------------------------------------------------------------
// Virtual accounts

/** The list's scope: its filter and the definition's status filter. */
export type VaScope = ListScope<FilterParams<typeof VIRTUAL_ACCOUNTS_LIST>>;

const VA_SEARCH: Record<string, (v: string) => SQL> = {
  account_number: (v) => eq(virtualAccounts.accountNumber, v),
  customer_id: (v) => eq(virtualAccounts.customerId, v),
};

/** A status as the rows show it: EXPIRED is an ACTIVE account past its expiry (statusOf), ACTIVE one that is not. */
const VA_STATUS: Record<string, SQL> = {
  ACTIVE: sql`(${virtualAccounts.status} = 'ACTIVE' AND (${virtualAccounts.expiresAt} IS NULL OR ${virtualAccounts.expiresAt} > now()))`,
  EXPIRED: sql`(${virtualAccounts.status} = 'ACTIVE' AND ${virtualAccounts.expiresAt} <= now())`,
  CLOSED: sql`${virtualAccounts.status} = 'CLOSED'`,
};

const vaWhere = ({ clientRef, filter, params }: VaScope) =>
  and(
    eq(virtualAccounts.clientRef, clientRef),
    gte(virtualAccounts.createdAt, filter.from),
    lt(virtualAccounts.createdAt, filter.to),
    filter.search ? VA_SEARCH[filter.search.key]!(filter.search.value) : undefined,
    params.status ? VA_STATUS[params.status] : undefined,
  );

/** What a virtual account collected (CREDITED credits): a correlated aggregate on the (client, va) index. */
const collected = (what: 'sum' | 'count') =>
  sql<string>`(SELECT ${sql.raw(what === 'sum' ? 'coalesce(sum(c.amount), 0)' : 'count(*)')}::text
    FROM virtual_account_credits c
    WHERE c.client_ref = ${virtualAccounts.clientRef} AND c.virtual_account_ref = ${virtualAccounts.id}
      AND c.status = 'CREDITED')`;

export async function listVirtualAccounts(db: Db, scope: VaScope) {
  const rows = await db
    .select({
      va: virtualAccounts,
      balance: accounts.balance,
      total: collected('sum'),
      n: collected('count'),
    })
    .from(virtualAccounts)
    .innerJoin(accounts, withinClient(accounts, virtualAccounts.clientRef, virtualAccounts.accountRef))
    .where(vaWhere(scope))
    .orderBy(desc(virtualAccounts.createdAt), desc(virtualAccounts.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  const now = Date.now();
  return rows.map((r) =>
    toVirtualAccount(
      r.va,
      { balance: r.balance, totalCollected: BigInt(r.total), creditsCount: Number(r.n) },
      now,
    ),
  );
}

export async function countVirtualAccounts(db: Db, scope: VaScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(virtualAccounts)
    .where(vaWhere(scope));
  return row?.n ?? 0;
}

/** The client's virtual accounts that accept money now (ACTIVE, not expired): the dropdown. */
export async function openVirtualAccountOptions(db: Db, clientRef: number) {
  const rows = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.clientRef, clientRef),
        eq(virtualAccounts.status, 'ACTIVE'),
        sql`(${virtualAccounts.expiresAt} IS NULL OR ${virtualAccounts.expiresAt} > now())`,
      ),
    )
    .orderBy(virtualAccounts.name, virtualAccounts.accountNumber)
    .limit(1000);
  return rows.map((v) => ({
    account_number: v.accountNumber,
    label: `${v.name} · ${v.customerId} · ${v.accountNumber}`,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Credits

/** The credits list's filters: a status and an amount range in rupees. */
export type CreditParams = FilterParams<typeof VA_CREDITS_LIST>;

const CREDIT_SEARCH: Record<string, (v: string) => SQL> = {
  bank_reference_number: (v) => eq(virtualAccountCredits.utr, v.toUpperCase()),
  virtual_account_number: (v) => eq(virtualAccounts.accountNumber, v),
};

const vaOfCredit = withinClient(
  virtualAccounts,
  virtualAccountCredits.clientRef,
  virtualAccountCredits.virtualAccountRef,
);

const creditWhere = ({ clientRef, filter, params }: ListScope<CreditParams>) => {
  const amount = amountBounds(params, 'amount');
  return and(
    eq(virtualAccountCredits.clientRef, clientRef),
    gte(virtualAccountCredits.createdAt, filter.from),
    lt(virtualAccountCredits.createdAt, filter.to),
    params.status ? eq(virtualAccountCredits.status, params.status as 'CREDITED' | 'RETURNED') : undefined,
    amount.min !== null ? gte(virtualAccountCredits.amount, amount.min) : undefined,
    amount.max !== null ? lte(virtualAccountCredits.amount, amount.max) : undefined,
    filter.search ? CREDIT_SEARCH[filter.search.key]!(filter.search.value) : undefined,
  );
};

export async function listCredits(db: Db, scope: ListScope<CreditParams>) {
  const rows = await db
    .select({ credit: virtualAccountCredits, va: virtualAccounts })
    .from(virtualAccountCredits)
    .innerJoin(virtualAccounts, vaOfCredit)
    .where(creditWhere(scope))
    .orderBy(desc(virtualAccountCredits.createdAt), desc(virtualAccountCredits.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toCredit(r.credit, r.va));
}

export async function countCredits(db: Db, scope: ListScope<CreditParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(virtualAccountCredits)
    .innerJoin(virtualAccounts, vaOfCredit)
    .where(creditWhere(scope));
  return row?.n ?? 0;
}

/** The client's most recent credits, whatever their date. */
export async function recentCredits(db: Db, clientRef: number, limit: number) {
  const rows = await db
    .select({ credit: virtualAccountCredits, va: virtualAccounts })
    .from(virtualAccountCredits)
    .innerJoin(virtualAccounts, vaOfCredit)
    .where(eq(virtualAccountCredits.clientRef, clientRef))
    .orderBy(desc(virtualAccountCredits.createdAt), desc(virtualAccountCredits.id))
    .limit(limit);
  return rows.map((r) => toCredit(r.credit, r.va));
}

// ---------------------------------------------------------------------------------------------------------
// All accounts: current accounts and virtual accounts, one ledger account each

const ACCOUNT_SEARCH: Record<string, (v: string) => SQL> = {
  account_number: (v) => eq(accounts.accountNumber, v),
  customer_id: (v) => eq(virtualAccounts.customerId, v),
};

const vaOfAccount = and(
  eq(virtualAccounts.clientRef, accounts.clientRef),
  eq(virtualAccounts.accountRef, accounts.id),
);

/** The all-accounts list's scope: its filter and the definition's kind filter. */
export type AccountsScope = ListScope<FilterParams<typeof ACCOUNTS_LIST>>;

/** The ledger's account kinds of each kind the list shows. */
const LEDGER_KINDS = { CURRENT: ['client_current'], VIRTUAL: ['virtual'] } as const;

/** "Accounts that existed in the range": opened before its end; of one kind when the filter says so. */
const accountWhere = (
  clientRef: number,
  filter: AccountsScope['filter'] | null,
  kind?: keyof typeof LEDGER_KINDS,
) =>
  and(
    eq(accounts.clientRef, clientRef),
    inArray(accounts.kind, kind ? [...LEDGER_KINDS[kind]] : ['client_current', 'virtual']),
    filter ? lt(accounts.createdAt, filter.to) : undefined,
    filter?.search ? ACCOUNT_SEARCH[filter.search.key]!(filter.search.value) : undefined,
  );
const kindOf = (scope: AccountsScope) => scope.params.kind as keyof typeof LEDGER_KINDS | undefined;

type AccountJoin = { account: typeof accounts.$inferSelect; va: typeof virtualAccounts.$inferSelect | null };

const toManagedAccount = ({ account, va }: AccountJoin, now: number): ManagedAccount => ({
  account_number: account.accountNumber,
  ifsc: account.ifsc,
  account_name: account.name,
  kind: account.kind === 'virtual' ? 'VIRTUAL' : 'CURRENT',
  customer_id: va?.customerId ?? null,
  status: va ? statusOf(va, now) : 'ACTIVE',
  provider: account.provider,
  currency: 'INR',
  balance: formatMoney(account.balance),
  livemode: livemodeOf(account.clientRef),
  created_at: account.createdAt.toISOString(),
  updated_at: new Date(Math.max(account.updatedAt.getTime(), va?.updatedAt.getTime() ?? 0)).toISOString(),
});

export async function listManagedAccounts(db: Db, scope: AccountsScope): Promise<ManagedAccount[]> {
  const rows = await db
    .select({ account: accounts, va: virtualAccounts })
    .from(accounts)
    .leftJoin(virtualAccounts, vaOfAccount)
    .where(accountWhere(scope.clientRef, scope.filter, kindOf(scope)))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  const now = Date.now();
  return rows.map((r) => toManagedAccount(r, now));
}

export async function countManagedAccounts(db: Db, scope: AccountsScope): Promise<number> {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  const [row] = await (
    scope.filter.search?.key === 'customer_id' ? base.leftJoin(virtualAccounts, vaOfAccount) : base
  ).where(accountWhere(scope.clientRef, scope.filter, kindOf(scope)));
  return row?.n ?? 0;
}

/** Every account of the client with its balance (current accounts first, then virtual accounts, closed ones too). */
export async function accountBalances(db: Db, clientRef: number): Promise<ManagedAccount[]> {
  const rows = await db
    .select({ account: accounts, va: virtualAccounts })
    .from(accounts)
    .leftJoin(virtualAccounts, vaOfAccount)
    .where(accountWhere(clientRef, null))
    .orderBy(sql`${accounts.kind} = 'virtual'`, accounts.id)
    .limit(10_000);
  const now = Date.now();
  return rows.map((r) => toManagedAccount(r, now));
}

/** Allowed payers in one file cell: `account/ifsc` (`*` for any branch), space-separated. */
export const allowedPayersCell = (va: Pick<VirtualAccount, 'allowed_payers'>) =>
  va.allowed_payers.map((a) => `${a.account_number}/${a.ifsc ?? '*'}`).join(' ');

/** Every virtual account of the list's filter in keyset pages (the virtual accounts report), the list's rows. */
export function virtualAccountReportPages(db: Db, scope: VaScope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({
        va: virtualAccounts,
        balance: accounts.balance,
        total: collected('sum'),
        n: collected('count'),
        ...cursorColumns(virtualAccounts.createdAt, virtualAccounts.id),
      })
      .from(virtualAccounts)
      .innerJoin(accounts, withinClient(accounts, virtualAccounts.clientRef, virtualAccounts.accountRef))
      .where(and(vaWhere(scope), afterCursor(virtualAccounts.createdAt, virtualAccounts.id, cursor)))
      .orderBy(desc(virtualAccounts.createdAt), desc(virtualAccounts.id))
      .limit(limit);
    const now = Date.now();
    return rows.map((r) => ({
      ...toVirtualAccount(
        r.va,
        { balance: r.balance, totalCollected: BigInt(r.total), creditsCount: Number(r.n) },
        now,
      ),
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}

/** Modes of a credit report (the e-collect MIS is bank transfers, the UPI MIS is UPI): null is every mode. */
export type CreditModes = readonly string[] | null;

const creditModes = (modes: CreditModes) =>
  modes ? inArray(virtualAccountCredits.mode, [...modes]) : undefined;

export async function countCreditReport(db: Db, scope: ListScope<CreditParams>, modes: CreditModes) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(virtualAccountCredits)
    .innerJoin(virtualAccounts, vaOfCredit)
    .where(and(creditWhere(scope), creditModes(modes)));
  return row?.n ?? 0;
}

/** Every credit of the credits list's filter (and modes) in keyset pages (the MIS files), the list's rows. */
export function creditReportPages(
  db: Db,
  scope: ListScope<CreditParams>,
  modes: CreditModes,
  pageSize: number,
) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({
        credit: virtualAccountCredits,
        va: virtualAccounts,
        ...cursorColumns(virtualAccountCredits.createdAt, virtualAccountCredits.id),
      })
      .from(virtualAccountCredits)
      .innerJoin(virtualAccounts, vaOfCredit)
      .where(
        and(
          creditWhere(scope),
          creditModes(modes),
          afterCursor(virtualAccountCredits.createdAt, virtualAccountCredits.id, cursor),
        ),
      )
      .orderBy(desc(virtualAccountCredits.createdAt), desc(virtualAccountCredits.id))
      .limit(limit);
    return rows.map((r) => ({ ...toCredit(r.credit, r.va), cursorAt: r.cursorAt, cursorId: r.cursorId }));
  });
}
