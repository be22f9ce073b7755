import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

/**
 * The /configurations/callback-configurations URL: the delivery log's filter state plus its own `event_type` and
 * `status`. Plain parsers, no zod: a route's `validateSearch` is in the first bundle of every page.
 */
export type CallbacksSearch = ListSearch & { event_type?: string; status?: string };

/** An option value (PAYOUT, FAILED…); anything else is dropped. */
const option = (value: unknown) =>
  typeof value === 'string' && /^[A-Z][A-Z_]{0,39}$/.test(value) ? value : undefined;

type Input = Parameters<typeof listSearchSchema>[0] & { event_type?: unknown; status?: unknown };

export function callbacksSearchSchema(raw: Input): CallbacksSearch {
  const eventType = option(raw.event_type);
  const status = option(raw.status);
  return {
    ...listSearchSchema(raw),
    ...(eventType ? { event_type: eventType } : {}),
    ...(status ? { status } : {}),
  };
}
