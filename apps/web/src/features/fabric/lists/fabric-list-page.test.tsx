import { renderRoutedPage } from '@/test/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FabricCall, FabricCallDetails, FabricProductSlug } from '@meridian/contract/fabric';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type * as StorageModule from '@/lib/storage';
import { FakeEventSource } from '@/test/fake-event-source';
import { FabricListPage } from './fabric-list-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

vi.mock('@/lib/storage', async (importOriginal) => ({
  ...(await importOriginal<typeof StorageModule>()),
  getAccessToken: () => 'tok.en',
  getStoredUser: () => ({ name: 'Acme', email: 'ops@acme.test', client_id: 'CLIENT-7' }),
}));

const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const CALL: FabricCall = {
  urn: 'TXM01JTESTURN0001',
  product: 'text-match',
  status: 'SUCCESS',
  result_code: 'MATCH',
  message: 'Names match',
  customer_reference_number: 'CUST-42',
  company_urn: 'CMP01ACME',
  reference_id: null,
  transaction_id: null,
  initiation_transaction_id: null,
  credits: 2,
  latency_ms: 14,
  channel: 'api_key',
  api_key_id: 'key_live_01',
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:00.000Z',
};

const DETAILS: FabricCallDetails = {
  ...CALL,
  request: { customer_reference_number: 'CUST-42', type: 'name', text_1: 'A***a Rao', text_2: 'A***a R.' },
  response: { score: 91, verdict: 'MATCH' },
};

function answer(slug: FabricProductSlug, rows: FabricCall[] = [CALL]) {
  fetchMock.mockImplementation(async (path: string) => {
    if (path === `/meridian/read/search/fabric/${slug}`) return { data: rows };
    if (path === `/meridian/read/count/fabric/${slug}`) return { count: rows.length };
    if (path === `/meridian/read/fetch/fabric/${slug}/${CALL.urn}`) return DETAILS;
    throw new ApiError(404, 'Not found');
  });
}

const searchQuery = (slug: string) =>
  fetchMock.mock.calls.filter(([path]) => path === `/meridian/read/search/fabric/${slug}`).at(-1)?.[1] as
    ApiRequestInit | undefined;

