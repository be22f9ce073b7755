import { describe, expect, it } from 'vitest';
import { cleanListSearch, filterParsers, listSearchSchema, type ListSearch } from './list-search';
import {
  addDays,
  daysBetween,
  defaultRange,
  normalizeRange,
  presetRange,
  RANGE_PRESETS,
  resolveListState,
  todayIn,
  toFilterQuery,
  toListQuery,
  withDateRange,
  withFilters,
  withLimit,
  withOffset,
  withSearch,
  withSelected,
} from './list-state';

/** What the router hands to validateSearch: the raw (JSON-parsed) search object. */
const parse = (raw: Record<string, unknown>) => listSearchSchema(raw as never);

const TODAY = '2026-03-10';
const KEYS = ['meridian_urn', 'bank_reference_number', 'customer_reference_number'];
const resolve = (search: ListSearch) => resolveListState(search, { today: TODAY, searchKeys: KEYS });

describe('list URL parameters', () => {
  it('keeps valid values, turning numbers typed in the URL into what each parameter needs', () => {
    expect(
      parse({
        start_date: '2026-03-01',
        end_date: '2026-03-05',
        offset: 20,
        limit: '25',
        search_key: 'bank_reference_number',
        search_value: 123456,
        selected: 'PAY01',
      }),
    ).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      offset: 20,
      limit: 25,
      search_key: 'bank_reference_number',
      search_value: '123456',
      selected: 'PAY01',
    });
  });

  it('drops every value it cannot use instead of throwing', () => {
    expect(
      parse({
        start_date: '2026-02-30',
        end_date: 'yesterday',
        offset: -10,
        limit: 1000,
        search_key: 'x; DROP TABLE',
        search_value: '   ',
        selected: { id: 1 },
        other: 'ignored',
      }),
    ).toEqual({});
    expect(parse({ offset: 1.5, limit: 0, start_date: 20260301 })).toEqual({});
  });

  it('trims the search value and caps it at 100 characters', () => {
    expect(parse({ search_value: '  UTR1  ' }).search_value).toBe('UTR1');
    expect(parse({ search_value: 'x'.repeat(150) }).search_value).toHaveLength(100);
  });
});

describe('resolveListState: defaults', () => {
  it('an empty URL is the last 7 days including today, offset 0, 10 per page, the first key, no search, no filter', () => {
    expect(resolve({})).toEqual({
      startDate: '2026-03-04',
      endDate: TODAY,
      offset: 0,
      limit: 10,
      searchKey: 'meridian_urn',
      searchValue: '',
      selected: undefined,
      filters: {},
    });
  });

  it('derives a missing bound from the other one', () => {
    expect(resolve({ end_date: '2026-01-31' })).toMatchObject({
      startDate: '2026-01-25',
      endDate: '2026-01-31',
    });
    expect(resolve({ start_date: '2026-02-01' })).toMatchObject({ startDate: '2026-02-01', endDate: TODAY });
    // A start after today: the range is that one day.
    expect(resolve({ start_date: '2026-04-01' })).toMatchObject({
      startDate: '2026-04-01',
      endDate: '2026-04-01',
    });
  });

  it('repairs a reversed or too long range from the URL', () => {
    expect(resolve({ start_date: '2026-03-09', end_date: '2026-03-01' })).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-09',
    });
    const long = resolve({ start_date: '2020-01-01', end_date: '2026-03-10' });
    expect(long.endDate).toBe('2026-03-10');
    expect(daysBetween(long.startDate, long.endDate)).toBe(365);
  });

  it('"today minus 7 days" screens start one day earlier', () => {
    const context = { today: TODAY, searchKeys: KEYS, defaultRange: 'todayMinus7' } as const;
    expect(resolveListState({}, context)).toMatchObject({ startDate: '2026-03-03', endDate: TODAY });
    expect(resolveListState({ end_date: '2026-01-31' }, context)).toMatchObject({ startDate: '2026-01-24' });
  });

  it('falls back to the default key for a key this screen does not have, keeping the value', () => {
    expect(resolve({ search_key: 'beneficiary_code', search_value: 'B1' })).toMatchObject({
      searchKey: 'meridian_urn',
      searchValue: 'B1',
    });
  });
});

