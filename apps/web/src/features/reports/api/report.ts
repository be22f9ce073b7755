import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportItem } from '@meridian/contract/reports';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';
import { isMoving } from './report-history';

/** GET /{provider}/read/reports/{urn}: one report, polled every second while it is being built. */
export function useLiveReport(initial: ReportItem) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'one', initial.report_urn],
      queryFn: async ({ signal }) =>
        ReportItem.parse(
          await apiFetch<unknown>(`/${PROVIDER}/read/reports/${encodeURIComponent(initial.report_urn)}`, {
            host: 'read',
            signal,
          }),
        ),
      initialData: initial,
      enabled: isMoving(initial),
      refetchInterval: (query) => (query.state.data && isMoving(query.state.data) ? 1000 : false),
    }),
  );
}
