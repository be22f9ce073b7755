import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listSearchSchema } from '@/components/data-table/list-search';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { AllAccountsPage } from './all-accounts-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const account = (overrides: Record<string, unknown>) => ({
  account_number: '100000000001',
  ifsc: 'MERI0000001',
  account_name: 'Acme Operations',
  kind: 'CURRENT',
  customer_id: null,
  status: 'ACTIVE',
  provider: 'meridian',
  currency: 'INR',
  balance: '125000.00',
  livemode: true,
  created_at: '2026-03-01T06:00:00.000Z',
  updated_at: '2026-03-01T06:00:00.000Z',
  ...overrides,
});
const CURRENT = account({});
const VIRTUAL = account({
  account_number: '222200001234',
  account_name: 'Ravi Kumar',
  kind: 'VIRTUAL',
  customer_id: 'C-1',
  balance: '1250.00',
});

const transaction = (i: number, reference: string | null) => ({
  transaction_id: `TXN${i}`,
  account_number: '222200001234',
  type: i % 2 ? 'CREDIT' : 'DEBIT',
  category: i % 2 ? 'COLLECTION' : 'SETTLEMENT',
  amount: '100.00',
  balance: `${1000 + i}.00`,
  description: `Movement ${i}`,
  reference_urn: null,
  bank_reference_number: `UTR${i}`,
  customer_reference_number: reference,
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
});

type Query = Record<string, unknown>;
let calls: { path: string; query: Query }[];

beforeEach(() => {
  calls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    const query = (init.query ?? {}) as Query;
    calls.push({ path, query });
    if (path === '/meridian/read/search/manage/accounts') return { data: [CURRENT, VIRTUAL] };
    if (path === '/meridian/read/count/manage/accounts') return { count: 2 };
    if (path.startsWith('/meridian/read/search/account/transactions'))
      return { data: [transaction(1, 'INV-1001'), transaction(2, 'inv-2002'), transaction(3, null)] };
    if (path.startsWith('/meridian/read/count/account/transactions')) return { count: 57 };
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

function renderPage(path = '/accounts/all-accounts') {
  return renderRoutedPage({
    path: '/accounts/all-accounts',
    url: path,
    validateSearch: listSearchSchema,
    page: (props) => <AllAccountsPage {...props} />,
  });
}

const transactionCalls = () => calls.filter((c) => c.path.includes('/account/transactions'));

describe('all accounts', () => {
  it('selecting a virtual account shows its /va transactions by page_index/page_size; paging and filtering', async () => {
    const user = userEvent.setup();
    const { search } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Transactions of Ravi Kumar' }));

    const panel = await screen.findByRole('region', { name: 'Transactions of Ravi Kumar' });
    expect(search()).toMatchObject({
      account_number: '222200001234',
      account_name: 'Ravi Kumar',
      account_kind: 'VIRTUAL',
    });
    await within(panel).findByText('TXN1');
    const first = transactionCalls().find((c) => c.path === '/meridian/read/search/account/transactions/va');
    expect(first?.query).toMatchObject({ account_number: '222200001234', page_index: 0, page_size: 10 });
    expect(within(panel).getByText('Page 1 of 6')).toBeTruthy();
    // Signed amounts and category labels as on flow's transactions.
    expect(within(panel).getAllByText('+₹100.00')).toHaveLength(2);
    expect(within(panel).getByText('Settlement')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(search()).toMatchObject({ page_index: 1 }));
    await waitFor(() =>
      expect(transactionCalls().some((c) => c.query.page_index === 1 && c.path.endsWith('/va'))).toBe(true),
    );

    // The customer reference filters the loaded page, ignoring case, without a call.
    const searches = () => transactionCalls().filter((c) => c.path.includes('/search/')).length;
    const before = searches();
    await user.type(within(panel).getByLabelText('Customer reference'), 'INV');
    await waitFor(() => expect(within(panel).queryByText('TXN3')).toBeNull());
    expect(within(panel).getByText('TXN1')).toBeTruthy();
    expect(within(panel).getByText('TXN2')).toBeTruthy();
    expect(searches()).toBe(before);
    expect(search()).toMatchObject({ reference: 'INV', page_index: 1 });

    // Another account: back to the first page, the current account's endpoint.
    await user.click(screen.getByRole('button', { name: 'Transactions of Acme Operations' }));
    await waitFor(() => expect(search()).toMatchObject({ account_number: '100000000001' }));
    expect(search()).not.toHaveProperty('page_index');
    expect(search()).not.toHaveProperty('account_kind');
    await waitFor(() =>
      expect(
        transactionCalls().some(
          (c) =>
            c.path === '/meridian/read/search/account/transactions' &&
            c.query.account_number === '100000000001' &&
            c.query.page_index === 0,
        ),
      ).toBe(true),
    );

    // Clearing the selection.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(search()).not.toHaveProperty('account_number'));
    expect(screen.getByText('Select an account to see its transactions.')).toBeTruthy();
  });

  it('opens on a linked account and page, and keeps it when the list filter changes', async () => {
    const user = userEvent.setup();
    const { search } = renderPage(
      '/accounts/all-accounts?account_number=222200001234&account_name=Ravi%20Kumar&account_kind=VIRTUAL&page_index=2&page_size=25',
    );
    const panel = await screen.findByRole('region', { name: 'Transactions of Ravi Kumar' });
    expect(await within(panel).findByText('Page 3 of 3')).toBeTruthy();
    await user.type(screen.getByLabelText('Value'), 'C-1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search()).toMatchObject({ search_value: 'C-1' }));
    expect(search()).toMatchObject({ account_number: '222200001234', page_index: 2, page_size: 25 });
  });
});
