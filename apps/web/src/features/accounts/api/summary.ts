import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountsSummary } from '@meridian/contract/accounts';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/**
 * GET /{provider}/read/fetch/accounts/summary?time_zone= → `AccountsSummary`: collections today and this
 * week, balances, virtual accounts, the next settlement and recent credits (the /accounts home).
 */
export const accountsSummaryQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['accounts', 'summary', timeZone] as const,
    queryFn: async ({ signal }) =>
      AccountsSummary.parse(
        await apiFetch<unknown>(`/${PROVIDER}/read/fetch/accounts/summary`, {
          host: 'read',
          query: { time_zone: timeZone },
          signal,
        }),
      ),
  });

export function useAccountsSummary(timeZone: string) {
  return useQuery(accountsSummaryQueryOptions(timeZone));
}
