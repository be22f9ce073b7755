import { queryOptions, useQuery } from '@tanstack/react-query';
import { IFSC_PATTERN, IfscDetails } from '@meridian/contract';
import { api, isApiError } from '@/lib/api';
import { shouldRetry } from '@/lib/api/query-client';

/** GET /{provider}/read/fetch/ifsc/{ifsc}: the bank of an IFSC; 404 "Unknown IFSC code" when not registered. */

export const UNKNOWN_IFSC = 'Unknown IFSC code';

/** The IFSC as the registry spells it: trimmed, upper case. */
export const normalizeIfsc = (value: string): string => value.trim().toUpperCase();
export const isCompleteIfsc = (value: string): boolean => IFSC_PATTERN.test(normalizeIfsc(value));

export const isUnknownIfsc = (error: unknown): boolean => isApiError(error) && error.status === 404;

export const ifscQueryOptions = (ifsc: string) =>
  queryOptions({
    queryKey: ['flow', 'ifsc', normalizeIfsc(ifsc)] as const,
    queryFn: async ({ signal }) =>
      IfscDetails.parse(
        await api.get('/meridian/read/fetch/ifsc/{ifsc}', {
          host: 'read',
          params: { path: { ifsc: normalizeIfsc(ifsc) } },
          signal,
        }),
      ),
    enabled: isCompleteIfsc(ifsc),
    // The registry hardly changes; an unknown code stays unknown.
    staleTime: 60 * 60_000,
    retry: (failureCount, error) => !isUnknownIfsc(error) && shouldRetry(failureCount, error),
  });

/** Looks the IFSC up once it has 11 valid characters; idle before that. */
export function useIfscDetails(ifsc: string) {
  return useQuery(ifscQueryOptions(ifsc));
}
