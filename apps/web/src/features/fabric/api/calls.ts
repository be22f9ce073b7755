import { queryOptions } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import {
  FABRIC_LISTS,
  FabricCall,
  FabricCallDetails,
  type FabricProductSlug,
} from '@meridian/contract/fabric';
import { createListEndpoints, type ListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * A fabric product's call log at the paths of its definition (FABRIC_LISTS: search, count and export under
 * /{provider}/read/…/fabric/{slug}), and one call with its masked request and response at
 * …/read/fetch/fabric/{slug}/{urn}.
 */
const FabricCallList = listResponse(FabricCall);

/** The query-key topic of a product's calls, its list's name (the live tail refreshes it when a call comes). */
export const fabricCallsKey = (slug: FabricProductSlug): string => FABRIC_LISTS[slug].name;

const endpoints = new Map<FabricProductSlug, ListEndpoints<FabricCall>>();

/** The list endpoints of one product (one object per product, so its query options stay stable). */
export function fabricCallsEndpoints(slug: FabricProductSlug): ListEndpoints<FabricCall> {
  let found = endpoints.get(slug);
  if (!found) {
    found = createListEndpoints(FABRIC_LISTS[slug], (answer) => FabricCallList.parse(answer).data);
    endpoints.set(slug, found);
  }
  return found;
}

export const fabricCallDetailsQueryOptions = (slug: FabricProductSlug, urn: string) =>
  queryOptions({
    queryKey: [fabricCallsKey(slug), 'details', urn] as const,
    queryFn: async ({ signal }) =>
      FabricCallDetails.parse(
        await api.get('/meridian/read/fetch/fabric/{slug}/{urn}', {
          host: 'read',
          params: { path: { slug, urn } },
          signal,
        }),
      ),
    // A 404 (unknown urn, e.g. a stale link) is an answer, not a failure worth retrying.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error),
    // A call waiting for a person or a second step (consent, OTP) is followed while its dialog is open.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 5_000 : false),
  });
