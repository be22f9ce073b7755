import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ApiUsageRow } from '@meridian/contract/reports';
import { listSearchSchema } from '@/components/data-table/list-search';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderRoutedPage } from '@/test/render-page';
import { ApiUsagePage } from './usage-pages';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

window.scrollTo = (() => {}) as typeof window.scrollTo;

const ROW: ApiUsageRow = {
  urn: 'TXM01JUSAGE0001',
  api_name: '/v2/fabric/text-match',
  product: 'text-match',
  status: 'FAILURE',
  credits: 2,
  channel: 'api_key',
  latency_ms: 14,
  customer_reference_number: 'CUST-42',
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
};

function renderUsage(url = '/reports/api-usage') {
  const api = fakeApi(apiFetch, {
    'GET /meridian/read/fetch/credits/details': () => ({ data: [ROW] }),
    'GET /meridian/read/count/credits/details': () => ({ count: 1 }),
    'GET /meridian/read/fetch/credits/usage_by_day': () => ({
      data: [
        { date: '2026-03-09', api_name: '/v2/fabric/text-match', calls: 3, credits: 6 },
        { date: '2026-03-10', api_name: '/v2/fabric/text-match', calls: 1, credits: 2 },
        { date: '2026-03-10', api_name: '/v2/fabric/face-match', calls: 2, credits: 10 },
      ],
    }),
  });
  renderRoutedPage({
    path: '/reports/api-usage',
    url,
    validateSearch: listSearchSchema,
    page: (props) => <ApiUsagePage {...props} />,
  });
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  localStorage.clear();
  vi.mocked(apiFetch).mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ApiUsagePage', () => {
  it('lists the calls with the key columns of API_USAGE_LIST in view and its two search keys', async () => {
    renderUsage();
    const table = await screen.findByRole('table', { name: /API calls from Mar 04, 2026 to Mar 10, 2026/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'URN', 'API', 'Status', 'Credits', 'Channel']);
    const row = await within(table).findByRole('row', { name: /TXM01JUSAGE0001/ });
    for (const text of ['/v2/fabric/text-match', 'Failure', '2', 'API key'])
      expect(within(row).getByText(text)).toBeTruthy();
    const keys = [
      ...within(screen.getByRole('search')).getByLabelText('Search by').querySelectorAll('option'),
    ].map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(keys).toEqual([
      ['meridian_urn', 'URN'],
      ['api_name', 'API name'],
    ]);
  });

  it('sends the product and status filters from the URL with the search and the count', async () => {
    const api = renderUsage('/reports/api-usage?product=face-match&status=FAILURE&search_key=api_name');
    await screen.findByRole('row', { name: /TXM01JUSAGE0001/ });
    for (const path of ['/meridian/read/fetch/credits/details', '/meridian/read/count/credits/details'])
      expect(api.callsTo('GET', path).length).toBeGreaterThan(0);
    const search = vi
      .mocked(apiFetch)
      .mock.calls.filter(([p]) => p === '/meridian/read/fetch/credits/details')
      .at(-1)?.[1] as ApiRequestInit;
    expect(search.query).toMatchObject({ product: 'face-match', status: 'FAILURE' });
    expect((screen.getByLabelText('Product') as HTMLSelectElement).value).toBe('face-match');
  });

  it('tables the chart with a row per API and a column per day, with totals', async () => {
    renderUsage();
    const table = await screen.findByRole('table', { name: 'API calls per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Series', '09 Mar', '10 Mar', 'Total']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', '1', '4'],
      ['0', '2', '2'],
      ['3', '3', '6'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Total (calls)' })).toBeTruthy();
  });
});
