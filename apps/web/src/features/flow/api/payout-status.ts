import { queryOptions, useQuery } from '@tanstack/react-query';
import { Payout, type PayoutStatus } from '@meridian/contract';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/transaction/payouts/{urn}: one payout (its timeline and callbacks are not read). */

/** How often a PENDING payout is asked for again. */
export const PAYOUT_POLL_MS = 2_000;

/** A payout waiting for approval may wait hours: asked for again this often. */
export const APPROVAL_POLL_MS = 15_000;

export const isFinalPayoutStatus = (status: PayoutStatus): boolean =>
  status !== 'PENDING' && status !== 'PENDING_APPROVAL';

export const payoutStatusQueryOptions = (urn: string, pollMs: number = PAYOUT_POLL_MS) =>
  queryOptions({
    queryKey: ['flow', 'payout-status', urn] as const,
    queryFn: async ({ signal }) =>
      Payout.parse(
        await api.get('/meridian/read/fetch/transaction/payouts/{urn}', {
          host: 'read',
          params: { path: { urn } },
          signal,
        }),
      ),
    // Poll while the payout is pending; stop for good once it reached a final state.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status !== undefined && isFinalPayoutStatus(status)) return false;
      return status === 'PENDING_APPROVAL' ? Math.max(pollMs, APPROVAL_POLL_MS) : pollMs;
    },
    refetchOnWindowFocus: (query) => query.state.data?.status === 'PENDING',
  });

/** The live state of a payout, starting from the answer that created it. */
export function usePayoutStatus(initial: Payout, pollMs?: number) {
  return useQuery({
    ...payoutStatusQueryOptions(initial.urn, pollMs),
    initialData: initial,
    initialDataUpdatedAt: () => Date.now(),
  });
}
