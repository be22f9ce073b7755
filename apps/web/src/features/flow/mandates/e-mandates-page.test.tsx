import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mandate, MandateDetails, Presentation } from '@meridian/contract/mandates';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { EMandatesPage } from './e-mandates-page';
import { mandatesSearchSchema } from './search';
import { userDetailsFor } from '@/test/user-details';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const MANDATE: Mandate = {
  urn: 'MDT01JTESTURN0001',
  customer_reference_number: 'EMI-1001',
  type: 'NACH',
  status: 'PENDING',
  status_message: null,
  umrn: null,
  customer_name: 'Kavya Menon',
  customer_email: 'kavya@example.com',
  customer_mobile: '9812345678',
  account_number: '50100022223333',
  ifsc_code: 'HDFC0000001',
  account_type: 'SAVINGS',
  bank_name: 'HDFC Bank',
  vpa: null,
  max_amount: '15000.00',
  frequency: 'MONTHLY',
  start_date: '2026-03-10',
  end_date: null,
  authorisation_url: 'https://dash.example/meridian/hosted/mandates/tok_abc',
  authorisation_expires_at: '2026-03-17T06:00:00.000Z',
  credit_account_number: '77001234567890',
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:00.000Z',
};
const DETAILS: MandateDetails = {
  ...MANDATE,
  events: [{ status: 'PENDING', message: null, livemode: true, at: MANDATE.created_at }],
  presentations: [],
};
const DEBIT: Presentation = {
  urn: 'MPR01JTESTURN0001',
  mandate_urn: MANDATE.urn,
  mandate_type: 'NACH',
  customer_reference_number: 'DEB-1',
  customer_name: 'Kavya Menon',
  amount: '12500.00',
  remarks: null,
  status: 'BOUNCED',
  status_message: 'Insufficient funds in payer account',
  bank_reference_number: null,
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:05.000Z',
};

function answer() {
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const method = init.method ?? 'GET';
    // An owner: the screen's actions show (they need a permission).
    if (path === '/v2/user/details') return userDetailsFor('owner');
    if (path === '/meridian/read/search/mandates/registrations') return { data: [MANDATE] };
    if (path === '/meridian/read/count/mandates/registrations') return { count: 1 };
    if (path === '/meridian/read/search/mandates/presentations') return { data: [DEBIT] };
    if (path === '/meridian/read/count/mandates/presentations') return { count: 1 };
    if (path === `/v2/mandates/${MANDATE.urn}`) return DETAILS;
    if (method === 'POST' && path === `/v2/mandates/${MANDATE.urn}/cancel`)
      return { ...MANDATE, status: 'CANCELLED' };
    throw new ApiError(404, 'Not found');
  });
}

function renderPage(url: string) {
  return renderRoutedPage({
    path: '/flow/e-mandates',
    url: url,
    validateSearch: mandatesSearchSchema,
    page: (props) => <EMandatesPage {...props} />,
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

describe('/flow/e-mandates', () => {
  it('lists registrations and opens a mandate with its authorisation link and actions', async () => {
    answer();
    const user = userEvent.setup();
    renderPage(`/flow/e-mandates?selected=${MANDATE.urn}`);
    // The open dialog hides the page from the accessibility tree.
    const table = await screen.findByRole('table', { name: /^Registrations from/, hidden: true });
    expect(await within(table).findByRole('row', { name: /MDT01JTESTURN0001/, hidden: true })).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(MANDATE.authorisation_url)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel mandate' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([path, init]) => path === `/v2/mandates/${MANDATE.urn}/cancel` && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('shows the debits (presentations) tab with its own list', async () => {
    answer();
    const user = userEvent.setup();
    const { router } = renderPage('/flow/e-mandates');
    await screen.findByRole('table', { name: /^Registrations from/ });
    await user.click(screen.getByRole('tab', { name: 'Debits' }));
    const table = await screen.findByRole('table', { name: /^Debits from/ });
    const row = await within(table).findByRole('row', { name: /MPR01JTESTURN0001/ });
    expect(within(row).getByText('BOUNCED')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'presentations' });
  });

  it('filters the open list by status (the status query parameter), from the first page', async () => {
    answer();
    const user = userEvent.setup();
    const { router } = renderPage('/flow/e-mandates?offset=10');
    await screen.findByRole('table', { name: /^Registrations from/ });
    const types = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(types.map((o) => o.textContent)).toEqual(['All', 'NACH', 'UPI autopay']);
    await user.selectOptions(screen.getByLabelText('Status'), 'ACTIVE');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'ACTIVE' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([path, init]) =>
            path === '/meridian/read/search/mandates/registrations' &&
            JSON.stringify(init).includes('"status":"ACTIVE"'),
        ),
      ).toBe(true),
    );
    // The debits tab has its own statuses (its definition's filter), and starts without a filter.
    await user.click(screen.getByRole('tab', { name: 'Debits' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'presentations' }));
    const options = within(await screen.findByLabelText('Status')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'PENDING', 'SUCCESS', 'BOUNCED']);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });
});
