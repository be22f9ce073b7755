import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentLink, PaymentLinkDetails } from '@meridian/contract/payment-links';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { PaymentLinksPage } from './payment-links-page';
import { userDetailsFor } from '@/test/user-details';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const LINK: PaymentLink = {
  urn: 'PLK01JTESTURN0001',
  customer_reference_number: 'INV-1001',
  amount: '1250.50',
  customer_enters_amount: false,
  min_amount: null,
  max_amount: null,
  purpose: 'Invoice 1001',
  customer_name: 'Meera Pillai',
  customer_email: null,
  customer_mobile: null,
  status: 'CREATED',
  link_url: 'http://localhost/pay/CLI.x',
  short_url: 'http://localhost/pay/CLI.x',
  upi_intent: 'upi://pay?pa=1@mrdn&pn=Acme&cu=INR',
  payee_vpa: '1@mrdn',
  account_number: '77001234567890',
  expires_at: '2026-03-17T18:29:59.999Z',
  paid_amount: null,
  bank_reference_number: null,
  paid_at: null,
  cancelled_at: null,
  failed_attempts: 0,
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:00.000Z',
};
const details = (link: PaymentLink): PaymentLinkDetails => ({
  ...link,
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h29v29H0z"/></svg>',
  attempts: [],
  callbacks: [],
});

const SEARCH = '/meridian/read/search/payment_links';
const COUNT = '/meridian/read/count/payment_links';
/** The server's state: the link as it is now (a cancel changes it). */
let current: PaymentLink;

function answer() {
  current = LINK;
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const method = init.method ?? 'GET';
    // An owner: the screen's actions show (they need a permission).
    if (path === '/v2/user/details') return userDetailsFor('owner');
    if (path === SEARCH) return { data: [current] };
    if (path === COUNT) return { count: 1 };
    if (path === `/v2/payments/links/${LINK.urn}`) return details(current);
    if (method === 'POST' && path === '/v2/payments/links') {
      current = { ...LINK, urn: 'PLK01JTESTURN0002', customer_reference_number: 'INV-1002' };
      return details(current);
    }
    if (method === 'POST' && path === `/v2/payments/links/${LINK.urn}/cancel`) {
      current = { ...current, status: 'CANCELLED', cancelled_at: '2026-03-10T06:05:00.000Z' };
      return current;
    }
    throw new ApiError(404, 'Not found');
  });
}

const callsTo = (path: string) => fetchMock.mock.calls.filter(([p]) => p === path);

function renderPage(url = '/flow/payment-links') {
  return renderRoutedPage({
    path: '/flow/payment-links',
    url,
    validateSearch: listSearchSchema,
    page: (props) => <PaymentLinksPage {...props} />,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  localStorage.clear();
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('/flow/payment-links', () => {
  it('lists links with the definition’s columns, search keys and status filter', async () => {
    answer();
    const user = userEvent.setup();
    const { search } = renderPage('/flow/payment-links?offset=10');
    const table = await screen.findByRole('table', { name: /^Payment links from/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Created', 'URN', 'Customer reference', 'Amount', 'Purpose', 'Status']);
    const row = await within(table).findByRole('row', { name: /PLK01JTESTURN0001/ });
    expect(within(row).getByText('₹1,250.50')).toBeTruthy();
    expect(within(row).getByText('Created')).toBeTruthy();

    const form = screen.getByRole('search', { name: 'Search payment links' });
    const keys = within(within(form).getByLabelText('Search by')).getAllByRole('option');
    expect(keys.map((o) => o.textContent)).toEqual(['URN', 'Customer reference']);

    // The status filter is the definition's: the URL, the search and the count get it, from the first page.
    await user.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await waitFor(() => expect(search()).toEqual({ status: 'PAID' }));
    await waitFor(() =>
      expect(callsTo(SEARCH).at(-1)?.[1]?.query).toMatchObject({ status: 'PAID', offset: 0 }),
    );
    expect(callsTo(COUNT).at(-1)?.[1]?.query).toMatchObject({ status: 'PAID' });
  });

  it('a cancel in the details refreshes the list and the open link (one query-key topic)', async () => {
    answer();
    const user = userEvent.setup();
    renderPage(`/flow/payment-links?selected=${LINK.urn}`);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('link', { name: 'Open pay page' });
    const searches = callsTo(SEARCH).length;
    const counts = callsTo(COUNT).length;

    await user.click(within(dialog).getByRole('button', { name: 'Cancel link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel link' }));
    await waitFor(() => expect(callsTo(SEARCH).length).toBeGreaterThan(searches));
    expect(callsTo(COUNT).length).toBeGreaterThan(counts);
    // The dialog's column values come from the refetched link.
    await waitFor(() => expect(within(dialog).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('button', { name: 'Cancel link' })).toBeNull();
    const table = screen.getByRole('table', { name: /^Payment links from/, hidden: true });
    expect(await within(table).findByText('Cancelled')).toBeTruthy();
  });

  it('a new link refreshes the list and opens its details', async () => {
    answer();
    const user = userEvent.setup();
    const { search } = renderPage();
    await screen.findByRole('row', { name: /PLK01JTESTURN0001/ });
    const searches = callsTo(SEARCH).length;

    await user.click(screen.getByRole('button', { name: 'Create payment link' }));
    const form = await screen.findByRole('form', { name: 'New payment link' });
    await user.type(within(form).getByLabelText(/^Purpose/), 'Invoice 1002');
    await user.type(within(form).getByLabelText(/^Amount/), '99');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(search()).toEqual({ selected: 'PLK01JTESTURN0002' }));
    await waitFor(() => expect(callsTo(SEARCH).length).toBeGreaterThan(searches));
    expect(await screen.findByRole('row', { name: /PLK01JTESTURN0002/, hidden: true })).toBeTruthy();
  });
});
