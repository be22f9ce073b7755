import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

// The route's `validateSearch` runs with the route tree, which the app loads at once: this module stays small
// (no page, no contract, no zod), so the e-mandates screen itself loads only when it is opened.

export type MandatesTab = 'registrations' | 'presentations';
export type MandatesSearch = ListSearch & { tab?: MandatesTab; status?: string };

/** The page's URL state: the list filter, the open row, the tab and the status filter; bad values degrade. */
export const mandatesSearchSchema = (
  input: Parameters<typeof listSearchSchema>[0] & { tab?: unknown; status?: unknown },
): MandatesSearch => ({
  ...listSearchSchema(input),
  ...(input.tab === 'presentations' ? { tab: 'presentations' as const } : {}),
  ...(typeof input.status === 'string' && /^[A-Z_]{1,20}$/.test(input.status)
    ? { status: input.status }
    : {}),
});
