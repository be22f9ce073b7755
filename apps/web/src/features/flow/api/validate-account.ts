import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Validation, type ValidateAccount } from '@meridian/contract';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { invalidateTopics } from './invalidate';

/**
 * POST /core_banking/money_transfer/validate_account → 201 `Validation` (penny drop, synchronous, a fee is
 * debited). The optional `Idempotency-Key` keeps a retried check from being charged twice.
 */
export interface ValidateAccountVariables {
  body: ValidateAccount;
  idempotencyKey?: string;
}

export function validateAccount({ body, idempotencyKey }: ValidateAccountVariables): Promise<Validation> {
  return api
    .post('/core_banking/money_transfer/validate_account', {
      body,
      ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    })
    .then((answer) => Validation.parse(answer));
}

export function useValidateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'validation', 'create'],
    mutationFn: validateAccount,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidateTopics(queryClient, ['validation', 'balance', 'summary', 'statement']),
  });
}
