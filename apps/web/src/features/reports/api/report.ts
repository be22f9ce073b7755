import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportItem } from '@meridian/contract/reports';
import { api } from '@/lib/api';
import { isMoving } from './report-history';

/** GET /{provider}/read/reports/{urn}: one report, polled every second while it is being built. */
export function useLiveReport(initial: ReportItem) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'one', initial.report_urn],
      queryFn: async ({ signal }) =>
        ReportItem.parse(
          await api.get('/meridian/read/reports/{report_urn}', {
            host: 'read',
            params: { path: { report_urn: initial.report_urn } },
            signal,
          }),
        ),
      initialData: initial,
      enabled: isMoving(initial),
      refetchInterval: (query) => (query.state.data && isMoving(query.state.data) ? 1000 : false),
    }),
  );
}