function renderPage(slug: FabricProductSlug, url = `/fabric/${slug}`) {
  return renderRoutedPage({
    path: `/fabric/${slug}`,
    url: url,
    validateSearch: listSearchSchema,
    page: (props) => <FabricListPage slug={slug} {...props} />,
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
  vi.unstubAllGlobals();
});

const keyOptions = () =>
  [...within(screen.getByRole('search')).getByLabelText('Search by').querySelectorAll('option')].map(
    (o) => (o as HTMLOptionElement).value,
  );

describe('FabricListPage', () => {
  it('lists text-match calls for the last 7 days with the fabric columns and the contract keys', async () => {
    answer('text-match');
    renderPage('text-match');
    expect(await screen.findByRole('heading', { level: 1, name: 'Text match' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /Text match from Mar 04, 2026 to Mar 10, 2026/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'URN', 'Status', 'Result', 'Customer reference', 'Credits']);
    const row = await within(table).findByRole('row', { name: /TXM01JTESTURN0001/ });
    for (const text of ['CUST-42', 'Success', 'MATCH', '2 credits']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(searchQuery('text-match')?.query).toEqual({
      start_date: '2026-03-04',
      end_date: '2026-03-10',
      limit: 10,
      offset: 0,
      time_zone: 'Asia/Kolkata',
    });
    expect(keyOptions()).toEqual(['meridian_company_urn', 'customer_reference_number']);
  });

  it('starts Aadhaar XML at today minus 7 days, with its three keys', async () => {
    answer('aadhaar-xml', []);
    renderPage('aadhaar-xml');
    expect(await screen.findByText('No calls in this date range')).toBeTruthy();
    expect(searchQuery('aadhaar-xml')?.query).toMatchObject({
      start_date: '2026-03-03',
      end_date: '2026-03-10',
    });
    expect(screen.getByRole('button', { name: 'Date range Mar 03, 2026 – Mar 10, 2026' })).toBeTruthy();
    expect(keyOptions()).toEqual([
      'customer_reference_number',
      'meridian_transaction_id',
      'initiation_transaction_id',
    ]);
  });

  it('offers digilocker its keys (customer_reference_id) and KYC only the customer reference', async () => {
    answer('kyc-digilocker', []);
    renderPage('kyc-digilocker');
    await screen.findByText('No calls in this date range');
    expect(keyOptions()).toEqual(['meridian_company_urn', 'meridian_urn', 'customer_reference_id']);
    expect(searchQuery('kyc-digilocker')?.query).toMatchObject({ start_date: '2026-03-04' });
    cleanup();
    answer('kyc-validate', []);
    renderPage('kyc-validate');
    await screen.findByText('No calls in this date range');
    expect(keyOptions()).toEqual(['customer_reference_number']);
  });

  it("filters by status from the URL (the definition's filter), sent with the search and the count", async () => {
    answer('face-match', []);
    renderPage('face-match', '/fabric/face-match?status=FAILURE');
    expect(await screen.findByText('Nothing matches these filters in this date range')).toBeTruthy();
    expect(searchQuery('face-match')?.query).toMatchObject({ status: 'FAILURE' });
    const count = fetchMock.mock.calls.filter(([p]) => p === '/meridian/read/count/fabric/face-match').at(-1);
    expect((count?.[1] as ApiRequestInit).query).toMatchObject({ status: 'FAILURE' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('FAILURE');
  });

  it('opens a call with its credits and its masked request and response as readable JSON', async () => {
    const user = userEvent.setup();
    answer('text-match');
    const { search } = renderPage('text-match');
    await user.click(await screen.findByRole('button', { name: /TXM01JTESTURN0001/ }));
    const dialog = await screen.findByRole('dialog', { name: `Text match ${CALL.urn}` });
    expect(search()).toEqual({ selected: CALL.urn });
    // every column's value, those the table leaves out included (latency, channel, company urn)
    expect(await within(dialog).findByText('Credits')).toBeTruthy();
    expect(within(dialog).getAllByText('2 credits').length).toBeGreaterThan(0);
    for (const text of ['14 ms', 'API key', 'CMP01ACME', 'key_live_01', 'Names match'])
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    const request = within(dialog).getByRole('region', { name: 'Request, personal data masked' });
    expect(request.textContent).toBe(JSON.stringify(DETAILS.request, null, 2));
    expect(request.textContent).toContain('"text_1": "A***a Rao"');
    const response = within(dialog).getByRole('region', { name: 'Response, personal data masked' });
    expect(response.textContent).toContain('"score": 91');
  });

  it('says so when a linked call does not exist', async () => {
    answer('text-match', []);
    renderPage('text-match', '/fabric/text-match?selected=TXM01NOPE');
    const dialog = await screen.findByRole('dialog', { name: 'Text match TXM01NOPE' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no call TXM01NOPE.');
  });

  it('refreshes the list when a call of its product arrives on the events stream', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    answer('text-match', []);
    renderPage('text-match');
    expect(await screen.findByText('No calls in this date range')).toBeTruthy();
    expect(screen.getByText('Connecting…')).toBeTruthy();
    const source = FakeEventSource.instances[0]!;
    source.open();
    expect(screen.getByText('Live')).toBeTruthy();

    answer('text-match', [CALL]);
    source.emit({ id: '1', type: 'call.created', call: { ...CALL, product: 'face-match' } });
    source.emit({ id: '2', type: 'call.created', call: CALL });
    expect(await screen.findByRole('row', { name: /TXM01JTESTURN0001/ })).toBeTruthy();
    const searches = fetchMock.mock.calls.filter(([p]) => p === '/meridian/read/search/fabric/text-match');
    expect(searches).toHaveLength(2);
  });
});
