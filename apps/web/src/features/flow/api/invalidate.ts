import type { QueryClient } from '@tanstack/react-query';

/**
 * Marks stale every cached flow query whose key mentions one of `topics` (case-insensitive), e.g. 'payout'
 * after a payout or 'beneficiar' after a beneficiary change. Lists, counts, dropdowns and the overview use
 * their own key layouts; matching on the topic keeps a write from having to know each of them.
 */
export function invalidateTopics(queryClient: QueryClient, topics: readonly string[]): Promise<void> {
  const words = topics.map((t) => t.toLowerCase());
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = JSON.stringify(query.queryKey).toLowerCase();
      return words.some((w) => key.includes(w));
    },
  });
}
