import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SimulateCreditResult, type SimulateCredit } from '@meridian/contract/accounts';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { invalidateAccounts } from './invalidate';

/**
 * POST /{provider}/sandbox/simulate/credit: money arriving from a remitter (sandbox only; 404 in production).
 * 201 for a new credit, 200 with `duplicate: true` when the UTR had already arrived.
 */
export function simulateCredit(body: SimulateCredit) {
  return api.post('/meridian/sandbox/simulate/credit', { body }).then((a) => SimulateCreditResult.parse(a));
}

export function useSimulateCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['accounts', 'simulate-credit'],
    mutationFn: simulateCredit,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidateAccounts(queryClient),
  });
}
