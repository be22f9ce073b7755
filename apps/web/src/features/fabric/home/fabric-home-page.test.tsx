import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { FABRIC_PRODUCTS, type FabricCall, type FabricEvent } from '@meridian/contract/fabric';
import { ApiError, apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import type * as StorageModule from '@/lib/storage';
import { FakeEventSource } from '@/test/fake-event-source';
import { FabricHomePage } from './fabric-home-page';

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

const call = (n: number, extra: Partial<FabricCall> = {}): FabricCall => ({
  urn: `TXM01CALL${String(n).padStart(4, '0')}`,
  product: 'text-match',
  status: 'SUCCESS',
  result_code: 'MATCH',
  message: null,
  customer_reference_number: `CUST-${n}`,
  company_urn: 'CMP01ACME',
  reference_id: null,
  transaction_id: null,
  initiation_transaction_id: null,
  credits: 2,
  latency_ms: 12,
  channel: 'api_key',
  api_key_id: 'key_01',
  livemode: true,
  created_at: '2026-03-10T06:00:00.000Z',
  updated_at: '2026-03-10T06:00:00.000Z',
  ...extra,
});
const event = (c: FabricCall, type: FabricEvent['type'] = 'call.created', id = c.urn): FabricEvent => ({
  id,
  type,
  call: c,
});

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string) => {
    if (path === '/meridian/read/fetch/fabric/summary')
      return {
        credits: 1000,
        today: [
          { product: 'text-match', calls: 3, success: 2, credits: 6 },
          { product: 'face-match', calls: 1, success: 1, credits: 5 },
        ],
      };
    if (path === '/meridian/read/fetch/credits/balance')
      return {
        credits: 994,
        prices: Object.fromEntries(FABRIC_PRODUCTS.map((p) => [p, p === 'face-match' ? 5 : 2])),
      };
    throw new ApiError(404, 'Not found');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderHome() {
  const rootRoute = createRootRoute();
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/fabric', component: FabricHomePage });
  const textMatch = createRoute({ getParentRoute: () => rootRoute, path: '/fabric/text-match' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, textMatch]),
    history: createMemoryHistory({ initialEntries: ['/fabric'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

const tailLinks = () => within(screen.getByRole('log', { name: /Live calls/ })).queryAllByRole('link');

describe('FabricHomePage', () => {
  it("shows today's calls, the success rate and the credits left, per product too", async () => {
    renderHome();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('75%')).toBeTruthy();
    expect(within(today).getByText('4')).toBeTruthy();
    expect(within(today).getByText('3 of 4 successful')).toBeTruthy();
    expect(await within(today).findByText('994')).toBeTruthy();
    expect(within(today).getByText('11 used today')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Calls today per product' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    const row = within(table).getByRole('row', { name: /Text match/ });
    expect(within(row).getByText('66.7%')).toBeTruthy();
    expect(within(row).getAllByText('2')).toHaveLength(2); // successful today, and the price
    expect(within(row).getByRole('link', { name: 'Text match' }).getAttribute('href')).toBe(
      '/fabric/text-match',
    );
  });

  it('follows the events stream: Live, newest first, updates in place, at most 20, links to the details', async () => {
    renderHome();
    await screen.findByRole('region', { name: 'Today' });
    expect(screen.getByText('Connecting…')).toBeTruthy();
    const source = FakeEventSource.instances[0]!;
    const url = new URL(source.url, 'http://localhost');
    expect(url.pathname).toBe('/meridian/read/stream/fabric/events');
    expect(url.searchParams.get('access_token')).toBe('tok.en');
    expect(url.searchParams.get('client_id')).toBe('CLIENT-7');
    expect(screen.getByText(/Waiting for calls/)).toBeTruthy();

    source.open();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Live');
    source.emit(event(call(1, { status: 'PENDING' })));
    source.emit(event(call(2)), 'call.created');
    source.emit({ not: 'an event' });
    let links = tailLinks();
    expect(links).toHaveLength(2);
    expect(links[0]!.textContent).toContain('TXM01CALL0002');
    expect(links[1]!.textContent).toContain('Pending');
    expect(links[1]!.getAttribute('href')).toBe('/fabric/text-match?selected=TXM01CALL0001');

    source.emit(event(call(1, { status: 'FAILURE' }), 'call.updated', 'e3'));
    links = tailLinks();
    expect(links).toHaveLength(2);
    expect(links[1]!.textContent).toContain('Failure');

    for (let n = 3; n <= 30; n++) source.emit(event(call(n)));
    links = tailLinks();
    expect(links).toHaveLength(20);
    expect(links[0]!.textContent).toContain('TXM01CALL0030');
    expect(links[19]!.textContent).toContain('TXM01CALL0011');
  });

  it('says Reconnecting… when the stream drops and opens it again after a refused stream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { unmount } = renderHome();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const first = FakeEventSource.instances[0]!;
    first.open();
    first.fail(false); // the browser retries by itself
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(1);
    first.open();
    expect(screen.getByText('Live')).toBeTruthy();
    first.emit(event(call(1), 'call.created', '41'));
    expect(first.url).not.toContain('last_event_id');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000); // the refresh an event schedules
    });

    first.fail(true); // refused (e.g. 401): closed for good
    expect(first.closed).toBe(true);
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    const balanceCalls = () =>
      fetchMock.mock.calls.filter(([p]) => p === '/meridian/read/fetch/credits/balance').length;
    const before = balanceCalls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // One call through the API client (its refresh flow), then a new stream with the current token.
    expect(balanceCalls()).toBe(before + 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.instances[1]!;
    // the new stream replays what the closed one missed (EventSource itself sends Last-Event-ID only on its
    // own reconnects)
    expect(new URL(second.url, 'http://x').searchParams.get('last_event_id')).toBe('41');
    second.open();
    expect(screen.getByText('Live')).toBeTruthy();

    unmount();
    expect(second.closed).toBe(true);
  });
});
