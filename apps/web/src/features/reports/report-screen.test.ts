import { describe, expect, it } from 'vitest';
import type { ReportTypeInfo } from '@meridian/contract/reports';
import { orderedColumns, requestOf } from './report-request';
import { toSeries } from './daily-bars';

const info: ReportTypeInfo = {
  report_type: 'payouts',
  title: 'Payouts report',
  description: 'Payouts.',
  formats: ['csv', 'xlsx'],
  columns: [
    { key: 'created_at', header: 'created_at', label: 'Created', kind: 'time' },
    { key: 'urn', header: 'meridian_urn', label: 'URN', kind: 'text' },
    { key: 'amount', header: 'amount', label: 'Amount', kind: 'money' },
  ],
  search_keys: ['meridian_urn'],
  search_key_labels: { meridian_urn: 'URN' },
  default_range: 'last7',
  filters: [
    {
      key: 'status',
      label: 'Status',
      values: ['SUCCESS', 'FAILURE'],
      value_labels: { SUCCESS: 'Success', FAILURE: 'Failure' },
    },
  ],
};

describe('report request', () => {
  const base = {
    range: { start: '2026-11-01', end: '2026-11-25' },
    searchKey: 'meridian_urn',
    searchValue: '',
    filters: {},
    columns: ['created_at', 'urn', 'amount'],
    timeZone: 'Asia/Kolkata',
  };

  it('asks for every column by leaving them out, and for a subset in the type’s order', () => {
    expect(requestOf(info, base)).toEqual({
      report_type: 'payouts',
      start_date: '2026-11-01',
      end_date: '2026-11-25',
      time_zone: 'Asia/Kolkata',
    });
    const picked = orderedColumns(info, new Set(['amount', 'created_at']));
    expect(picked).toEqual(['created_at', 'amount']);
    expect(requestOf(info, { ...base, columns: picked }).columns).toEqual(['created_at', 'amount']);
  });

  it('sends a search only with a value, and only the filters that are set', () => {
    const req = requestOf(info, {
      ...base,
      searchValue: '  PAY01  ',
      filters: { status: 'SUCCESS', account_number: '' },
    });
    expect(req).toMatchObject({ search_key: 'meridian_urn', search_value: 'PAY01', status: 'SUCCESS' });
    expect(req).not.toHaveProperty('account_number');
  });

  it('turns rows into days and series for the charts', () => {
    const rows = [
      { date: '2026-11-02', api: 'b', n: 1 },
      { date: '2026-11-01', api: 'a', n: 2 },
      { date: '2026-11-01', api: 'a', n: 3 },
    ];
    expect(
      toSeries(
        rows,
        (r) => r.date,
        (r) => r.api,
        (r) => r.n,
      ),
    ).toEqual({
      days: ['2026-11-01', '2026-11-02'],
      series: [
        { name: 'b', values: { '2026-11-02': 1 } },
        { name: 'a', values: { '2026-11-01': 5 } },
      ],
    });
  });
});
