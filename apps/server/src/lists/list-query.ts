import {
  DEFAULT_RANGE_START,
  MAX_RANGE_DAYS,
  searchKeysOf,
  withProvider,
  type ListDef,
  type ListQuery,
} from '@meridian/contract';
import { badRequest } from '../http/errors.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

/** A resolved list filter: whole days in the user's time zone as a half-open UTC interval. */
export type ListFilter = {
  from: Date;
  to: Date;
  limit: number;
  offset: number;
  /** The search key without the provider prefix (`urn`, `transaction_id`) or as given, and its value. */
  search: { key: string; value: string } | null;
  timeZone: string;
};

/**
 * What resolving a list's filter reads of its definition (the contract's `defineList`): its name (messages), its
 * search keys (`{product}` standing for the provider slug), keys accepted as another key's alias, and
 * its default date range.
 */
export type ListQueryDef = Pick<ListDef, 'name' | 'searchKeys' | 'aliases' | 'defaultRange'>;

/** The IANA time zone, or a 400 naming the `time_zone` field. */
export function checkTimeZone(timeZone: string): string {
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    throw badRequest(`Unknown time zone: ${timeZone}`, { time_zone: 'is not an IANA time zone' });
  }
}

/** Offset of `timeZone` from UTC at `instant`, in ms. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: building an Intl.DateTimeFormat costs ~0.2 ms, using one ~2 µs. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

function zoneOffset(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which `date` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDay(date: string, timeZone: string): Date {
  return new Date(startOfDayMs(date, timeZone));
}

/**
 * startOfDay's answers (a pure function of its two arguments): every list request resolves two or more, and
 * Intl's formatToParts behind them cost ~3 % of a list request's CPU. Bounded: emptied when it grows past
 * DAY_STARTS_KEPT entries.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 10_000;

function startOfDayMs(date: string, timeZone: string): number {
  const key = `${timeZone}|${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - zoneOffset(guess, timeZone);
  instant = guess - zoneOffset(instant, timeZone); // across a DST change the offset at the result counts
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, instant);
  return instant;
}

/** `date` (YYYY-MM-DD) shifted by whole calendar days. */
const addDays = (date: string, days: number) =>
  days === 0 ? date : new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Per time zone, the day that contains the last instant asked about: [start, end) in UTC ms. */
const today = new Map<string, { date: string; start: number; end: number }>();

/** Today's date (YYYY-MM-DD) in `timeZone`, shifted by `days`. */
export function dayIn(timeZone: string, days = 0, now = Date.now()): string {
  const known = today.get(timeZone);
  if (known && now >= known.start && now < known.end) return addDays(known.date, days);
  const date = new Date(now + zoneOffset(now, timeZone)).toISOString().slice(0, 10);
  if (today.size >= DAY_STARTS_KEPT) today.clear();
  today.set(timeZone, {
    date,
    start: startOfDayMs(date, timeZone),
    end: startOfDayMs(addDays(date, 1), timeZone),
  });
  return addDays(date, days);
}

/**
 * Resolves the list filter (dates default to the list's default range: the last 7 days including today,
 * unless it says otherwise) and checks the search key against the list's allowed keys (400 otherwise).
 */
export function resolveListQuery(
  query: Partial<ListQuery>,
  def: ListQueryDef,
  product: string,
  now = Date.now(),
): ListFilter {
  const timeZone = checkTimeZone(query.time_zone || DEFAULT_TIME_ZONE);
  // The dates are real calendar dates (the contract's CalendarDate refuses 2025-02-30 before this runs).
  const endDate = query.end_date ?? dayIn(timeZone, 0, now);
  const startDate = query.start_date ?? dayIn(timeZone, DEFAULT_RANGE_START[def.defaultRange], now);
  if (startDate > endDate)
    throw badRequest('start_date must not be after end_date', { start_date: 'is after end_date' });
  const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS)
    throw badRequest(`A date range is at most ${MAX_RANGE_DAYS} days`, { start_date: 'range is too long' });
  const end = new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

  let search: ListFilter['search'] = null;
  if (query.search_key !== undefined && query.search_key !== '') {
    const allowed = searchKeysOf(def, product);
    const aliases = Object.entries(def.aliases ?? {}).map(([k, v]) => [
      withProvider(k, product),
      withProvider(v, product),
    ]);
    const key = aliases.find(([k]) => k === query.search_key)?.[1] ?? query.search_key;
    if (!allowed.includes(key))
      throw badRequest(`search_key must be one of: ${allowed.join(', ')}`, {
        search_key: `is not a search key of ${def.name}`,
      });
    const value = query.search_value?.trim();
    if (value) search = { key: key.replace(`${product}_`, ''), value };
  }
  return {
    from: startOfDay(startDate, timeZone),
    to: startOfDay(end, timeZone),
    limit: query.limit ?? 10,
    offset: query.offset ?? 0,
    search,
    timeZone,
  };
}
