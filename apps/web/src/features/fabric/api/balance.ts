import { queryOptions, useQuery } from '@tanstack/react-query';
import { CreditBalance } from '@meridian/contract/fabric';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/credits/balance → `CreditBalance`: credits left and each product's price. */
export const fetchCreditBalance = (signal?: AbortSignal) =>
  api.get('/meridian/read/fetch/credits/balance', { host: 'read', ...(signal ? { signal } : {}) });

export const creditBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['fabric', 'credits', 'balance'] as const,
    queryFn: async ({ signal }) => CreditBalance.parse(await fetchCreditBalance(signal)),
  });

export function useCreditBalance() {
  return useQuery(creditBalanceQueryOptions());
}
