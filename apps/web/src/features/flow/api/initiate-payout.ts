import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Payout, type InitiatePayout } from '@meridian/contract';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { invalidateTopics } from './invalidate';

/**
 * POST /core_banking/money_transfer/initiate → 201 `Payout` (PENDING). The `Idempotency-Key` header makes a
 * retry of the same submission safe: the server answers a replay with the first answer instead of paying twice.
 */
export interface InitiatePayoutVariables {
  body: InitiatePayout;
  idempotencyKey: string;
}

export function initiatePayout({ body, idempotencyKey }: InitiatePayoutVariables): Promise<Payout> {
  return api
    .post('/core_banking/money_transfer/initiate', {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then((answer) => Payout.parse(answer));
}

export function useInitiatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'payout', 'initiate'],
    mutationFn: initiatePayout,
    // The form shows the server's message and field errors itself.
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () =>
      invalidateTopics(queryClient, ['payout', 'balance', 'summary', 'statement', 'transaction']),
  });
}
