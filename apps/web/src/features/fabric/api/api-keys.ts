import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKey, listResponse } from '@meridian/contract';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** GET /{provider}/read/fetch/api_keys → `{ data: ApiKey[] }`: the client's keys, never their secrets. */
const ApiKeyList = listResponse(ApiKey);

export const apiKeysQueryKey = ['fabric', 'api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }) =>
      ApiKeyList.parse(await apiFetch<unknown>(`/${PROVIDER}/read/fetch/api_keys`, { host: 'read', signal }))
        .data,
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
