import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GlobalSearchResult } from '@meridian/contract';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@meridian/contract/search';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/**
 * GET /{provider}/read/search/global?q=&time_zone= (docs/using/flow-api.md): the caller's payouts and beneficiaries
 * (and the records of later modules) matching a reference, code, name or account number, with the route that
 * opens each.
 */
/** Quiet time after the last key press before the palette asks the server. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Only in-app paths are followed (`/flow/payouts`), never another origin. */
const IN_APP_PATH = /^\/[a-z0-9][a-z0-9/-]*$/;

/** The query as it is sent: trimmed; too short or too long means no search at all. */
export function searchableQuery(input: string): string | null {
  const q = input.trim();
  return q.length >= SEARCH_MIN_LENGTH && q.length <= SEARCH_MAX_LENGTH ? q : null;
}

export const globalSearchQueryOptions = (q: string, timeZone: string) =>
  queryOptions({
    queryKey: ['global-search', q, timeZone] as const,
    // The signal aborts the request when the query goes stale (the user typed on) or the palette closes.
    queryFn: async ({ signal }) => {
      // The schema loads with the first search (src/contract/shell-schemas.ts), beside the request.
      const [{ GlobalSearchResponse }, answer] = await Promise.all([
        import('@/contract/shell-schemas'),
        api.get('/meridian/read/search/global', {
          host: 'read',
          params: { query: { q, time_zone: timeZone } },
          signal,
        }),
      ]);
      return GlobalSearchResponse.parse(answer).data.filter((r) => IN_APP_PATH.test(r.route.to));
    },
    staleTime: 30_000,
    // A 400 (e.g. a character the server refuses) will not pass on a retry.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status === 400) && shouldRetry(failureCount, error),
  });

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Records matching what is typed, asked for once typing pauses. The previous answer stays on screen while the
 * next one loads; nothing is asked for (and nothing shown) below the minimum length.
 */
export function useGlobalSearch(input: string, timeZone: string) {
  const debounced = useDebouncedValue(searchableQuery(input), SEARCH_DEBOUNCE_MS);
  const current = searchableQuery(input);
  const query = useQuery({
    ...globalSearchQueryOptions(debounced ?? '', timeZone),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
  });
  const active = current !== null && debounced !== null;
  return {
    results: active ? (query.data ?? []) : ([] as GlobalSearchResult[]),
    /** Typing, or waiting for the server. */
    searching: current !== null && (current !== debounced || query.isFetching),
    error: active && query.isError ? query.error : null,
  };
}
