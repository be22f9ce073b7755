import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallbackConfig } from '@meridian/contract';
import type { EventDetails, EventRecord } from '@meridian/contract/developers';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type { BuiltInRole } from '@meridian/contract/permissions';
import { clearSession, saveSession } from '@/lib/storage';
import { renderRoutedPage } from '@/test/render-page';
import { userDetailsFor } from '@/test/user-details';
import { EventsPage } from './events-page';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const fetchMock = vi.mocked(apiFetch);
// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

const SEARCH = '/meridian/read/search/events';
const COUNT = '/meridian/read/count/events';

const PENDING: EventRecord = {
  event_id: 'evt_01JTESTPENDING',
  created_at: '2026-03-10T06:00:00.000Z',
  event_type: 'PAYOUT',
  event: 'payout.pending',
  subject_urn: 'PAY01JTESTURN0001',
  request_id: 'REQ01JTESTPAYOUT',
  deliveries: 1,
  last_delivery_status: 'FAILED',
  livemode: true,
};

const DETAILS: EventDetails = {
  ...PENDING,
  data: { urn: 'PAY01JTESTURN0001', status: 'PENDING', amount: '21.00' },
  delivery_list: [
    {
      webhook_id: 'msg_01JTESTFIRST',
      callback_id: 'CB01PAYOUTS',
      url: 'https://hooks.acme.test/payouts',
      status: 'FAILED',
      attempt_count: 14,
      last_status_code: 503,
      created_at: '2026-03-10T06:00:00.000Z',
      resent: false,
    },
  ],
};

const CONFIGS: CallbackConfig[] = [
  {
    callback_id: 'CB01PAYOUTS',
    event_type: 'PAYOUT',
    url: 'https://hooks.acme.test/payouts',
    http_method: 'POST',
    is_active: true,
    secret: 'whsec_…',
    livemode: true,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  },
  {
    callback_id: 'CB02OTHER',
    event_type: 'MANDATE',
    url: 'https://other.acme.test/hooks',
    http_method: 'POST',
    is_active: true,
    secret: 'whsec_…',
    livemode: true,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  },
  {
    callback_id: 'CB03OFF',
    event_type: 'PAYOUT',
    url: 'https://off.acme.test/hooks',
    http_method: 'POST',
    is_active: false,
    secret: 'whsec_…',
    livemode: true,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  },
];

const RESEND = `/v2/events/${PENDING.event_id}/resend`;

function answer(role: BuiltInRole = 'owner') {
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    if (path === '/v2/user/details') return userDetailsFor(role);
    if (path === SEARCH) return { data: [PENDING] };
    if (path === COUNT) return { count: 1 };
    if (path === `/meridian/read/fetch/events/${PENDING.event_id}`) return DETAILS;
    if (path === '/v2/company/callback' && (init.method ?? 'GET') === 'GET') return { data: CONFIGS };
    if (path === RESEND) {
      const body = init.json as { callback_id?: string };
      const config = CONFIGS.find((c) => c.callback_id === (body.callback_id ?? 'CB01PAYOUTS'))!;
      return {
        event_id: PENDING.event_id,
        deliveries: [{ webhook_id: 'msg_01JTESTNEW', callback_id: config.callback_id, url: config.url }],
      };
    }
    throw new ApiError(404, 'Not found');
  });
}

const lastQuery = (path: string) => fetchMock.mock.calls.filter(([p]) => p === path).at(-1)?.[1]?.query;
const resends = () => fetchMock.mock.calls.filter(([p]) => p === RESEND).map(([, init]) => init);

function renderPage(url = '/developers/events') {
  return renderRoutedPage({
    path: '/developers/events',
    url,
    validateSearch: listSearchSchema,
    page: (props) => <EventsPage {...props} />,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  localStorage.clear();
  fetchMock.mockReset();
  saveSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    user: { name: 'Acme', email: 'asha@acme.test', client_id: 'CLI01ACME' },
  });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('EventsPage', () => {
  it('searches by an event id from the URL', async () => {
    answer();
    renderPage(`/developers/events?search_key=event_id&search_value=${PENDING.event_id}`);
    const table = await screen.findByRole('table', { name: /Events from Mar 04, 2026 to Mar 10, 2026/ });
    const row = await within(table).findByRole('row', { name: /payout\.pending/ });
    expect(within(row).getByText(PENDING.event_id)).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(lastQuery(SEARCH)).toMatchObject({ search_key: 'event_id', search_value: PENDING.event_id });
    expect(lastQuery(COUNT)).toMatchObject({ search_key: 'event_id', search_value: PENDING.event_id });
  });

  it('shows the data and deliveries, and resends to the configured endpoints or to one configuration', async () => {
    const user = userEvent.setup();
    answer();
    const { search } = renderPage();
    await user.click(await screen.findByRole('button', { name: /payout\.pending/ }));
    const dialog = await screen.findByRole('dialog', { name: `payout.pending · ${PENDING.event_id}` });
    expect(search()).toEqual({ selected: PENDING.event_id });

    const data = await within(dialog).findByLabelText('Event data');
    expect(data.textContent).toBe(JSON.stringify(DETAILS.data, null, 2));
    const deliveries = within(dialog).getByRole('region', { name: 'Deliveries' });
    const delivery = within(deliveries).getByRole('row', { name: /msg_01JTESTFIRST/ });
    expect(within(delivery).getByText('https://hooks.acme.test/payouts')).toBeTruthy();
    expect(within(delivery).getByText('HTTP 503')).toBeTruthy();
    expect(within(delivery).getByText('14')).toBeTruthy();

    // Only active configurations can be chosen, of any event type.
    const target = within(dialog).getByLabelText('Send to');
    await waitFor(() => expect(target.querySelectorAll('option')).toHaveLength(3));
    expect([...target.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual([
      '',
      'CB01PAYOUTS',
      'CB02OTHER',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resends()).toHaveLength(1));
    expect(resends()[0]).toMatchObject({ method: 'POST', json: {} });

    await user.selectOptions(target, 'CB02OTHER');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resends()).toHaveLength(2));
    expect(resends()[1]).toMatchObject({ method: 'POST', json: { callback_id: 'CB02OTHER' } });
    // The details are read again after each resend.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([p]) => p === `/meridian/read/fetch/events/${PENDING.event_id}`).length,
      ).toBeGreaterThanOrEqual(3),
    );
  });

  it('says why a resend was refused', async () => {
    const user = userEvent.setup();
    answer();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (path, init) => {
      if (path === RESEND)
        throw new ApiError(
          422,
          'No active callback configuration receives PAYOUT events: add one, or name a callback_id',
        );
      return base(path, init);
    });
    renderPage(`/developers/events?selected=${PENDING.event_id}`);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Resend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /No active callback configuration receives PAYOUT events/,
    );
  });

  it('offers no resend to a role without callbacks.manage', async () => {
    answer('viewer');
    renderPage(`/developers/events?selected=${PENDING.event_id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Event data')).toBeTruthy();
    // The role is loaded (the dialog's details came after it); the action stays hidden.
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => p === '/v2/user/details')).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(dialog).queryByLabelText('Send to')).toBeNull();
  });
});
