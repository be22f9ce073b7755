import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of this feature start with 'accounts' (the all-accounts list is 'accounts'), the virtual accounts
 * list's is its name ('virtual_accounts'), and account balances are 'AccountBalance'.
 */
export const ACCOUNTS_KEY = 'accounts';

/**
 * Marks stale every cached accounts query (lists, counts, summaries, balances, transactions, credits): a write
 * (a new or closed virtual account, a simulated credit) changes several of them at once.
 */
export function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const first = query.queryKey[0];
      return (
        typeof first === 'string' &&
        /^accounts|^virtual_accounts|^AccountBalance|^AccountTransactions/.test(first)
      );
    },
  });
}
