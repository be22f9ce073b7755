import { ListQuery } from '@meridian/contract';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { FABRIC_LISTS } from '@meridian/contract/fabric';
import { describe, expect, it } from 'vitest';
import { dayIn, resolveListQuery, startOfDay } from './list-query.ts';

describe('list filter', () => {
  it('turns whole days in the user time zone into a UTC interval', () => {
    expect(startOfDay('2026-11-20', 'Asia/Kolkata').toISOString()).toBe('2026-11-19T18:30:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const f = resolveListQuery(
      { start_date: '2026-11-14', end_date: '2026-11-20' },
      PAYOUTS_LIST,
      'meridian',
    );
    expect(f.from.toISOString()).toBe('2026-11-13T18:30:00.000Z');
    expect(f.to.toISOString()).toBe('2026-11-20T18:30:00.000Z');
  });
  it('defaults to the last 7 days including today', () => {
    const now = Date.parse('2026-11-20T20:00:00Z'); // already 21 Nov in India
    expect(dayIn('Asia/Kolkata', 0, now)).toBe('2026-11-21');
    const f = resolveListQuery({}, PAYOUTS_LIST, 'meridian', now);
    expect(f.from.toISOString()).toBe('2026-11-14T18:30:00.000Z');
    expect(f.to.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect([f.limit, f.offset, f.search]).toEqual([10, 0, null]);
  });
  it('knows today across midnight and DST changes, whatever order the instants come in (its cache)', () => {
    const ny = 'America/New_York';
    // 2026-03-08 is 23 hours long in New York: it begins 05:00Z and the next day 04:00Z.
    expect(dayIn(ny, 0, Date.parse('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(dayIn(ny, 0, Date.parse('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    expect(dayIn(ny, 0, Date.parse('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(dayIn(ny, -6, Date.parse('2026-03-09T03:59:59Z'))).toBe('2026-03-02');
    expect(dayIn('Asia/Kolkata', 0, Date.parse('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(dayIn('Asia/Kolkata', 1, Date.parse('2026-11-20T18:30:00Z'))).toBe('2026-11-22');
    expect(startOfDay('2026-03-08', ny).toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
  it('maps the provider-prefixed key and rejects keys of other screens', () => {
    const f = resolveListQuery(
      { search_key: 'meridian_urn', search_value: ' PAY1 ' },
      PAYOUTS_LIST,
      'meridian',
    );
    expect(f.search).toEqual({ key: 'urn', value: 'PAY1' });
    expect(() => resolveListQuery({ search_key: 'beneficiary_code' }, PAYOUTS_LIST, 'meridian')).toThrow(
      /search_key must be one of/,
    );
    expect(
      resolveListQuery({ search_key: 'meridian_urn', search_value: '' }, PAYOUTS_LIST, 'meridian').search,
    ).toBe(null);
  });
  it('rejects impossible dates (in the contract), reversed and over-long ranges, unknown zones', () => {
    expect(ListQuery.safeParse({ start_date: '2026-02-30' }).success).toBe(false);
    expect(ListQuery.safeParse({ end_date: '2024-02-29' }).success).toBe(true);
    expect(() =>
      resolveListQuery({ start_date: '2026-11-20', end_date: '2026-11-19' }, PAYOUTS_LIST, 'm'),
    ).toThrow(/after/);
    expect(() =>
      resolveListQuery({ start_date: '2024-01-01', end_date: '2026-11-19' }, PAYOUTS_LIST, 'm'),
    ).toThrow(/at most 366/);
    expect(() => resolveListQuery({ time_zone: 'Mars/Base' }, PAYOUTS_LIST, 'm')).toThrow(
      /Unknown time zone/,
    );
  });
  it('takes a list definition: its default range, its search keys and their aliases', () => {
    const now = Date.parse('2026-11-20T20:00:00Z'); // 21 Nov in India
    // digilocker's search keys and alias, with a today-minus-7 default range
    const digilocker = { ...FABRIC_LISTS['kyc-digilocker'], defaultRange: 'todayMinus7' as const };
    const f = resolveListQuery({}, digilocker, 'meridian', now);
    expect(f.from.toISOString()).toBe('2026-11-13T18:30:00.000Z'); // from 14 Nov: today minus 7
    expect(f.to.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    const alias = { search_key: 'customer_reference_number', search_value: 'C-1' };
    expect(resolveListQuery(alias, digilocker, 'meridian', now).search).toEqual({
      key: 'customer_reference_id',
      value: 'C-1',
    });
    expect(
      resolveListQuery({ search_key: 'meridian_company_urn', search_value: 'X' }, digilocker, 'meridian', now)
        .search,
    ).toEqual({ key: 'company_urn', value: 'X' });
    expect(() =>
      resolveListQuery({ search_key: 'reference_id', search_value: 'x' }, digilocker, 'meridian', now),
    ).toThrow(/search_key must be one of/);
  });
});
