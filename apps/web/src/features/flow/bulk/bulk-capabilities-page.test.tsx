import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listSearchSchema } from '@/components/data-table/list-search';
import { todayIn } from '@/components/data-table/list-state';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { BulkCapabilitiesPage } from './bulk-capabilities-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

/** Created two and one days ago, and the days in the default time zone. */
const CREATED_A = new Date(Date.now() - 2 * 86_400_000).toISOString();
const CREATED_B = new Date(Date.now() - 86_400_000).toISOString();
const DAY_A = todayIn('Asia/Kolkata', new Date(CREATED_A));
const DAY_B = todayIn('Asia/Kolkata', new Date(CREATED_B));

const bulk = (urn: string, overrides: Record<string, unknown> = {}) => ({
  urn,
  file_name: `${urn}.csv`,
  format: 'csv',
  status: 'COMPLETED_WITH_ERRORS',
  sender_account_number: '100000000001',
  total_rows: 25,
  done: 23,
  processing: 0,
  failed: 2,
  pending: 0,
  total_amount: '125000.00',
  created_by: null,
  created_at: CREATED_A,
  updated_at: CREATED_A,
  completed_at: CREATED_A,
  livemode: true,
  ...overrides,
});
const A = bulk('BLK01AAAA');
const B = bulk('BLK01BBBB', {
  format: 'xlsx',
  file_name: 'march.xlsx',
  created_at: CREATED_B,
});

const item = (bulkUrn: string, row: number) => ({
  bulk_urn: bulkUrn,
  row,
  customer_reference_number: `REF${row}`,
  beneficiary_code: 'BEN001',
  beneficiary_name: 'Ravi Kumar',
  beneficiary_account_number: null,
  ifsc_code: null,
  amount: '5000.00',
  transfer_type: 'IMPS',
  purpose_message: 'Salary',
  status: row === 2 ? 'REJECTED' : 'SUCCESS',
  payout_urn: row === 2 ? null : `PAY${row}`,
  bank_reference_number: row === 2 ? null : `UTR${row}`,
  failure_reason: row === 2 ? 'Insufficient balance' : null,
  livemode: true,
  updated_at: '2025-09-01T06:05:00.000Z',
});

type Query = Record<string, unknown>;
let calls: { path: string; query: Query }[];

