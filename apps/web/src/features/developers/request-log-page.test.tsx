import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestLogDetails, RequestLogRecord } from '@meridian/contract/developers';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { clearSession, saveSession } from '@/lib/storage';
import { renderRoutedPage } from '@/test/render-page';
import { userDetailsFor } from '@/test/user-details';
import { RequestLogPage } from './request-log-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const fetchMock = vi.mocked(apiFetch);
// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

const SEARCH = '/meridian/read/search/request_logs';
const COUNT = '/meridian/read/count/request_logs';

const PAYOUT_CALL: RequestLogRecord = {
  request_id: 'REQ01JTESTPAYOUT',
  created_at: '2026-03-10T06:00:00.000Z',
  method: 'POST',
  route: '/core_banking/money_transfer/initiate',
  path: '/core_banking/money_transfer/initiate',
  status: 201,
  duration_ms: 182.44,
  channel: 'api_key',
  actor: 'ak_live_01JTEST',
  api_key_id: 'ak_live_01JTEST',
  ip: '203.0.113.7',
  idempotency_key: 'idem-42',
  resources: ['PAY01JTESTURN0001'],
  livemode: true,
};

const DASHBOARD_READ: RequestLogRecord = {
  ...PAYOUT_CALL,
  request_id: 'REQ01JTESTREAD',
  method: 'GET',
  route: '/meridian/read/fetch/transaction/payouts/:urn',
  path: '/meridian/read/fetch/transaction/payouts/PAY404',
  status: 404,
  duration_ms: 3,
  channel: 'dashboard',
  actor: 'asha@acme.test',
  api_key_id: null,
  idempotency_key: null,
  resources: [],
};

const PAYOUT_DETAILS: RequestLogDetails = {
  ...PAYOUT_CALL,
  query: null,
  request_body: {
    amount: '10.00',
    beneficiary_name: 'R*** K***',
    purpose_message: "Ravi's invoice",
  },
  // An answer above the cap: the start of its masked text is kept.
  response_body: { _truncated: true, bytes: 40_000, preview: '{"urn":"PAY01JTESTURN0001","status":"PEN' },
  truncated: true,
};

const READ_DETAILS: RequestLogDetails = {
  ...DASHBOARD_READ,
  query: { include: 'events', status: ['FAILURE', 'RETURNED'] },
  request_body: null,
  response_body: { status: 404, message: 'There is no payout PAY404.' },
  truncated: false,
};

const ACCESS_TOKEN = 'eyJ.secret-access-token';
const REFRESH_TOKEN = 'secret-refresh-token';

function answer(rows: RequestLogRecord[] = [PAYOUT_CALL, DASHBOARD_READ]) {
  fetchMock.mockImplementation(async (path: string, _init: ApiRequestInit = {}) => {
    if (path === '/v2/user/details') return userDetailsFor('owner');
    if (path === SEARCH) return { data: rows };
    if (path === COUNT) return { count: rows.length };
    if (path === `/meridian/read/fetch/request_logs/${PAYOUT_CALL.request_id}`) return PAYOUT_DETAILS;
    if (path === `/meridian/read/fetch/request_logs/${DASHBOARD_READ.request_id}`) return READ_DETAILS;
    throw new ApiError(404, 'Not found');
  });
}

const lastQuery = (path: string) => fetchMock.mock.calls.filter(([p]) => p === path).at(-1)?.[1]?.query;

function renderPage(url = '/developers/logs') {
  return renderRoutedPage({
    path: '/developers/logs',
    url,
    validateSearch: listSearchSchema,
    page: (props) => <RequestLogPage {...props} />,
  });
}

