import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallbackDeliveryRow, CallbackSubscription } from '@meridian/contract/callback-configurations';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderRoutedPage, serverError } from '@/test/render-page';
import { CallbacksPage } from './callbacks-page';
import { urlProblem } from './config-form-state';
import { attemptOutcome } from './delivery-log';
import { replayProgressText } from './replay-panel';
import { callbacksSearchSchema } from './search';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
window.scrollTo = (() => {}) as typeof window.scrollTo;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
afterEach(cleanup);

const TYPES = [
  { event_type: 'PAYOUT', label: 'Payouts', description: 'Every payout change.', events: ['payout.success'] },
  { event_type: 'MANDATE', label: 'E-mandates', description: 'Mandates.', events: ['mandate.active'] },
];
const SUBS: CallbackSubscription[] = [
  {
    event_type: 'PAYOUT',
    label: 'Payouts',
    subscribed: true,
    active_urls: 1,
    configurations: [
      { callback_id: 'CBK1', url: 'https://hooks.example.com/payouts', http_method: 'POST', is_active: true },
    ],
  },
  { event_type: 'MANDATE', label: 'E-mandates', subscribed: false, active_urls: 0, configurations: [] },
];
const DELIVERY: CallbackDeliveryRow = {
  webhook_id: 'msg_01TEST',
  callback_id: 'CBK1',
  event_type: 'PAYOUT',
  event: 'callback.test',
  subject_urn: 'CBK1',
  url: 'https://hooks.example.com/payouts',
  http_method: 'POST',
  status: 'FAILED',
  livemode: true,
  attempt_count: 1,
  next_attempt_at: null,
  created_at: '2026-03-10T06:00:00.000Z',
  resent_at: null,
  attempts: [
    {
      attempt: 1,
      started_at: '2026-03-10T06:00:01.000Z',
      status_code: 503,
      latency_ms: 120,
      response_excerpt: 'down for maintenance',
      error: 'HTTP 503',
    },
  ],
};

function setup(url = '/cb') {
  const api = fakeApi(apiFetch, {
    'GET /meridian/read/fetch/callback/types': () => ({ data: TYPES }),
    'GET /meridian/read/fetch/callback/http_methods': () => ({
      data: [
        { http_method: 'POST', label: 'POST' },
        { http_method: 'PUT', label: 'PUT' },
      ],
    }),
    'GET /meridian/read/fetch/callback/subscriptions': () => ({ data: SUBS }),
    'GET /meridian/read/search/callback/deliveries': () => ({ data: [DELIVERY] }),
    'GET /meridian/read/count/callback/deliveries': () => ({ count: 1 }),
    'POST /v2/company/callback/deliveries/msg_01TEST/resend': () => ({ ...DELIVERY, status: 'PENDING' }),
  });
  renderRoutedPage({ path: '/cb', url, validateSearch: callbacksSearchSchema, page: CallbacksPage });
  return api;
}

