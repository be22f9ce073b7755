import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ReportPreview } from '@meridian/contract/reports';
import { api, type ApiOperation, type ApiQuery } from '@/lib/api';

/** The preview's query parameters, as the document declares them (`report_type` required). */
export type PreviewParams = ApiQuery<ApiOperation<'/meridian/read/reports/preview', 'get'>>;

/** GET /{provider}/read/reports/preview → the first 10 rows as the file would have them, and the row count. */
export function useReportPreview(params: PreviewParams | null) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'preview', params],
      // Nothing is asked for until the form describes a request.
      queryFn:
        params === null
          ? skipToken
          : async ({ signal }) =>
              ReportPreview.parse(
                await api.get('/meridian/read/reports/preview', {
                  host: 'read',
                  signal,
                  params: { query: params },
                }),
              ),
      placeholderData: keepPreviousData,
    }),
  );
}