beforeEach(() => {
  // Only Date is faked: "today" is 2026-03-10 (11:30 in Asia/Kolkata, the default time zone).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  localStorage.clear();
  fetchMock.mockReset();
  // A signed-in member: its tokens must never reach a copied command.
  saveSession({
    accessToken: ACCESS_TOKEN,
    refreshToken: REFRESH_TOKEN,
    user: { name: 'Acme', email: 'asha@acme.test', client_id: 'CLI01ACME' },
  });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('RequestLogPage', () => {
  it('lists the requests of the last 7 days with their status, duration and caller', async () => {
    answer();
    renderPage();
    const table = await screen.findByRole('table', {
      name: /Request log from Mar 04, 2026 to Mar 10, 2026/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Method', 'Route', 'Status', 'Duration (ms)', 'User or API key', 'Request id']);
    const payout = await within(table).findByRole('row', { name: /money_transfer\/initiate/ });
    expect(within(payout).getByText('POST')).toBeTruthy();
    expect(within(payout).getByText('201')).toBeTruthy();
    expect(within(payout).getByText('182.4 ms')).toBeTruthy();
    expect(within(payout).getByText('ak_live_01JTEST')).toBeTruthy();
    expect(within(payout).getByText('Mar 10, 2026 11:30')).toBeTruthy();
    const read = within(table).getByRole('row', { name: /transaction\/payouts\/:urn/ });
    expect(within(read).getByText('404')).toBeTruthy();
    expect(within(read).getByText('asha@acme.test')).toBeTruthy();
    expect(await screen.findByText('1–2 of 2')).toBeTruthy();
    expect(lastQuery(SEARCH)).toEqual({
      start_date: '2026-03-04',
      end_date: '2026-03-10',
      limit: 10,
      offset: 0,
      time_zone: 'Asia/Kolkata',
    });
  });

  it('puts the status class, caller and a search by idempotency key in the URL and in every call', async () => {
    const user = userEvent.setup();
    answer();
    const { search } = renderPage();
    await screen.findByRole('row', { name: /money_transfer\/initiate/ });

    const status = screen.getByLabelText('Status');
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      '2xx',
      '3xx',
      '4xx',
      '5xx',
    ]);
    await user.selectOptions(status, '4xx');
    await waitFor(() => expect(search()).toEqual({ status_class: '4xx' }));
    await waitFor(() => expect(lastQuery(SEARCH)).toMatchObject({ status_class: '4xx', offset: 0 }));
    expect(lastQuery(COUNT)).toMatchObject({ status_class: '4xx' });

    await user.selectOptions(screen.getByLabelText('Caller'), 'API key');
    await waitFor(() => expect(search()).toEqual({ status_class: '4xx', channel: 'api_key' }));

    const form = screen.getByRole('search', { name: 'Search request log' });
    await user.selectOptions(within(form).getByLabelText('Search by'), 'idempotency_key');
    await user.type(within(form).getByLabelText('Value'), 'idem-42{Enter}');
    await waitFor(() =>
      expect(lastQuery(SEARCH)).toMatchObject({
        status_class: '4xx',
        channel: 'api_key',
        search_key: 'idempotency_key',
        search_value: 'idem-42',
      }),
    );
    expect(search()).toMatchObject({ search_key: 'idempotency_key', search_value: 'idem-42' });
  });

  it('shows the request and the answer with their bodies, the cut note and the link to the trace', async () => {
    const user = userEvent.setup();
    answer();
    const { search } = renderPage();
    await user.click(await screen.findByRole('button', { name: /money_transfer\/initiate/ }));

    const dialog = await screen.findByRole('dialog', { name: 'POST /core_banking/money_transfer/initiate' });
    expect(search()).toEqual({ selected: PAYOUT_CALL.request_id });
    const request = await within(dialog).findByRole('region', { name: 'Request' });
    expect(within(request).getByText('POST /core_banking/money_transfer/initiate')).toBeTruthy();
    expect(within(request).getByText('idem-42')).toBeTruthy();
    expect(within(request).getByLabelText('Request body').textContent).toBe(
      JSON.stringify(PAYOUT_DETAILS.request_body, null, 2),
    );
    const answered = within(dialog).getByRole('region', { name: 'Answer' });
    expect(within(answered).getByText('201')).toBeTruthy();
    expect(within(answered).getByText('182.4 ms')).toBeTruthy();
    expect(within(answered).getByText('Truncated (40,000 bytes): its beginning as recorded.')).toBeTruthy();
    expect(within(answered).getByLabelText('Answer body').textContent).toBe(
      '{"urn":"PAY01JTESTURN0001","status":"PEN',
    );
    expect(within(dialog).getByRole('note').textContent).toMatch(/^Truncated.*16 KB was cut/);
    expect(within(dialog).getByRole('link', { name: 'Open trace' }).getAttribute('href')).toBe(
      `/trace/${PAYOUT_CALL.request_id}`,
    );
  });

  it('copies an API-key request as curl with its Idempotency-Key and body and no secret', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    answer();
    renderPage(`/developers/logs?selected=${PAYOUT_CALL.request_id}`);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy as curl' }));

    expect(writeText).toHaveBeenCalledTimes(1);
    const curl = writeText.mock.calls[0]![0];
    expect(curl).toContain(`curl -X POST '${window.location.origin}/core_banking/money_transfer/initiate'`);
    expect(curl).toContain('-u "$KEY_ID:$KEY_SECRET"');
    expect(curl).toContain(`-H 'Idempotency-Key: idem-42'`);
    expect(curl).toContain(`-H 'Content-Type: application/json'`);
    expect(curl).toContain(
      `-d '{"amount":"10.00","beneficiary_name":"R*** K***","purpose_message":"Ravi'\\''s invoice"}'`,
    );
    // Only the answer was cut: the request is whole, nothing to complete.
    expect(curl.startsWith('curl ')).toBe(true);
    for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, 'Bearer ey']) expect(curl).not.toContain(secret);
    expect(within(dialog).getByText('Curl command copied')).toBeTruthy();
  });

  it("copies a dashboard request with a bearer placeholder and the member's client id", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    answer();
    renderPage(`/developers/logs?selected=${DASHBOARD_READ.request_id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Request query')).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Copy as curl' }));

    const curl = writeText.mock.calls[0]![0];
    expect(curl).toBe(
      [
        `curl '${window.location.origin}/meridian/read/fetch/transaction/payouts/PAY404?include=events&status=FAILURE&status=RETURNED'`,
        '-H "Authorization: Bearer $TOKEN"',
        `-H 'client_id: CLI01ACME'`,
      ].join(' \\\n  '),
    );
    expect(curl).not.toContain(ACCESS_TOKEN);
  });
});
