import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useCan } from '@/lib/api/user-details';

/**
 * How many approval requests wait for the signed-in member (the navigation's badge): asked only of a role that
 * decides, refreshed every minute and whenever a decision refreshes the approvals queries (['approvals', …]).
 * The shell counts the answer without the contract's schemas (they load with the approvals screen).
 */
export function useApprovalsWaiting(): number | undefined {
  const decides = useCan('approvals.decide');
  return useQuery({
    queryKey: ['approvals', 'inbox', 'count'],
    queryFn: async ({ signal }) =>
      (await api.get('/meridian/read/fetch/approvals/inbox', { host: 'read', signal })).data.length,
    enabled: decides,
    refetchInterval: 60_000,
    staleTime: 30_000,
  }).data;
}
