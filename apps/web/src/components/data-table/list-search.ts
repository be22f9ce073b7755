/**
 * The filter state of a list screen as URL search parameters: `start_date`, `end_date`,
 * `offset`, `limit`, `search_key`, `search_value`, plus `selected` for the row whose details dialog is open.
 *
 * Route files use `listSearchSchema` as `validateSearch`, so this module sits in the first bundle of every
 * page: it only parses (no zod, no date-fns, no state logic; that is ./list-state.ts). A bad URL never
 * throws: every parameter that cannot be used is dropped and the defaults apply.
 */
import type { ListFilterDef } from '@meridian/contract/lists';
import { searchSchema, type ParamParser } from '@/lib/format/search-params';

export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 100_000_000;
export const MAX_SEARCH_VALUE = 100;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD day (NaN for anything else). */
export function utcDay(date: string): number {
  const match = ISO_DATE.exec(date);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
}

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const time = utcDay(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const dateParam: ParamParser<string | undefined> = (value) =>
  typeof value === 'string' && isIsoDate(value) ? value : undefined;

export const intParam =
  (min: number, max: number): ParamParser<number | undefined> =>
  (value) => {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : NaN;
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };

/** Text as typed or as the router JSON-parsed it (a numeric reference arrives as a number). */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const searchKeyParam: ParamParser<string | undefined> = (value) => {
  const key = text(value);
  return key !== undefined && /^[a-z][a-z0-9_-]{0,63}$/i.test(key) ? key : undefined;
};

const searchValueParam: ParamParser<string | undefined> = (value) =>
  text(value)?.trim().slice(0, MAX_SEARCH_VALUE) || undefined;

const selectedParam: ParamParser<string | undefined> = (value) => {
  const id = text(value)?.trim();
  return id && id.length <= 200 ? id : undefined;
};

/** `validateSearch` of every list route. Each parameter is optional; unusable values are dropped. */
export const listSearchSchema = searchSchema({
  start_date: dateParam,
  end_date: dateParam,
  offset: intParam(0, MAX_OFFSET),
  limit: intParam(1, MAX_PAGE_SIZE),
  search_key: searchKeyParam,
  search_value: searchValueParam,
  selected: selectedParam,
});

/**
 * The list filter state as it is in the URL (defaults left out). A list's own filters (its definition's
 * `filters`: `status`, `amount_min`…) ride along as text parameters of the same names.
 */
export type ListSearch = ReturnType<typeof listSearchSchema> & { readonly [filter: string]: unknown };

/** A list's filter values by query parameter (`{ status: 'FAILURE', amount_min: '100' }`), empty ones left out. */
export type ListFilterValues = Readonly<Record<string, string>>;

/** A rupee amount as the server takes it: digits with at most two decimals, no sign. */
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

const enumParam =
  (values: readonly string[]): ParamParser<string | undefined> =>
  (value) => {
    const v = text(value);
    return v !== undefined && values.includes(v) ? v : undefined;
  };
const amountParam: ParamParser<string | undefined> = (value) => {
  const v = text(value)?.trim();
  return v !== undefined && AMOUNT.test(v) ? v : undefined;
};

/**
 * The URL parameters of a list's filters and their parsers: an `enum` takes one of its values, a `text` up to
 * 100 characters (the server checks it), an `amount` its two ends `{key}_min` and `{key}_max` as rupee amounts.
 */
export function filterParsers(
  filters: Readonly<Record<string, ListFilterDef>> | undefined,
): Record<string, ParamParser<string | undefined>> {
  const parsers: Record<string, ParamParser<string | undefined>> = {};
  for (const [key, filter] of Object.entries(filters ?? {})) {
    if (filter.kind === 'enum') parsers[key] = enumParam(filter.values);
    else if (filter.kind === 'text') parsers[key] = searchValueParam;
    else {
      parsers[`${key}_min`] = amountParam;
      parsers[`${key}_max`] = amountParam;
    }
  }
  return parsers;
}

/** The usable filter values of a search (a bad value is dropped), in the parsers' order. */
export function parseFilters(
  search: Readonly<Record<string, unknown>>,
  parsers: Record<string, ParamParser<string | undefined>>,
): ListFilterValues {
  const out: Record<string, string> = {};
  for (const [param, parse] of Object.entries(parsers)) {
    const value = parse(search[param]);
    if (value !== undefined) out[param] = value;
  }
  return out;
}

/**
 * The usable parameters of a search object that may still hold raw values: the router merges the URL's raw
 * parameters into a route's search, so values the schema dropped (or never knew: a list's filters) are there.
 * With `parsers` (see `filterParsers`) the list's valid filter values are kept; everything else is dropped.
 */
export const cleanListSearch = (
  search: Readonly<Record<string, unknown>>,
  parsers: Record<string, ParamParser<string | undefined>> = {},
): ListSearch => ({
  ...listSearchSchema(search as Parameters<typeof listSearchSchema>[0]),
  ...parseFilters(search, parsers),
});
