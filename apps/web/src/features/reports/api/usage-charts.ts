import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiUsageByDayResponse, CreditConsumptionResponse } from '@meridian/contract/reports';
import { api } from '@/lib/api';

type Range = { start_date: string; end_date: string; time_zone: string };

/** GET /{provider}/read/fetch/credits/usage_by_day → calls and credits per day per API (the usage chart). */
export function useApiUsageByDay(range: Range) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'usage-by-day', range],
      queryFn: async ({ signal }) =>
        ApiUsageByDayResponse.parse(
          await api.get('/meridian/read/fetch/credits/usage_by_day', {
            host: 'read',
            signal,
            params: { query: range },
          }),
        ).data,
    }),
  );
}

/** GET /{provider}/read/fetch/credits/consumption → credits used per product per day, loads, unloads, balance. */
export function useCreditConsumption(range: Range) {
  return useQuery(
    queryOptions({
      queryKey: ['Credits', 'consumption', range],
      queryFn: async ({ signal }) =>
        CreditConsumptionResponse.parse(
          await api.get('/meridian/read/fetch/credits/consumption', {
            host: 'read',
            signal,
            params: { query: range },
          }),
        ).data,
    }),
  );
}
