import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportPreview } from '@meridian/contract/reports';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

export type PreviewParams = Record<string, string | undefined>;

/** GET /{provider}/read/reports/preview → the first 10 rows as the file would have them, and the row count. */
export function useReportPreview(params: PreviewParams | null) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'preview', params],
      queryFn: async ({ signal }) =>
        ReportPreview.parse(
          await apiFetch<unknown>(`/${PROVIDER}/read/reports/preview`, {
            host: 'read',
            signal,
            query: params ?? {},
          }),
        ),
      enabled: params !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
