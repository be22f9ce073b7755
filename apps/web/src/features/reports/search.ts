import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

// The route's `validateSearch` runs with the route tree, which the app loads at once: this module stays small
// (no page, no contract, no zod), so the reports screens load only when opened.

/** The download history's URL state; its status and report type ride along as the list's filters. */
export type HistorySearch = ListSearch & { company?: string };

/**
 * The download history's URL state: the list filter, the open row and the page's own company filter. The list's
 * filters (status, report type) are checked by DataTable against REPORT_HISTORY_LIST.
 */
export const historySearchSchema = (
  input: Parameters<typeof listSearchSchema>[0] & { company?: unknown },
): HistorySearch => ({
  ...listSearchSchema(input),
  ...(typeof input.company === 'string' && /^[\w-]{1,64}$/.test(input.company)
    ? { company: input.company }
    : {}),
});
