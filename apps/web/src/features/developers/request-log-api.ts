import { queryOptions } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import { REQUEST_LOGS_LIST, RequestLogDetails, RequestLogRecord } from '@meridian/contract/developers';
import { createListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * The request log: search, count and export at the paths of its definition (REQUEST_LOGS_LIST), and one
 * request with its masked query and bodies at …/read/fetch/request_logs/{request_id}.
 */
const RequestLogList = listResponse(RequestLogRecord);

export const requestLogEndpoints = createListEndpoints(
  REQUEST_LOGS_LIST,
  (answer) => RequestLogList.parse(answer).data,
);

/** A 404 (a request older than the retention, or a stale link) is an answer, not a failure worth retrying. */
const retryUnlessMissing = (failureCount: number, error: Error) =>
  !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error);

export const requestLogDetailsQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: [REQUEST_LOGS_LIST.name, 'details', requestId] as const,
    queryFn: async ({ signal }) =>
      RequestLogDetails.parse(
        await api.get('/meridian/read/fetch/request_logs/{request_id}', {
          host: 'read',
          params: { path: { request_id: requestId } },
          signal,
        }),
      ),
    retry: retryUnlessMissing,
  });
