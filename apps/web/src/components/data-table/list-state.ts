/**
 * The effective filter state of a list screen and its transitions. `resolveListState` fills the
 * defaults of whatever the URL left out (the screen's default range in the user's time zone — the last 7 days
 * including today, or today minus 7 days on some fabric screens —, offset 0, 10 per page, the screen's first
 * search key). The transitions (`withDateRange`, `withSearch`, `withOffset`,
 * `withLimit`, `withSelected`) return the next URL search with default values left out, so a plain link such
 * as `/flow/payouts` is the default view and the default range keeps following "today".
 */
import { DEFAULT_RANGE_START, MAX_RANGE_DAYS, type DefaultRange } from '@meridian/contract/lists';
import {
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  MAX_SEARCH_VALUE,
  utcDay,
  type ListFilterValues,
  type ListSearch,
} from './list-search';

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export { MAX_RANGE_DAYS };
const FALLBACK_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------------
// Calendar dates as YYYY-MM-DD strings (whole days; no time zone involved once "today" is known)

export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `start` to `end` (0 for the same day, negative when `end` is earlier). */
export function daysBetween(start: string, end: string): number {
  return Math.round((utcDay(end) - utcDay(start)) / DAY_MS);
}

/** Today's date (YYYY-MM-DD) in `timeZone`; an unknown zone falls back to Asia/Kolkata. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  let p: Record<string, string>;
  try {
    p = parts(timeZone);
  } catch {
    p = parts(FALLBACK_TIME_ZONE);
  }
  return `${p.year}-${p.month}-${p.day}`;
}

export interface DateRange {
  start: string;
  end: string;
}

/** A screen's default range (the list definition's) ending on `end` (today, unless the URL gave only an end). */
export function defaultRange(end: string, kind: DefaultRange = 'last7'): DateRange {
  return { start: addDays(end, DEFAULT_RANGE_START[kind]), end };
}

/** A usable range: start and end swapped when reversed; longer than 366 days, the start moves up. */
export function normalizeRange({ start, end }: DateRange): DateRange {
  if (start > end) [start, end] = [end, start];
  if (daysBetween(start, end) >= MAX_RANGE_DAYS) start = addDays(end, -(MAX_RANGE_DAYS - 1));
  return { start, end };
}

// ---------------------------------------------------------------------------------------------------------
// Range presets of the date-range picker

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];

