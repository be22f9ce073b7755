import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyCreated, type CreateApiKey } from '@meridian/contract/fabric';
import { api } from '@/lib/api';
import { apiKeysQueryKey } from './api-keys';

/**
 * POST /v2/company/api_keys `{ name }` → 201 `ApiKeyCreated`: the only answer that carries `key_secret`.
 * The secret is kept in the mutation's result only (never in the query cache or storage). The screen shows
 * the error itself (e.g. 422 at the active-keys limit), so there is no global toast.
 */
export async function createApiKey(body: CreateApiKey): Promise<ApiKeyCreated> {
  return ApiKeyCreated.parse(await api.post('/v2/company/api_keys', { body }));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fabric', 'api-keys', 'create'],
    mutationFn: createApiKey,
    meta: { errorToast: false },
    // Forgotten as soon as the dialog lets go of it (the mutation cache would keep it for 5 minutes).
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
