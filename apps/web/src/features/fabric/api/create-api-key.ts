import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyCreated, type CreateApiKey } from '@meridian/contract/fabric';
import { z } from 'zod';
import { api } from '@/lib/api';
import { doneOrPending, PendingApproval, type DoneOrPending } from '@/lib/api/pending-approval';
import { apiKeysQueryKey } from './api-keys';

/**
 * The 202 of a key an `api_key` approval rule holds: the request, and the key's id and secret, made at once and
 * shown in this answer only; the key works once the request is approved (never if rejected or expired).
 */
export const PendingApiKey = PendingApproval.extend({ key_id: z.string(), key_secret: z.string() });
export type PendingApiKey = z.infer<typeof PendingApiKey>;

export type ApiKeyAnswer = DoneOrPending<ApiKeyCreated, PendingApiKey>;
const ApiKeyAnswer = doneOrPending(ApiKeyCreated, PendingApiKey);

/**
 * POST /v2/company/api_keys `{ name, role }` → 201 `ApiKeyCreated`, or 202 `PendingApiKey` when the creation waits
 * for approval: the only answers that carry `key_secret`. The secret is kept in the mutation's result only (never
 * in the query cache or storage). The screen shows the error itself (e.g. 422 at the active-keys limit), so there
 * is no global toast.
 */
export async function createApiKey(body: CreateApiKey): Promise<ApiKeyAnswer> {
  return ApiKeyAnswer.parse(await api.post('/v2/company/api_keys', { body }));
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
