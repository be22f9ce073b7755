import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportTypesResponse } from '@meridian/contract/reports';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** GET /{provider}/read/reports/types → what each report offers (formats, columns, search keys, filters). */
export const reportTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'types'],
    queryFn: async ({ signal }) =>
      ReportTypesResponse.parse(
        await apiFetch<unknown>(`/${PROVIDER}/read/reports/types`, { host: 'read', signal }),
      ).data,
    staleTime: 5 * 60_000,
  });

export function useReportTypes() {
  return useQuery(reportTypesQueryOptions());
}
