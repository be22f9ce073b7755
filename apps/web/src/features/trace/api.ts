import { queryOptions } from '@tanstack/react-query';
import { Trace } from '@meridian/contract/developers';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * The trace of a request id or of a resource id (payout urn, KYC call urn, virtual-account credit urn…) at
 * GET /{provider}/read/fetch/trace/{id}, and its PDF evidence pack at …/trace/{id}/evidence.pdf.
 */
export const traceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['trace', id] as const,
    queryFn: async ({ signal }) =>
      Trace.parse(
        await api.get('/meridian/read/fetch/trace/{id}', { host: 'read', params: { path: { id } }, signal }),
      ),
    // An id the client does not have (404) or may not read (403) is an answer, not a failure to retry.
    retry: (failureCount, error) =>
      !(isApiError(error) && (error.status === 404 || error.status === 403)) &&
      shouldRetry(failureCount, error),
  });

/** The evidence pack, times in the user's time zone. */
export function downloadEvidence(id: string, timeZone: string): Promise<Blob> {
  return api.get('/meridian/read/fetch/trace/{id}/evidence.pdf', {
    host: 'read',
    params: { path: { id }, query: { time_zone: timeZone } },
    parseAs: 'blob',
    timeoutMs: 60_000,
  });
}

/** The name a downloaded trace is saved under (the id's characters a file name may hold). */
export const traceFileName = (id: string, ext: 'json' | 'pdf') =>
  `trace_${id.replace(/[^\w.-]/g, '_')}.${ext}`;
