import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountsSummary } from '@meridian/contract/accounts';
import { api } from '@/lib/api';

/**
 * GET /{provider}/read/fetch/accounts/summary?time_zone= → `AccountsSummary`: collections today and this
 * week, balances, virtual accounts, the next settlement and recent credits (the /accounts home).
 */
export const accountsSummaryQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['accounts', 'summary', timeZone] as const,
    queryFn: async ({ signal }) =>
      AccountsSummary.parse(
        await api.get('/meridian/read/fetch/accounts/summary', {
          host: 'read',
          params: { query: { time_zone: timeZone } },
          signal,
        }),
      ),
  });

export function useAccountsSummary(timeZone: string) {
  return useQuery(accountsSummaryQueryOptions(timeZone));
}
