import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Transaction, listResponse } from '@meridian/contract';
import { parseCount } from '@/components/data-table';
import { api } from '@/lib/api';
import type { AccountKind, TransactionsQuery } from '../all-accounts/account-transactions-state';

/**
 * The transactions of one account, paged by page_index/page_size: search GET
 * /{provider}/read/search/account/transactions and count …/read/count/account/transactions; a virtual
 * account's use the `/va` variant (…/transactions/va). Rows carry the running balance.
 */
const TransactionList = listResponse(Transaction);

/** The cache tag (AccountTransactions). */
const KEY = 'AccountTransactions';

export const accountTransactionsQueryOptions = (kind: AccountKind, query: TransactionsQuery) =>
  queryOptions({
    queryKey: [KEY, kind, 'search', query] as const,
    queryFn: async ({ signal }) =>
      TransactionList.parse(
        await api.get(
          kind === 'VIRTUAL'
            ? '/meridian/read/search/account/transactions/va'
            : '/meridian/read/search/account/transactions',
          { host: 'read', params: { query: { ...query } }, signal },
        ),
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
      parseCount(
        await api.get(
          kind === 'VIRTUAL'
            ? '/meridian/read/count/account/transactions/va'
            : '/meridian/read/count/account/transactions',
          { host: 'read', params: { query: { ...query } }, signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export function useAccountTransactions(kind: AccountKind, query: TransactionsQuery) {
  return useQuery(accountTransactionsQueryOptions(kind, query));
}

export function useAccountTransactionsCount(kind: AccountKind, query: TransactionsQuery) {
  return useQuery(accountTransactionsCountQueryOptions(kind, query));
}
