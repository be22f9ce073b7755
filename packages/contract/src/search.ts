import { z } from 'zod';

/**
 * Global search (the command palette): `GET /{provider}/read/search/global?q=…` finds the caller's own records
 * of every kind the server has a searcher for — payouts (by urn, UTR or customer reference) and beneficiaries
 * (by code, name or account number) today; later modules register theirs. Matching is by prefix, case-blind.
 */

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 10;

export const GlobalSearchQuery = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters`)
    .transform((v) => v.trim())
    .pipe(z.string().min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)),
  /** Results per kind of record (1–10, default 5). */
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  /** IANA time zone of the user (default Asia/Kolkata): the day a result's list link opens on. */
  time_zone: z.string().max(64).optional(),
});
export type GlobalSearchQuery = z.input<typeof GlobalSearchQuery>;

/** A screen of the web app to open: a route path and its search parameters. */
export const SearchRoute = z.object({
  to: z.string(),
  search: z.record(z.string(), z.string()),
});
export type SearchRoute = z.infer<typeof SearchRoute>;

export const GlobalSearchResult = z.object({
  /** The kind of record: `payout`, `beneficiary`, … (one per registered searcher). */
  type: z.string(),
  /** Its public id (payout urn, beneficiary code…); unique within `type`. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The field the query matched, e.g. `bank_reference_number`. */
  matched: z.string(),
  route: SearchRoute,
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResult>;

/** Results grouped by kind in a fixed order (the searchers' order), at most `limit` of each kind. */
export const GlobalSearchResponse = z.object({ data: z.array(GlobalSearchResult) });
export type GlobalSearchResponse = z.infer<typeof GlobalSearchResponse>;
