import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payout, PayoutDetails } from '@meridian/contract';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { PayoutsPage } from './payouts-page';
import { userDetailsFor } from '@/test/user-details';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const fetchMock = vi.mocked(apiFetch);
// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

const PAYOUT: Payout = {
  urn: 'PAY01JTESTURN0001',
  customer_reference_number: 'CRN-1001',
  bank_reference_number: 'UTR9000001',
  beneficiary_code: 'BEN001',
  beneficiary_name: 'Asha Rao',
  beneficiary_account_number: '123456789012',
  ifsc_code: 'HDFC0000123',
  beneficiary_upi_id: null,
  amount: '125000.00',
  transfer_type: 'IMPS',
  purpose_message: 'Vendor invoice 17',
  sender_account_number: '000111222333',
  status: 'SUCCESS',
  status_message: null,
  kind: 'PAYOUT',
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:05.000Z',
};

const DETAILS: PayoutDetails = {
  ...PAYOUT,
  events: [
    { status: 'PENDING', message: 'Accepted', at: '2026-03-10T06:00:00.000Z' },
    { status: 'SUCCESS', message: 'Credited by the beneficiary bank', at: '2026-03-10T06:00:05.000Z' },
  ],
  callbacks: [
    {
      webhook_id: 'WH1',
      event: 'payout.status',
      url: 'https://hooks.acme.test/payouts',
      status: 'DELIVERED',
      next_attempt_at: null,
      attempts: [
        {
          attempt: 1,
          started_at: '2026-03-10T06:00:06.000Z',
          status_code: 503,
          latency_ms: 812,
          response_excerpt: 'Service Unavailable',
          error: 'HTTP 503',
        },
        {
          attempt: 2,
          started_at: '2026-03-10T06:01:06.000Z',
          status_code: 200,
          latency_ms: 95,
          response_excerpt: '{"ok":true}',
          error: null,
        },
      ],
    },
  ],
};

type Answer = (path: string, init: ApiRequestInit) => unknown;

/** Routes the mocked apiFetch by path; every call is kept in fetchMock.mock.calls. */
function answer({
  rows = [PAYOUT],
  count = 1,
  search,
}: {
  rows?: Payout[];
  count?: number;
  search?: Answer;
}) {
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    // An owner: the screen's actions show (they need a permission).
    if (path === '/v2/user/details') return userDetailsFor('owner');
    if (path === '/meridian/read/search/transaction/payouts')
      return (search ?? (() => ({ data: rows })))(path, init);
    if (path === '/meridian/read/count/transaction/payouts') return { count };
    if (path === `/meridian/read/fetch/transaction/payouts/${PAYOUT.urn}`) return DETAILS;
    if (path === '/meridian/read/export/transaction/payouts')
      return new Blob(['urn\n'], { type: 'text/csv' });
    throw new ApiError(404, 'Not found');
  });
}

const searchCalls = () =>
  fetchMock.mock.calls.filter(([path]) => path === '/meridian/read/search/transaction/payouts');
const lastSearchQuery = () => searchCalls().at(-1)?.[1]?.query;

function renderPage(url = '/flow/payouts') {
  return renderRoutedPage({
    path: '/flow/payouts',
    url: url,
    validateSearch: listSearchSchema,
    page: (props) => <PayoutsPage {...props} />,
  });
}

