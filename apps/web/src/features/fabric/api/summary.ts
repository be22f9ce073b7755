import { queryOptions, useQuery } from '@tanstack/react-query';
import { FabricSummary } from '@meridian/contract';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** GET /{provider}/read/fetch/fabric/summary?time_zone= → `FabricSummary`: today's calls per product, credits. */
export const fabricSummaryQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['fabric', 'summary', timeZone] as const,
    queryFn: async ({ signal }) =>
      FabricSummary.parse(
        await apiFetch<unknown>(`/${PROVIDER}/read/fetch/fabric/summary`, {
          host: 'read',
          query: { time_zone: timeZone },
          signal,
        }),
      ),
  });

export function useFabricSummary(timeZone: string) {
  return useQuery(fabricSummaryQueryOptions(timeZone));
}
