import { queryOptions, useQuery } from '@tanstack/react-query';
import { FabricSummary } from '@meridian/contract/fabric';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/fabric/summary?time_zone= → `FabricSummary`: today's calls per product, credits. */
export const fabricSummaryQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['fabric', 'summary', timeZone] as const,
    queryFn: async ({ signal }) =>
      FabricSummary.parse(
        await api.get('/meridian/read/fetch/fabric/summary', {
          host: 'read',
          params: { query: { time_zone: timeZone } },
          signal,
        }),
      ),
  });

export function useFabricSummary(timeZone: string) {
  return useQuery(fabricSummaryQueryOptions(timeZone));
}
