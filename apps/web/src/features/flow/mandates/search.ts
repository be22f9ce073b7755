import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

// The route's `validateSearch` runs with the route tree, which the app loads at once: this module stays small
// (no page, no contract, no zod), so the e-mandates screen itself loads only when it is opened.

export type MandatesTab = 'registrations' | 'presentations';
export type MandatesSearch = ListSearch & { tab?: MandatesTab };

/**
 * The page's URL state: the list filter, the open row and the tab; bad values degrade. The open list's own
 * filters (`status`, `type`…) ride along as raw parameters and are parsed by the list (its definition).
 */
export const mandatesSearchSchema = (
  input: Parameters<typeof listSearchSchema>[0] & { tab?: unknown },
): MandatesSearch => ({
  ...listSearchSchema(input),
  ...(input.tab === 'presentations' ? { tab: 'presentations' as const } : {}),
});