beforeEach(() => {
  // Only Date is faked: "today" is 2026-03-10 (11:30 in Asia/Kolkata, the default time zone).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  localStorage.clear();
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PayoutsPage', () => {
  it('lists payouts for the last 7 days in the user time zone, with formatted columns and the count', async () => {
    answer({ rows: [PAYOUT], count: 1 });
    renderPage();
    const table = await screen.findByRole('table', { name: /Payouts from Mar 04, 2026 to Mar 10, 2026/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Created', 'URN', 'Beneficiary', 'Amount', 'Transfer type', 'Status', 'UTR']);
    // Priority-3 columns (customer reference, IFSC…) wait in the column picker and the details.
    expect(within(table).queryByText('CRN-1001')).toBeNull();
    const row = await within(table).findByRole('row', { name: /PAY01JTESTURN0001/ });
    expect(within(row).getByText('₹1,25,000.00')).toBeTruthy();
    expect(within(row).getByText('Mar 10, 2026 11:30')).toBeTruthy();
    expect(within(row).getByText('SUCCESS')).toBeTruthy();
    expect(within(row).getByText('UTR9000001')).toBeTruthy();
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();

    expect(lastSearchQuery()).toEqual({
      start_date: '2026-03-04',
      end_date: '2026-03-10',
      limit: 10,
      offset: 0,
      time_zone: 'Asia/Kolkata',
    });
    const countCall = fetchMock.mock.calls.find(([p]) => p === '/meridian/read/count/transaction/payouts');
    expect(countCall?.[1]).toMatchObject({
      host: 'read',
      query: { start_date: '2026-03-04', end_date: '2026-03-10', time_zone: 'Asia/Kolkata' },
    });
    expect(countCall?.[1]?.query).not.toHaveProperty('offset');
  });

  it('sends the time zone chosen in Settings → Display', async () => {
    localStorage.setItem('staging_time_zone', 'UTC');
    answer({});
    renderPage();
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    expect(lastSearchQuery()).toMatchObject({ time_zone: 'UTC' });
    expect(screen.getByText('Mar 10, 2026 06:00')).toBeTruthy();
  });

  it('searches one key: the URL and the call get the new pair and offset 0', async () => {
    const user = userEvent.setup();
    answer({ count: 40 });
    const { search } = renderPage(
      '/flow/payouts?offset=20&search_key=customer_reference_number&search_value=OLD',
    );
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    expect(lastSearchQuery()).toMatchObject({ offset: 20, search_key: 'customer_reference_number' });

    const form = screen.getByRole('search', { name: 'Search payouts' });
    const select = within(form).getByLabelText('Search by');
    expect(select.querySelectorAll('option')).toHaveLength(3);
    await user.selectOptions(select, 'bank_reference_number');
    const value = within(form).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'UTR9000001{Enter}');

    await waitFor(() =>
      expect(lastSearchQuery()).toMatchObject({
        offset: 0,
        search_key: 'bank_reference_number',
        search_value: 'UTR9000001',
      }),
    );
    expect(search()).toEqual({ search_key: 'bank_reference_number', search_value: 'UTR9000001' });
  });

  it('pages with Next; a date preset resets the offset and writes YYYY-MM-DD days to the URL', async () => {
    const user = userEvent.setup();
    answer({ count: 25 });
    const { search } = renderPage();
    expect(await screen.findByText('1–1 of 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastSearchQuery()).toMatchObject({ offset: 10 }));
    expect(search()).toEqual({ offset: 10 });

    const range = screen.getByRole('button', { name: 'Date range Mar 04, 2026 – Mar 10, 2026' });
    await user.click(range);
    // The picker's popover loads on the first press.
    await user.click(await screen.findByRole('button', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(lastSearchQuery()).toMatchObject({
        start_date: '2026-03-09',
        end_date: '2026-03-09',
        offset: 0,
      }),
    );
    expect(search()).toEqual({ start_date: '2026-03-09', end_date: '2026-03-09' });
    expect(range.textContent).toBe('Mar 09, 2026');

    // Back to the default range: it leaves the URL, so a bookmark keeps following today.
    await user.click(range);
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(search()).toEqual({}));
  });

  it("takes today in the user's time zone: Asia/Kolkata is a day ahead of UTC at 20:00 UTC", async () => {
    vi.setSystemTime(new Date('2026-03-09T20:00:00.000Z'));
    const user = userEvent.setup();
    answer({});
    const { search } = renderPage();
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    expect(lastSearchQuery()).toMatchObject({ start_date: '2026-03-04', end_date: '2026-03-10' });
    await user.click(screen.getByRole('button', { name: /^Date range/ }));
    await user.click(await screen.findByRole('button', { name: 'Today' }));
    await waitFor(() => expect(search()).toEqual({ start_date: '2026-03-10', end_date: '2026-03-10' }));
  });

  it('asks "failed today": the Status filter and the Today preset, in the URL and in every call', async () => {
    const user = userEvent.setup();
    answer({ count: 30 });
    const { search } = renderPage('/flow/payouts?offset=10');
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    const status = screen.getByLabelText('Status');
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      'PENDING',
      'SUCCESS',
      'FAILURE',
      'RETURNED',
      'PENDING_APPROVAL',
      'REJECTED',
    ]);
    expect(screen.getByLabelText('Transfer type').querySelectorAll('option').length).toBeGreaterThan(1);
    await user.selectOptions(status, 'FAILURE');
    await user.click(screen.getByRole('button', { name: /^Date range/ }));
    await user.click(await screen.findByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(search()).toEqual({ status: 'FAILURE', start_date: '2026-03-10', end_date: '2026-03-10' }),
    );
    await waitFor(() =>
      expect(lastSearchQuery()).toEqual({
        status: 'FAILURE',
        start_date: '2026-03-10',
        end_date: '2026-03-10',
        limit: 10,
        offset: 0,
        time_zone: 'Asia/Kolkata',
      }),
    );
    const counts = fetchMock.mock.calls.filter(([p]) => p === '/meridian/read/count/transaction/payouts');
    expect(counts.at(-1)?.[1]?.query).toMatchObject({ status: 'FAILURE', start_date: '2026-03-10' });

    // An amount range from the rupee inputs joins the filter.
    await user.type(screen.getByLabelText('Amount from (₹)'), '1000{Enter}');
    await waitFor(() => expect(lastSearchQuery()).toMatchObject({ status: 'FAILURE', amount_min: '1000' }));
  });

  it('opens the details dialog from the row (click or Enter) with the timeline and every callback attempt', async () => {
    const user = userEvent.setup();
    answer({});
    const { search } = renderPage();
    const open = await screen.findByRole('button', { name: /PAY01JTESTURN0001/ });
    open.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: `Payout ${PAYOUT.urn}` });
    expect(search()).toEqual({ selected: PAYOUT.urn });
    expect(await within(dialog).findByText('Vendor invoice 17')).toBeTruthy();

    // The title's copy button copies the whole URN and says so.
    await user.click(within(dialog).getByRole('button', { name: 'Copy URN' }));
    expect(await navigator.clipboard.readText()).toBe(PAYOUT.urn);
    expect(within(dialog).getByRole('status').textContent).toBe('Copied');
    expect(within(dialog).getByText('Credited by the beneficiary bank')).toBeTruthy();
    const attempts = within(dialog).getByRole('table', { name: /Delivery attempts/ });
    const rows = within(attempts).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('503')).toBeTruthy();
    expect(within(rows[0]!).getByText('812 ms')).toBeTruthy();
    expect(within(rows[0]!).getByText('Service Unavailable')).toBeTruthy();
    expect(within(rows[0]!).getByText('HTTP 503')).toBeTruthy();
    expect(within(rows[1]!).getByText('200')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(search()).toEqual({});

    // A click anywhere on the row opens it too.
    await user.click(screen.getByText('₹1,25,000.00'));
    expect(await screen.findByRole('dialog', { name: `Payout ${PAYOUT.urn}` })).toBeTruthy();
    expect(search()).toEqual({ selected: PAYOUT.urn });
  });

  it('shows each payout as a card below 768 px; a card opens the same dialog, by tap or keyboard', async () => {
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return { matches: false, media: query, addEventListener() {}, removeEventListener() {} };
    });
    onTestFinished(() => void vi.unstubAllGlobals());
    const user = userEvent.setup();
    answer({ rows: [PAYOUT, { ...PAYOUT, urn: 'PAY01JTESTURN0002', status: 'PENDING', amount: '10.50' }] });
    const { search } = renderPage();

    const list = await screen.findByRole('list', { name: /Payouts from Mar 04, 2026 to Mar 10, 2026/ });
    expect(queries).toContain('(min-width: 48rem)');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('button');
    expect(cards).toHaveLength(2);
    // Beneficiary and amount, the URN, then time and status; columns without a card role are left off.
    expect(cards[0]!.textContent).toBe(
      'Asha RaoBEN001₹1,25,000.00PAY01JTESTURN0001Mar 10, 2026 11:30SUCCESS',
    );
    expect(cards[1]!.textContent).toContain('₹10.50');
    expect(cards[1]!.textContent).toContain('PENDING');

    await user.click(within(cards[1]!).getByText('Asha Rao'));
    expect(await screen.findByRole('dialog', { name: 'Payout PAY01JTESTURN0002' })).toBeTruthy();
    expect(search()).toEqual({ selected: 'PAY01JTESTURN0002' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    cards[0]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: `Payout ${PAYOUT.urn}` })).toBeTruthy();
  });

  it('opens the dialog straight from a link with ?selected=', async () => {
    answer({ rows: [], count: 0 });
    renderPage(`/flow/payouts?selected=${PAYOUT.urn}`);
    const dialog = await screen.findByRole('dialog', { name: `Payout ${PAYOUT.urn}` });
    expect(await within(dialog).findByText('Vendor invoice 17')).toBeTruthy();
  });

  it('degrades a bad URL to the defaults', async () => {
    answer({});
    renderPage('/flow/payouts?start_date=2026-02-31&offset=-4&limit=5000&search_key=nope%20nope');
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    expect(lastSearchQuery()).toEqual({
      start_date: '2026-03-04',
      end_date: '2026-03-10',
      limit: 10,
      offset: 0,
      time_zone: 'Asia/Kolkata',
    });
  });

  it('shows the empty state and the server error message', async () => {
    answer({ rows: [], count: 0 });
    renderPage();
    expect(await screen.findByText('No payouts in this date range')).toBeTruthy();
    cleanup();

    answer({
      search: () => {
        throw new ApiError(400, 'Unknown search key');
      },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payouts could not be loaded: Unknown search key');
  });

  it('downloads the CSV of the current filter with the auth-carrying client', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:csv');
    const revokeObjectURL = vi.fn();
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, saved));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    answer({});
    renderPage('/flow/payouts?search_key=meridian_urn&search_value=PAY01JTESTURN0001');
    await screen.findByRole('row', { name: /PAY01JTESTURN0001/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = fetchMock.mock.calls.find(([p]) => p === '/meridian/read/export/transaction/payouts');
    expect(exportCall?.[1]).toMatchObject({
      parseAs: 'blob',
      query: {
        start_date: '2026-03-04',
        end_date: '2026-03-10',
        time_zone: 'Asia/Kolkata',
        search_key: 'meridian_urn',
        search_value: 'PAY01JTESTURN0001',
      },
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('payouts_2026-03-04_2026-03-10.csv');
  });
});
