/**
 * The state of one account's transactions and its transitions, as pure functions: which account
 * (number, name and kind: a virtual account's come from the `/va` endpoints), pageIndex and pageSize, and the
 * customer reference filtered on the client (a case-insensitive substring of the loaded page). Selecting
 * another account or clearing the selection resets paging; a new page size starts from the first page.
 * The transitions work on the URL search (all accounts) and on a component's own state alike.
 */

export type AccountKind = 'CURRENT' | 'VIRTUAL';

export interface SelectedAccount {
  number: string;
  name: string;
  kind: AccountKind;
}

export const DEFAULT_TRANSACTIONS_PAGE_SIZE = 10;
const MAX_PAGE_INDEX = 1_000_000;
const MAX_PAGE_SIZE = 100;

/** The state as it is kept (URL search keys; defaults left out). */
export interface TransactionsSearch {
  account_number?: string;
  account_name?: string;
  account_kind?: AccountKind;
  page_index?: number;
  page_size?: number;
  reference?: string;
}

export interface AccountTransactionsState {
  account: SelectedAccount | undefined;
  pageIndex: number;
  pageSize: number;
  /** Empty: no filter. */
  reference: string;
}

export function resolveTransactionsState(search: TransactionsSearch): AccountTransactionsState {
  return {
    account:
      search.account_number === undefined
        ? undefined
        : {
            number: search.account_number,
            name: search.account_name ?? '',
            kind: search.account_kind ?? 'CURRENT',
          },
    pageIndex: search.page_index ?? 0,
    pageSize: search.page_size ?? DEFAULT_TRANSACTIONS_PAGE_SIZE,
    reference: search.reference ?? '',
  };
}

function without<S extends TransactionsSearch, K extends keyof TransactionsSearch>(
  search: S,
  ...keys: K[]
): S {
  const next = { ...search };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * Selects an account (or clears the selection with undefined); either way paging starts again at page 0.
 * The page size and the reference filter stay. Selecting the account already selected changes nothing.
 */
export function withAccount<S extends TransactionsSearch>(
  search: S,
  account: SelectedAccount | undefined,
): S {
  if (account !== undefined && search.account_number === account.number) return search;
  const next = without(search, 'account_number', 'account_name', 'account_kind', 'page_index');
  if (account === undefined) return next;
  return {
    ...next,
    account_number: account.number,
    ...(account.name ? { account_name: account.name } : {}),
    ...(account.kind === 'VIRTUAL' ? { account_kind: account.kind } : {}),
  };
}

export function withPageIndex<S extends TransactionsSearch>(search: S, pageIndex: number): S {
  const next = without(search, 'page_index');
  const clamped = Math.min(Math.max(0, Math.floor(pageIndex)), MAX_PAGE_INDEX);
  return clamped === 0 ? next : { ...next, page_index: clamped };
}

/** A new page size starts again from the first page. */
export function withPageSize<S extends TransactionsSearch>(search: S, pageSize: number): S {
  const next = without(search, 'page_index', 'page_size');
  const clamped = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  return clamped === DEFAULT_TRANSACTIONS_PAGE_SIZE ? next : { ...next, page_size: clamped };
}

/** The client-side filter: it works on the loaded page, so paging stays where it is. */
export function withReference<S extends TransactionsSearch>(search: S, reference: string): S {
  const next = without(search, 'reference');
  const trimmed = reference.trim().slice(0, 100);
  return trimmed === '' ? next : { ...next, reference: trimmed };
}

/** Rows whose customer reference contains `reference`, ignoring case; all rows when it is empty. */
export function filterByReference<T extends { customer_reference_number: string | null }>(
  rows: readonly T[],
  reference: string,
): T[] {
  const needle = reference.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((r) => (r.customer_reference_number ?? '').toLowerCase().includes(needle));
}

/** Pages of `pageSize` rows in `count` rows; at least 1 (an empty list is one empty page). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/** The query parameters of the transactions endpoints (contract AccountTransactionsQuery). */
export interface TransactionsQuery {
  account_number: string;
  page_index: number;
  page_size: number;
  time_zone: string;
}

export function toTransactionsQuery(
  account: SelectedAccount,
  state: Pick<AccountTransactionsState, 'pageIndex' | 'pageSize'>,
  timeZone: string,
): TransactionsQuery {
  return {
    account_number: account.number,
    page_index: state.pageIndex,
    page_size: state.pageSize,
    time_zone: timeZone,
  };
}
