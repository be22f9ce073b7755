import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportTypesResponse } from '@meridian/contract/reports';
import { api } from '@/lib/api';

/** GET /{provider}/read/reports/types → what each report offers (formats, columns, search keys, filters). */
export const reportTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'types'],
    queryFn: async ({ signal }) =>
      ReportTypesResponse.parse(await api.get('/meridian/read/reports/types', { host: 'read', signal })).data,
    staleTime: 5 * 60_000,
  });

export function useReportTypes() {
  return useQuery(reportTypesQueryOptions());
}