describe('transitions', () => {
  const busy: ListSearch = {
    start_date: '2026-03-01',
    end_date: '2026-03-05',
    offset: 30,
    limit: 25,
    search_key: 'bank_reference_number',
    search_value: 'UTR1',
    selected: 'PAY01',
  };

  it('a new search replaces the active one (only one key has a value) and goes back to offset 0', () => {
    const next = withSearch(busy, 'customer_reference_number', '  CRN-7 ');
    expect(next).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      limit: 25,
      search_key: 'customer_reference_number',
      search_value: 'CRN-7',
      selected: 'PAY01',
    });
    expect(next).not.toHaveProperty('offset');
    expect(resolve(next)).toMatchObject({
      offset: 0,
      searchKey: 'customer_reference_number',
      searchValue: 'CRN-7',
    });
  });

  it('an empty search value clears the search and the offset', () => {
    const next = withSearch(busy, 'bank_reference_number', '   ');
    expect(next).not.toHaveProperty('search_key');
    expect(next).not.toHaveProperty('search_value');
    expect(next).not.toHaveProperty('offset');
    expect(resolve(next).searchValue).toBe('');
  });

  it('changing the dates resets the offset and keeps the rest', () => {
    const next = withDateRange(busy, { start: '2026-02-01', end: '2026-02-10' }, defaultRange(TODAY));
    expect(next).toEqual({
      start_date: '2026-02-01',
      end_date: '2026-02-10',
      limit: 25,
      search_key: 'bank_reference_number',
      search_value: 'UTR1',
      selected: 'PAY01',
    });
  });

  it("the screen's default range is left out of the URL so that it keeps following today", () => {
    const next = withDateRange(busy, { start: '2026-03-04', end: TODAY }, defaultRange(TODAY));
    expect(next).not.toHaveProperty('start_date');
    expect(next).not.toHaveProperty('end_date');
    expect(next).not.toHaveProperty('offset');
    // On a "today minus 7 days" screen the last 7 days are not the default, so they stay in the URL.
    const fabric = withDateRange(
      busy,
      { start: '2026-03-04', end: TODAY },
      defaultRange(TODAY, 'todayMinus7'),
    );
    expect(fabric).toMatchObject({ start_date: '2026-03-04', end_date: TODAY });
    expect(
      withDateRange({}, { start: '2026-03-03', end: TODAY }, defaultRange(TODAY, 'todayMinus7')),
    ).toEqual({});
  });

  it('normalizeRange swaps a reversed range and keeps at most 366 days', () => {
    expect(normalizeRange({ start: '2026-03-10', end: '2026-03-01' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-10',
    });
    expect(normalizeRange({ start: '2025-01-01', end: '2026-01-01' })).toEqual({
      start: '2025-01-01',
      end: '2026-01-01',
    });
    expect(normalizeRange({ start: '2024-12-31', end: '2026-01-01' })).toEqual({
      start: '2025-01-01',
      end: '2026-01-01',
    });
  });

  it('presets are whole days up to today in the user time zone', () => {
    const ranges = Object.fromEntries(RANGE_PRESETS.map(({ id, label }) => [label, presetRange(id, TODAY)]));
    expect(ranges).toEqual({
      Today: { start: TODAY, end: TODAY },
      Yesterday: { start: '2026-03-09', end: '2026-03-09' },
      'Last 7 days': { start: '2026-03-04', end: TODAY },
      'This month': { start: '2026-03-01', end: TODAY },
      'Last month': { start: '2026-02-01', end: '2026-02-28' },
    });
    // Across a year and on the first of a month.
    expect(presetRange('last-month', '2026-01-01')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(presetRange('this-month', '2024-03-01')).toEqual({ start: '2024-03-01', end: '2024-03-01' });
    expect(presetRange('last-month', '2024-03-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('paging: offset 0 and 10 per page are defaults; a new page size starts from the first page', () => {
    expect(withOffset(busy, 40)).toMatchObject({ offset: 40 });
    expect(withOffset(busy, 0)).not.toHaveProperty('offset');
    expect(withOffset(busy, -5)).not.toHaveProperty('offset');
    const sized = withLimit(busy, 50);
    expect(sized).toMatchObject({ limit: 50 });
    expect(sized).not.toHaveProperty('offset');
    expect(withLimit(busy, 10)).not.toHaveProperty('limit');
  });

  it('selecting a row opens its details; clearing closes them', () => {
    expect(withSelected({}, 'PAY02')).toEqual({ selected: 'PAY02' });
    expect(withSelected(busy, undefined)).not.toHaveProperty('selected');
  });
});

describe('API query', () => {
  it('sends the dates, paging and time zone, and the search pair only when there is a value', () => {
    expect(toListQuery(resolve({}), 'Asia/Kolkata')).toEqual({
      start_date: '2026-03-04',
      end_date: TODAY,
      limit: 10,
      offset: 0,
      time_zone: 'Asia/Kolkata',
    });
    const searched = resolve({ search_key: 'bank_reference_number', search_value: 'UTR1', offset: 20 });
    expect(toListQuery(searched, 'UTC')).toEqual({
      start_date: '2026-03-04',
      end_date: TODAY,
      limit: 10,
      offset: 20,
      time_zone: 'UTC',
      search_key: 'bank_reference_number',
      search_value: 'UTR1',
    });
    expect(toFilterQuery(searched, 'UTC')).not.toHaveProperty('offset');
    expect(toFilterQuery(searched, 'UTC')).not.toHaveProperty('limit');
  });
});

describe('calendar days', () => {
  it('today depends on the time zone', () => {
    const now = new Date('2026-03-09T20:00:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-03-10');
    expect(todayIn('UTC', now)).toBe('2026-03-09');
    expect(todayIn('America/New_York', now)).toBe('2026-03-09');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-10');
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-28', 6)).toBe('2026-01-03');
    expect(daysBetween('2026-03-04', '2026-03-10')).toBe(6);
  });
});

describe('list filters in the URL', () => {
  const parsers = filterParsers({
    status: { kind: 'enum', label: 'Status', values: ['SUCCESS', 'FAILURE'] },
    account: { kind: 'text', label: 'Account' },
    amount: { kind: 'amount', label: 'Amount' },
  });

  it('takes the parameters of each kind of filter: one value, a text, two amounts', () => {
    expect(Object.keys(parsers)).toEqual(['status', 'account', 'amount_min', 'amount_max']);
    expect(
      cleanListSearch(
        { status: 'FAILURE', account: ' 1000123 ', amount_min: '100', amount_max: 2500.5, offset: 10 },
        parsers,
      ),
    ).toEqual({ offset: 10, status: 'FAILURE', account: '1000123', amount_min: '100', amount_max: '2500.5' });
  });

  it('drops a bad value (unknown status, not an amount, more than two decimals) and unknown parameters', () => {
    expect(
      cleanListSearch(
        {
          status: 'failure',
          amount_min: '-5',
          amount_max: '10.001',
          account: '   ',
          transfer_type: 'IMPS',
          limit: 25,
        },
        parsers,
      ),
    ).toEqual({ limit: 25 });
    expect(cleanListSearch({ amount_min: '1e5', amount_max: 'abc' }, parsers)).toEqual({});
    // Without the list's parsers the filters are not the list's: dropped.
    expect(cleanListSearch({ status: 'FAILURE' })).toEqual({});
  });

  it('a filter change sets or clears its parameters and goes back to the first page', () => {
    const search: ListSearch = {
      offset: 30,
      search_key: 'meridian_urn',
      search_value: 'PAY1',
      status: 'SUCCESS',
    };
    expect(withFilters(search, { status: 'FAILURE' })).toEqual({
      search_key: 'meridian_urn',
      search_value: 'PAY1',
      status: 'FAILURE',
    });
    expect(withFilters(search, { status: '' })).toEqual({ search_key: 'meridian_urn', search_value: 'PAY1' });
    expect(withFilters({ amount_min: '5' }, { amount_min: ' 100 ', amount_max: '' })).toEqual({
      amount_min: '100',
    });
  });

  it('sends the filters with the search, the count and the export', () => {
    const state = resolveListState(
      { status: 'FAILURE', amount_min: '100' },
      { today: TODAY, searchKeys: KEYS, filters: { status: 'FAILURE', amount_min: '100' } },
    );
    expect(toFilterQuery(state, 'Asia/Kolkata')).toEqual({
      amount_min: '100',
      status: 'FAILURE',
      start_date: '2026-03-04',
      end_date: TODAY,
      time_zone: 'Asia/Kolkata',
    });
    expect(toListQuery(state, 'Asia/Kolkata')).toMatchObject({ status: 'FAILURE', offset: 0, limit: 10 });
  });
});