beforeEach(() => {
  calls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const query = (init.query ?? {}) as Query;
    calls.push({ path, query });
    if (path === '/meridian/read/search/bulk/payouts') return { data: [A, B] };
    if (path === '/meridian/read/count/bulk/payouts') return { count: 2 };
    if (path === '/meridian/read/search/bulk/line_items') {
      return { data: [1, 2, 3].map((r) => item(String(query.bulk_urn), r)) };
    }
    if (path === '/meridian/read/count/bulk/line_items') return { count: 25 };
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

function renderPage(path = '/flow/bulk-capabilities') {
  return renderRoutedPage({
    path: '/flow/bulk-capabilities',
    url: path,
    validateSearch: listSearchSchema,
    page: (props) => <BulkCapabilitiesPage {...props} />,
  });
}

const lineItemCalls = () => calls.filter((c) => c.path === '/meridian/read/search/bulk/line_items');
const bulkCalls = () => calls.filter((c) => c.path === '/meridian/read/search/bulk/payouts');

describe('/flow/bulk-capabilities', () => {
  it('selecting a bulk shows its line items with their own search, status and paging; another bulk resets them', async () => {
    const user = userEvent.setup();
    const { search } = renderPage('/flow/bulk-capabilities?status=COMPLETED_WITH_ERRORS');
    const bulks = await screen.findByRole('table', { name: /^Bulks from/ });
    // A bulk's URN selects it (the row's name button), showing its line items.
    const lineItemsOf = (urn: string) =>
      within(bulks).getByRole('button', { name: new RegExp(`^${urn}.*show line items`) });
    await within(bulks).findByRole('button', { name: /^BLK01AAAA.*show line items/ });
    expect(within(bulks).getAllByText('Completed with errors')).toHaveLength(2);
    expect(within(bulks).getAllByText('2 failed')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: /^Line items/ })).toBeNull();
    // The bulk list's status filter is its own (the definition's), named after its list.
    const bulkStatus = screen.getByLabelText('Status of bulks') as HTMLSelectElement;
    expect(bulkStatus.value).toBe('COMPLETED_WITH_ERRORS');
    expect(bulkCalls().at(-1)?.query).toMatchObject({ status: 'COMPLETED_WITH_ERRORS' });

    await user.click(lineItemsOf('BLK01AAAA'));
    await waitFor(() =>
      expect(search()).toMatchObject({
        status: 'COMPLETED_WITH_ERRORS',
        bulk_urn: 'BLK01AAAA',
        bulk_type: 'csv',
      }),
    );
    const items = await screen.findByRole('table', { name: /^Line items from/ });
    await within(items).findByText('Insufficient balance');
    expect(lineItemCalls().at(-1)?.query).toMatchObject({ bulk_urn: 'BLK01AAAA', offset: 0 });
    // The line items start on the day the bulk was created.
    expect(lineItemCalls().at(-1)?.query.start_date).toBe(DAY_A);
    expect(screen.getByRole('button', { name: 'Input file (CSV)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Response file (CSV)' })).toBeTruthy();

    // Their own paging, search and status filter.
    const itemPages = screen.getByRole('navigation', { name: 'Pages of line items' });
    await user.click(within(itemPages).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(search()).toMatchObject({ li_offset: 10 }));
    await waitFor(() => expect(lineItemCalls().at(-1)?.query).toMatchObject({ offset: 10 }));
    await user.selectOptions(screen.getByLabelText('Status of line items'), 'REJECTED');
    await waitFor(() =>
      expect(lineItemCalls().at(-1)?.query).toMatchObject({ status: 'REJECTED', offset: 0 }),
    );
    // In the URL the line items' status is li_status: the bulk list keeps its own status and its calls.
    expect(search()).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', li_status: 'REJECTED' });
    expect(bulkCalls().at(-1)?.query).toMatchObject({ status: 'COMPLETED_WITH_ERRORS' });
    expect(bulkStatus.value).toBe('COMPLETED_WITH_ERRORS');
    const itemSearch = screen.getByRole('search', { name: 'Search line items' });
    await user.selectOptions(within(itemSearch).getByLabelText('Search by'), 'bank_reference_number');
    await user.type(within(itemSearch).getByLabelText('Value'), 'UTR3');
    await user.click(within(itemSearch).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lineItemCalls().at(-1)?.query).toMatchObject({
        search_key: 'bank_reference_number',
        search_value: 'UTR3',
        status: 'REJECTED',
      }),
    );

    // Another bulk: its line items from the first page, no search, no status.
    await user.click(lineItemsOf('BLK01BBBB'));
    await waitFor(() =>
      expect(search()).toEqual({
        status: 'COMPLETED_WITH_ERRORS',
        bulk_urn: 'BLK01BBBB',
        bulk_type: 'xlsx',
        bulk_day: DAY_B,
      }),
    );
    await waitFor(() =>
      expect(lineItemCalls().at(-1)?.query).toMatchObject({
        bulk_urn: 'BLK01BBBB',
        offset: 0,
        start_date: DAY_B,
      }),
    );
    const last = lineItemCalls().at(-1)!.query;
    expect(last.search_value).toBeUndefined();
    expect(last.status).toBeUndefined();
    expect((screen.getByLabelText('Status of line items') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Response file (XLSX)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(search()).toEqual({ status: 'COMPLETED_WITH_ERRORS' }));
    expect(await screen.findByText('Select a bulk to see its line items.')).toBeTruthy();
  });
});
