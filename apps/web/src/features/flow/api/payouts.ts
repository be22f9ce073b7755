import { queryOptions } from '@tanstack/react-query';
import { Payout, PayoutDetails, listResponse } from '@meridian/contract';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { createListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * Payouts (docs/using/flow-api.md): the list's search, count and CSV at the paths of its definition (PAYOUTS_LIST),
 * and one payout with its timeline and callback deliveries at …/read/fetch/transaction/payouts/{urn}.
 */
const PayoutList = listResponse(Payout);

export const payoutsEndpoints = createListEndpoints(PAYOUTS_LIST, (answer) => PayoutList.parse(answer).data);

/** A 404 (unknown urn, e.g. a stale link) is an answer, not a failure worth retrying. */
const retryUnlessMissing = (failureCount: number, error: Error) =>
  !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error);

export const payoutDetailsQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: ['payouts', 'details', urn] as const,
    queryFn: async ({ signal }) =>
      PayoutDetails.parse(
        await api.get('/meridian/read/fetch/transaction/payouts/{urn}', {
          host: 'read',
          params: { path: { urn } },
          signal,
        }),
      ),
    retry: retryUnlessMissing,
    // An open dialog follows a pending payout until the rail settles it.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 3_000 : false),
  });
