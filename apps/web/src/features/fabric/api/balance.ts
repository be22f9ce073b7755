import { queryOptions, useQuery } from '@tanstack/react-query';
import { CreditBalance } from '@meridian/contract';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** GET /{provider}/read/fetch/credits/balance → `CreditBalance`: credits left and each product's price. */
export const CREDIT_BALANCE_PATH = `/${PROVIDER}/read/fetch/credits/balance`;

export const creditBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['fabric', 'credits', 'balance'] as const,
    queryFn: async ({ signal }) =>
      CreditBalance.parse(await apiFetch<unknown>(CREDIT_BALANCE_PATH, { host: 'read', signal })),
  });

export function useCreditBalance() {
  return useQuery(creditBalanceQueryOptions());
}
