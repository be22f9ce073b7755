import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

// The route's `validateSearch` runs with the route tree, which the app loads at once: this module stays small
// (no page, no contract, no zod), so the reports screens load only when opened.

export type HistorySearch = ListSearch & { status?: string; report_type?: string; company?: string };

/** The download history's URL state: the list filter, the open row, status, report type, company. */
export const historySearchSchema = (
  input: Parameters<typeof listSearchSchema>[0] & {
    status?: unknown;
    report_type?: unknown;
    company?: unknown;
  },
): HistorySearch => ({
  ...listSearchSchema(input),
  ...(typeof input.status === 'string' && /^[A-Z]{1,10}$/.test(input.status) ? { status: input.status } : {}),
  ...(typeof input.report_type === 'string' && /^[a-z_]{1,40}$/.test(input.report_type)
    ? { report_type: input.report_type }
    : {}),
  ...(typeof input.company === 'string' && /^[\w-]{1,64}$/.test(input.company)
    ? { company: input.company }
    : {}),
});
