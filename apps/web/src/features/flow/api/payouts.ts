import { queryOptions } from '@tanstack/react-query';
import { Payout, PayoutDetails, listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';
import { apiFetch, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';
import { PROVIDER } from '@/lib/env';

/**
 * Payouts (docs/flow-api.md): search GET /{provider}/read/search/transaction/payouts, count
 * …/read/count/transaction/payouts, CSV …/read/export/transaction/payouts, and one payout with its timeline
 * and callback deliveries at …/read/fetch/transaction/payouts/{urn}.
 */
const PayoutList = listResponse(Payout);

export const payoutsEndpoints = createListEndpoints({
  key: 'payouts',
  searchPath: `/${PROVIDER}/read/search/transaction/payouts`,
  countPath: `/${PROVIDER}/read/count/transaction/payouts`,
  exportPath: `/${PROVIDER}/read/export/transaction/payouts`,
  parseRows: (answer) => PayoutList.parse(answer).data,
});

/** A 404 (unknown urn, e.g. a stale link) is an answer, not a failure worth retrying. */
const retryUnlessMissing = (failureCount: number, error: Error) =>
  !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error);

export const payoutDetailsQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: ['payouts', 'details', urn] as const,
    queryFn: async ({ signal }) =>
      PayoutDetails.parse(
        await apiFetch<unknown>(`/${PROVIDER}/read/fetch/transaction/payouts/${encodeURIComponent(urn)}`, {
          host: 'read',
          signal,
        }),
      ),
    retry: retryUnlessMissing,
    // An open dialog follows a pending payout until the rail settles it.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 3_000 : false),
  });
