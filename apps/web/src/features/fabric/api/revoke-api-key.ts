import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKey } from '@meridian/contract/fabric';
import { api } from '@/lib/api';
import { apiKeysQueryKey } from './api-keys';

/** POST /v2/company/api_keys/{key_id}/revoke → the key, now `REVOKED` (calls with it are refused at once). */
export async function revokeApiKey(keyId: string): Promise<ApiKey> {
  return ApiKey.parse(
    await api.post('/v2/company/api_keys/{key_id}/revoke', { params: { path: { key_id: keyId } } }),
  );
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fabric', 'api-keys', 'revoke'],
    mutationFn: revokeApiKey,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
