import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowSummary } from '@meridian/contract';
import { api } from '@/lib/api';

/**
 * GET /{provider}/read/fetch/flow/summary?time_zone= → `FlowSummary`: balances, today's payouts by status,
 * the 7-day volume and the 5 latest payouts, for the /flow home.
 *
 * The home is the first signed-in view (180 KB of JavaScript as received, npm run size), so the contract and zod
 * load in parallel with the request instead of with the page: the answer is still validated. Only the flow part
 * of the contract (`@meridian/contract/flow`): the whole contract grows with every module.
 */
export type { FlowSummary };

export const flowSummaryQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: ['flow', 'summary', timeZone] as const,
    queryFn: async ({ signal }): Promise<FlowSummary> => {
      const [contract, answer] = await Promise.all([
        import('@/contract/shell-schemas'),
        api.get('/meridian/read/fetch/flow/summary', {
          host: 'read',
          params: { query: { time_zone: timeZone } },
          signal,
        }),
      ]);
      return contract.FlowSummary.parse(answer);
    },
  });

export function useFlowSummary(timeZone: string) {
  return useQuery(flowSummaryQueryOptions(timeZone));
}
