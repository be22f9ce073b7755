import { queryOptions, useQuery } from '@tanstack/react-query';
import { Account, listResponse } from '@meridian/contract';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/balance: every account of the client with its balance. */
const BalanceResponse = listResponse(Account);

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: ['AccountBalance'] as const,
    queryFn: async ({ signal }) =>
      BalanceResponse.parse(await api.get('/meridian/read/fetch/balance', { host: 'read', signal })).data,
  });

export function useAccountBalances() {
  return useQuery(balanceQueryOptions());
}
