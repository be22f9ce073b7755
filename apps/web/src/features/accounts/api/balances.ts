import { queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import { CommissionBalance, ManagedAccount } from '@meridian/contract/accounts';
import { api } from '@/lib/api';

/**
 * GET /{provider}/read/fetch/account_balances → `{ data: ManagedAccount[] }` (every account with its
 * balance) and GET /{provider}/read/fetch/commission_balance?time_zone= → `CommissionBalance`.
 */
const Balances = listResponse(ManagedAccount);

export const accountBalancesQueryOptions = () =>
  queryOptions({
    // The cache tag (AccountBalance), under this feature's name.
    queryKey: ['AccountBalance', 'accounts'] as const,
    queryFn: async ({ signal }) =>
      Balances.parse(await api.get('/meridian/read/fetch/account_balances', { host: 'read', signal })).data,
  });

export const commissionBalanceQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['AccountBalance', 'commission', timeZone] as const,
    queryFn: async ({ signal }) =>
      CommissionBalance.parse(
        await api.get('/meridian/read/fetch/commission_balance', {
          host: 'read',
          params: { query: { time_zone: timeZone } },
          signal,
        }),
      ),
  });

export function useAccountBalances() {
  return useQuery(accountBalancesQueryOptions());
}

export function useCommissionBalance(timeZone: string) {
  return useQuery(commissionBalanceQueryOptions(timeZone));
}
