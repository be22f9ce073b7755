import { queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import { ApiKey } from '@meridian/contract/fabric';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/api_keys → `{ data: ApiKey[] }`: the client's keys, never their secrets. */
const ApiKeyList = listResponse(ApiKey);

export const apiKeysQueryKey = ['fabric', 'api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }) =>
      ApiKeyList.parse(await api.get('/meridian/read/fetch/api_keys', { host: 'read', signal })).data,
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
