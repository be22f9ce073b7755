import { queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import { REPORT_HISTORY_LIST, ReportItem, type ReportType } from '@meridian/contract/reports';
import { createListEndpoints } from '@/components/data-table';
import { api } from '@/lib/api';

const HistoryList = listResponse(ReportItem);

/** The download history at the paths of its definition (REPORT_HISTORY_LIST: status and report type filters). */
export const reportHistoryEndpoints = createListEndpoints(
  REPORT_HISTORY_LIST,
  (answer) => HistoryList.parse(answer).data,
);

/** A report is still moving while QUEUED or RUNNING: its screens poll it. */
export const isMoving = (r: Pick<ReportItem, 'status'>) => r.status === 'QUEUED' || r.status === 'RUNNING';

/**
 * The latest reports (of one type, or all), over the last 30 days; polled every second while one of them is
 * still being built, so progress moves and Download appears without a reload.
 */
export function useRecentReports(reportTypes: readonly ReportType[] | null, limit = 5) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'recent', reportTypes?.join(',') ?? 'all', limit],
      queryFn: async ({ signal }) => {
        const end = new Date();
        const start = new Date(end.getTime() - 30 * 86_400_000);
        const answers = await Promise.all(
          (reportTypes ?? [null]).map(
            async (type) =>
              HistoryList.parse(
                await api.get('/meridian/read/reports/history', {
                  host: 'read',
                  signal,
                  params: {
                    query: {
                      limit,
                      start_date: start.toISOString().slice(0, 10),
                      end_date: new Date(end.getTime() + 86_400_000).toISOString().slice(0, 10),
                      ...(type === null ? {} : { report_type: type }),
                    },
                  },
                }),
              ).data,
          ),
        );
        return answers
          .flat()
          .sort((a, b) => b.requested_at.localeCompare(a.requested_at))
          .slice(0, limit);
      },
      refetchInterval: (query) => (query.state.data?.some(isMoving) ? 1000 : false),
    }),
  );
}
