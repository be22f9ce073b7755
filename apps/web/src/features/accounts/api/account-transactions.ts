import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Transaction, listResponse } from '@meridian/contract';
import { parseCount } from '@/components/data-table';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';
import type { AccountKind, TransactionsQuery } from '../all-accounts/account-transactions-state';

/**
 * The transactions of one account, paged by page_index/page_size (spec §3): search GET
 * /{provider}/read/search/account/transactions and count …/read/count/account/transactions; a virtual
 * account's use the `/va` variant (…/transactions/va). Rows carry the running balance.
 */
const TransactionList = listResponse(Transaction);

const path = (kind: 'search' | 'count', account: AccountKind) =>
  `/${PROVIDER}/read/${kind}/account/transactions${account === 'VIRTUAL' ? '/va' : ''}`;

/** The spec's cache tag (§9: AccountTransactions). */
const KEY = 'AccountTransactions';

export const accountTransactionsQueryOptions = (kind: AccountKind, query: TransactionsQuery) =>
  queryOptions({
    queryKey: [KEY, kind, 'search', query] as const,
    queryFn: async ({ signal }) =>
      TransactionList.parse(
        await apiFetch<unknown>(path('search', kind), { host: 'read', query: { ...query }, signal }),
      ).data,
    placeholderData: keepPreviousData,
  });

export const accountTransactionsCountQueryOptions = (
  kind: AccountKind,
  { page_index: _i, page_size: _s, ...query }: TransactionsQuery,
) =>
  queryOptions({
    queryKey: [KEY, kind, 'count', query] as const,
    queryFn: async ({ signal }) =>
      parseCount(await apiFetch<unknown>(path('count', kind), { host: 'read', query: { ...query }, signal })),
    placeholderData: keepPreviousData,
  });

export function useAccountTransactions(kind: AccountKind, query: TransactionsQuery) {
  return useQuery(accountTransactionsQueryOptions(kind, query));
}

export function useAccountTransactionsCount(kind: AccountKind, query: TransactionsQuery) {
  return useQuery(accountTransactionsCountQueryOptions(kind, query));
}