describe('callback configurations page', () => {
  it('groups URLs per event type and shows the delivery log with the status filter sent', async () => {
    const api = setup('/cb?status=FAILED');
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(within(payouts).getByText('https://hooks.example.com/payouts')).toBeTruthy();
    expect(within(payouts).getByText('Subscribed (1)')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'E-mandates' }).textContent).toContain('Not subscribed');
    await screen.findAllByText('msg_01TEST');
    const search = api.callsTo('GET', '/meridian/read/search/callback/deliveries');
    expect(search.length).toBeGreaterThan(0);
    expect(
      vi.mocked(apiFetch).mock.calls.find(([p]) => p.includes('search/callback'))?.[1]?.query,
    ).toMatchObject({
      status: 'FAILED',
    });
  });

  it('creates a URL and shows the signing secret once; a refused URL shows its message on the field', async () => {
    const api = setup();
    let refuse = true;
    api.routes['POST /v2/company/callback'] = (call) => {
      if (refuse) {
        refuse = false;
        const why = 'Callback URLs must use https in production';
        throw serverError(400, why, 'validation_failed', { url: why });
      }
      return {
        callback_id: 'CBK2',
        event_type: 'PAYOUT',
        url: (call.body as { url: string }).url,
        http_method: 'POST',
        is_active: true,
        secret: 'whsec_SHOWN_ONCE_abcdefghijklmnopqrstuv',
        livemode: true,
        created_at: '2026-03-10T06:00:00.000Z',
        updated_at: '2026-03-10T06:00:00.000Z',
      };
    };
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add callback URL' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add URL' }));
    expect(within(dialog).getByText(/Enter a full URL/)).toBeTruthy();
    expect(api.callsTo('POST', '/v2/company/callback')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'http://hooks.example.com/x');
    await user.click(within(dialog).getByRole('button', { name: 'Add URL' }));
    expect(await within(dialog).findByText('Callback URLs must use https in production')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add URL' }));
    expect(await within(dialog).findByText('whsec_SHOWN_ONCE_abcdefghijklmnopqrstuv')).toBeTruthy();
    expect(api.callsTo('POST', '/v2/company/callback')[1]!.body).toMatchObject({
      action: 'create',
      event_type: 'PAYOUT',
      url: 'http://hooks.example.com/x',
      http_method: 'POST',
      is_active: true,
    });
  });

  it('says a callback change an approval rule holds (202) waits; the list keeps the URL as it is', async () => {
    const api = setup();
    const message =
      'The change of callback CBK1 waits for approval (APR_C1): it is made only once approved, and not at all if rejected or left unanswered until it expires.';
    api.routes['POST /v2/company/callback'] = () => ({
      approval_urn: 'APR_C1',
      status: 'PENDING_APPROVAL',
      message,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit https://hooks.example.com/payouts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit callback URL' });
    const url = within(dialog).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/v2/payouts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByRole('dialog', { name: 'The change waits for approval' });
    const held = within(dialog)
      .getByText('Waiting for approval: the change of https://hooks.example.com/payouts (APR_C1)')
      .closest('[role=status]')!;
    expect(held.textContent).toContain(message);
    expect(document.activeElement).toBe(held);
    expect(dialog.textContent).toContain('Events keep going to the callback URL as it was');
    expect(within(dialog).queryByText(/whsec_/)).toBeNull();
    expect(api.callsTo('POST', '/v2/company/callback')[0]!.body).toEqual({
      action: 'update',
      callback_id: 'CBK1',
      url: 'https://hooks.example.com/v2/payouts',
      http_method: 'POST',
      is_active: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(within(payouts).getByText('https://hooks.example.com/payouts')).toBeTruthy();
    expect(within(payouts).queryByText('https://hooks.example.com/v2/payouts')).toBeNull();
  });

  it("shows a held new callback's signing secret once, as waiting (202 with its secret)", async () => {
    const api = setup();
    api.routes['POST /v2/company/callback'] = () => ({
      approval_urn: 'APR_C2',
      status: 'PENDING_APPROVAL',
      message: 'The new callback URL waits for approval (APR_C2): it is made only once approved.',
      secret: 'whsec_HELD_abcdefghijklmnopqrstuvwxyz12',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add callback URL' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/mandates');
    await user.click(within(dialog).getByRole('button', { name: 'Add URL' }));

    await screen.findByRole('dialog', { name: 'The callback URL waits for approval' });
    expect(
      within(dialog).getByText(
        'Waiting for approval: callback URL https://hooks.example.com/mandates (APR_C2)',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Callback URL added')).toBeNull();
    expect(within(dialog).getByText('whsec_HELD_abcdefghijklmnopqrstuvwxyz12')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('shown only this once');
  });

  it('opens a delivery with its attempts and resends it', async () => {
    const api = setup('/cb?selected=msg_01TEST');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('down for maintenance')).toBeTruthy();
    expect(within(dialog).getByText('120 ms')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/v2/company/callback/deliveries/msg_01TEST/resend')).toHaveLength(1),
    );
  });
});

describe('callback helpers', () => {
  it('parses the URL state, dropping bad filter values', () => {
    expect(callbacksSearchSchema({ status: 'FAILED', event_type: 'PAYOUT' } as never)).toMatchObject({
      status: 'FAILED',
      event_type: 'PAYOUT',
    });
    const bad = callbacksSearchSchema({ status: '<script>', event_type: 42 } as never);
    expect(bad.status).toBeUndefined();
    expect(bad.event_type).toBeUndefined();
  });
  it('checks URLs before sending them', () => {
    expect(urlProblem('')).toMatch(/Enter the URL/);
    expect(urlProblem('ftp://x.example')).toBe('Enter an http(s) URL');
    expect(urlProblem('https://x.example/hook')).toBeNull();
  });
  it('says what an attempt and a replay came to', () => {
    expect(
      attemptOutcome({ ...DELIVERY.attempts[0]!, status_code: null, error: 'Timed out after 15 s' }),
    ).toBe('Timed out after 15 s');
    const replay = {
      replay_id: 'RPL1',
      start_date: '2026-03-04',
      end_date: '2026-03-10',
      event_type: null,
      livemode: true,
      created_at: '2026-03-10T06:00:00.000Z',
      finished_at: null,
    };
    expect(replayProgressText({ ...replay, status: 'RUNNING', total: 5, done: 2 })).toBe(
      'Replaying: 2 of 5 failed deliveries sent again…',
    );
    expect(replayProgressText({ ...replay, status: 'COMPLETED', total: 0, done: 0 })).toMatch(
      /nothing to replay/,
    );
  });
});
