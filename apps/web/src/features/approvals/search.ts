import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

// The route's `validateSearch` runs with the route tree, which the app loads at once: this module stays small
// (no page, no contract, no zod), so the approvals screen itself loads only when it is opened.

export type ApprovalsTab = 'inbox' | 'history';
export type ApprovalsSearch = ListSearch & { tab?: 'history' };

/** The page's URL state: the tab, and the history list's filters and open row; bad values degrade. */
export const approvalsSearchSchema = (
  input: Parameters<typeof listSearchSchema>[0] & { tab?: unknown },
): ApprovalsSearch => ({
  ...listSearchSchema(input),
  ...(input.tab === 'history' ? { tab: 'history' as const } : {}),
});