/** The first day (YYYY-MM-01) of the month `months` after the month of `day`. */
export function startOfMonth(day: string, months = 0): string {
  const date = new Date(utcDay(day));
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/** A preset's days, `today` being today in the user's time zone; "Last 7 days" includes today. */
export function presetRange(id: RangePresetId, today: string): DateRange {
  switch (id) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case 'last-7-days':
      return defaultRange(today, 'last7');
    case 'this-month':
      return { start: startOfMonth(today), end: today };
    case 'last-month':
      return { start: startOfMonth(today, -1), end: addDays(startOfMonth(today), -1) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// The effective state

export interface ListState {
  startDate: string;
  endDate: string;
  offset: number;
  limit: number;
  /** Always one of the screen's keys (the first one unless another is chosen). */
  searchKey: string;
  /** Empty: no search. */
  searchValue: string;
  selected: string | undefined;
  /** The list's filter values by query parameter (see `filterParsers`). */
  filters: ListFilterValues;
}

export interface ListContext {
  /** Today (YYYY-MM-DD) in the user's time zone. */
  today: string;
  /** The screen's search keys, default first. */
  searchKeys: readonly string[];
  /** The list's default range (default: the last 7 days including today). */
  defaultRange?: DefaultRange;
  /** The list's valid filter values, already parsed from the search (default: none). */
  filters?: ListFilterValues;
}

/**
 * The filter state with defaults filled in. A missing end is today (or the start, if that lies ahead); a
 * missing start is where the screen's default range would start before that end; a reversed or too long
 * range is repaired; an unknown search key becomes the default key.
 */
export function resolveListState(
  search: ListSearch,
  { today, searchKeys, defaultRange: kind, filters = {} }: ListContext,
): ListState {
  const { start_date: start, end_date: end } = search;
  const endDate = end ?? (start !== undefined && start > today ? start : today);
  const range = normalizeRange({ start: start ?? defaultRange(endDate, kind).start, end: endDate });
  const defaultKey = searchKeys[0] ?? '';
  const searchKey =
    search.search_key !== undefined && searchKeys.includes(search.search_key)
      ? search.search_key
      : defaultKey;
  return {
    startDate: range.start,
    endDate: range.end,
    offset: search.offset ?? 0,
    limit: search.limit ?? DEFAULT_PAGE_SIZE,
    searchKey,
    searchValue: search.search_value ?? '',
    selected: search.selected,
    filters,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Transitions: each returns the next URL search

function without<K extends keyof ListSearch>(search: ListSearch, ...keys: K[]): ListSearch {
  const next = { ...search };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * New dates (changing the range resets the offset). The range is normalised; the screen's default
 * range (`fallback`, e.g. `defaultRange(today)`) is left out of the URL so that it keeps following today.
 */
export function withDateRange(search: ListSearch, range: DateRange, fallback: DateRange): ListSearch {
  const next = without(search, 'offset', 'start_date', 'end_date');
  const { start, end } = normalizeRange(range);
  if (start === fallback.start && end === fallback.end) return next;
  return { ...next, start_date: start, end_date: end };
}

/**
 * Searches one key for a value: the new pair replaces whatever search was active, so only one key
 * has a value, and the offset goes back to 0. An empty value clears the search.
 */
export function withSearch(search: ListSearch, key: string, value: string): ListSearch {
  const next = without(search, 'offset', 'search_key', 'search_value');
  const trimmed = value.trim().slice(0, MAX_SEARCH_VALUE);
  return trimmed === '' ? next : { ...next, search_key: key, search_value: trimmed };
}

export function withOffset(search: ListSearch, offset: number): ListSearch {
  const next = without(search, 'offset');
  const clamped = Math.min(Math.max(0, Math.floor(offset)), MAX_OFFSET);
  return clamped === 0 ? next : { ...next, offset: clamped };
}

/** A new page size starts again from the first page. */
export function withLimit(search: ListSearch, limit: number): ListSearch {
  const next = without(search, 'offset', 'limit');
  const clamped = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
  return clamped === DEFAULT_PAGE_SIZE ? next : { ...next, limit: clamped };
}

/**
 * Sets (or, with '', clears) the filter values of the given query parameters, e.g. `{ status: 'FAILURE' }` or
 * `{ amount_min: '100', amount_max: '' }`; like every filter change it goes back to the first page.
 */
export function withFilters(search: ListSearch, values: Readonly<Record<string, string>>): ListSearch {
  const next: Record<string, unknown> = { ...without(search, 'offset') };
  for (const [param, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed === '') delete next[param];
    else next[param] = trimmed;
  }
  return next as ListSearch;
}

/** Opens (id) or closes (undefined) the details dialog of a row. */
export function withSelected(search: ListSearch, id: string | undefined): ListSearch {
  const next = without(search, 'selected');
  return id === undefined || id === '' ? next : { ...next, selected: id };
}

// ---------------------------------------------------------------------------------------------------------
// API query parameters (contract ListQuery)

/** Count and CSV export take the filters without paging. */
export interface FilterApiQuery {
  /** The list's filter parameters (`status`, `amount_min`…). */
  [filter: string]: string | number | undefined;
  start_date: string;
  end_date: string;
  time_zone: string;
  search_key?: string;
  search_value?: string;
}

export interface ListApiQuery extends FilterApiQuery {
  limit: number;
  offset: number;
}

/** The query of a list: its dates, search and filters (filter parameters in a stable order, for the cache key). */
export function toFilterQuery(state: ListState, timeZone: string): FilterApiQuery {
  const filters: Record<string, string> = {};
  for (const param of Object.keys(state.filters).sort()) filters[param] = state.filters[param]!;
  return {
    ...filters,
    start_date: state.startDate,
    end_date: state.endDate,
    time_zone: timeZone,
    ...(state.searchValue !== '' ? { search_key: state.searchKey, search_value: state.searchValue } : {}),
  };
}

export function toListQuery(state: ListState, timeZone: string): ListApiQuery {
  return { ...toFilterQuery(state, timeZone), limit: state.limit, offset: state.offset };
}
