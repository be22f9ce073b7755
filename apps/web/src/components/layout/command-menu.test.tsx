import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { GlobalSearchResult } from '@meridian/contract';
import { BUILT_IN_ROLES } from '@meridian/contract/permissions';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { themePreference } from '@/lib/preferences/theme';
import { teamPreference } from '@/lib/preferences/team';
import CommandMenu from './command-menu';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
const signOut = vi.fn(async () => {});
vi.mock('./use-sign-out', () => ({ useSignOut: () => signOut }));

const fetchMock = vi.mocked(apiFetch);
// jsdom lacks what cmdk and the router touch.
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SEARCH = '/meridian/read/search/global';

const KAVYA: GlobalSearchResult = {
  type: 'beneficiary',
  id: 'KAVYA-1',
  title: 'Kavya Menon',
  subtitle: 'KAVYA-1 · A/c 50100099887766 · HDFC0000001 · IMPS',
  matched: 'beneficiary_code',
  route: {
    to: '/flow/beneficiaries',
    search: {
      start_date: '2026-03-01',
      end_date: '2026-03-01',
      search_key: 'beneficiary_code',
      search_value: 'KAVYA-1',
      selected: 'KAVYA-1',
    },
  },
};
const PAYOUT: GlobalSearchResult = {
  type: 'payout',
  id: 'PAY01JKAV0000000000000000001',
  title: 'PAY01JKAV0000000000000000001',
  subtitle: 'Ref KAV-77 · ₹1,250.00 · SUCCESS · Kavya Menon (KAVYA-1)',
  matched: 'customer_reference_number',
  route: {
    to: '/flow/payouts',
    search: {
      start_date: '2026-03-02',
      end_date: '2026-03-02',
      search_key: 'meridian_urn',
      search_value: 'PAY01JKAV0000000000000000001',
      selected: 'PAY01JKAV0000000000000000001',
    },
  },
};

const searchCalls = () => fetchMock.mock.calls.filter(([path]) => path === SEARCH);

/** The signed-in member's role, as GET /v2/user/details answers it (the palette offers what it allows). */
let role: 'owner' | 'viewer' = 'owner';
const details = () => ({
  name: 'Asha',
  email: 'asha@acme.test',
  client_id: 'C1',
  company_common_name: 'Acme',
  phone: null,
  mfa_preference: 'none',
  mfa_required_by_company: false,
  roles: [role],
  role,
  role_name: BUILT_IN_ROLES[role].name,
  permissions: [...BUILT_IN_ROLES[role].permissions],
});

/** The server answers `results` for every query, or what `answer` says. */
function serve(answer: (q: string, init: ApiRequestInit) => unknown = () => ({ data: [PAYOUT, KAVYA] })) {
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    if (path === SEARCH) return answer(String(init.query?.q), init);
    if (path === '/v2/user/details') return details();
    throw new ApiError(404, 'Not found');
  });
}

function renderMenu() {
  const onOpenChange = vi.fn();
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <CommandMenu open onOpenChange={onOpenChange} />
        <Outlet />
      </>
    ),
  });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      [
        '/',
        '/flow/payouts',
        '/flow/beneficiaries',
        '/flow/initiate-payout',
        '/flow/add-beneficiary',
        '/trace/$id',
      ].map(page),
    ),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return {
    onOpenChange,
    location: () => ({ path: router.state.location.pathname, search: router.state.location.search }),
  };
}

const input = () => screen.findByRole('combobox', { name: /command palette/i });
const option = (name: string | RegExp) => screen.findByRole('option', { name });

beforeEach(() => {
  role = 'owner';
  localStorage.clear();
  fetchMock.mockReset();
  serve(() => ({ data: [] }));
  signOut.mockClear();
});
afterEach(cleanup);

describe('CommandMenu', () => {
  it('shows matching records as you type, asking the server once typing pauses', async () => {
    const user = userEvent.setup();
    serve();
    renderMenu();
    await user.type(await input(), 'kav');

    const beneficiaries = await screen.findByRole('group', { name: 'Beneficiaries' });
    expect(within(beneficiaries).getByRole('option', { name: /Kavya Menon/ }).textContent).toContain(
      'KAVYA-1 · A/c 50100099887766',
    );
    const payouts = screen.getByRole('group', { name: 'Payouts' });
    expect(within(payouts).getByRole('option').textContent).toContain('Ref KAV-77 · ₹1,250.00');
    // Three key presses, one request, with the user's time zone for the links' dates.
    expect(searchCalls()).toHaveLength(1);
    expect(searchCalls()[0]![1]).toMatchObject({
      host: 'read',
      query: { q: 'kav', time_zone: 'Asia/Kolkata' },
    });
    expect(screen.getByRole('status').textContent).toBe('2 matching records.');
    // Pages and actions are still there.
    expect(screen.queryByRole('option', { name: 'Payouts' })).toBeNull(); // "kav" matches no page…
    await user.clear(await input());
    expect(await option('Payouts')).toBeTruthy(); // …but an empty query lists them all
  });

  it('opens the first record on Enter, even when screens match too: the list filtered to it, details open', async () => {
    const user = userEvent.setup();
    serve(() => ({ data: [KAVYA] }));
    const { onOpenChange, location } = renderMenu();
    await user.type(await input(), 'flow'); // matches "Flow overview", selected until the record arrives
    const record = await option(/Kavya Menon/);
    await waitFor(() => expect(record.getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().path).toBe('/flow/beneficiaries'));
    expect(location().search).toEqual(KAVYA.route.search);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers the trace of a request id typed whole, selected for Enter', async () => {
    const user = userEvent.setup();
    const { location } = renderMenu();
    await user.type(await input(), 'req01jkav00000000000000000x9');
    const trace = await option('Open trace of REQ01JKAV00000000000000000X9');
    await waitFor(() => expect(trace.getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().path).toBe('/trace/REQ01JKAV00000000000000000X9'));
  });

  it('offers no trace for a partial id', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.type(await input(), 'REQ01JKAV');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('option', { name: /Open trace/ })).toBeNull();
  });

  it('does not search below two characters, and aborts a search the user typed past', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    serve(
      (q, init) =>
        new Promise((resolve) => {
          signals.push(init.signal!);
          if (q === 'kavy') resolve({ data: [KAVYA] }); // the first one ("ka") never answers
        }),
    );
    renderMenu();
    await user.type(await input(), 'k');
    await new Promise((r) => setTimeout(r, 300));
    expect(searchCalls()).toHaveLength(0);

    await user.type(await input(), 'a');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    await user.type(await input(), 'vy');
    expect(await option(/Kavya Menon/)).toBeTruthy();
    expect(searchCalls().map(([, init]) => init?.query?.q)).toEqual(['ka', 'kavy']);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('says when the search fails', async () => {
    const user = userEvent.setup();
    serve(() => {
      throw new ApiError(400, 'Invalid q: must not contain control characters');
    });
    renderMenu();
    await user.type(await input(), 'ab');
    expect((await screen.findByRole('alert')).textContent).toContain('must not contain control characters');
  });

  it('offers the actions: initiate payout, add beneficiary and the approvals inbox, once each', async () => {
    const user = userEvent.setup();
    const { location, onOpenChange } = renderMenu();
    const actions = await screen.findByRole('group', { name: 'Actions' });
    await waitFor(() =>
      expect(
        within(actions)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Initiate payout', 'Add beneficiary', 'Approvals inbox']),
    );
    expect(screen.getAllByRole('option', { name: 'Initiate payout' })).toHaveLength(1);
    await user.click(within(actions).getByRole('option', { name: 'Add beneficiary' }));
    await waitFor(() => expect(location().path).toBe('/flow/add-beneficiary'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(searchCalls()).toHaveLength(0);
  });

  it('offers a viewer only what the role may do: no payout, beneficiary or bulk upload', async () => {
    role = 'viewer';
    renderMenu();
    const flow = await screen.findByRole('group', { name: 'Flow' });
    expect(within(flow).getByRole('option', { name: 'Bulk capabilities' })).toBeTruthy();
    expect(within(flow).queryByRole('option', { name: 'Bulk upload' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Initiate payout' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Add beneficiary' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Audit log' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Settings' })).toBeTruthy();
  });

  it('lists the bulk screens with the other flow screens', async () => {
    const user = userEvent.setup();
    const { location } = renderMenu();
    const flow = await screen.findByRole('group', { name: 'Flow' });
    await waitFor(() => expect(within(flow).queryByRole('option', { name: 'Bulk upload' })).toBeTruthy());
    expect(within(flow).getByRole('option', { name: 'Bulk upload' })).toBeTruthy();
    expect(within(flow).getByRole('option', { name: 'Bulk capabilities' })).toBeTruthy();
    await user.click(within(flow).getByRole('option', { name: 'Bulk capabilities' }));
    await waitFor(() => expect(location().path).toBe('/flow/bulk-capabilities'));
  });

  it('switches team and theme through their stored preferences', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.type(await input(), 'team');
    const teams = await screen.findByRole('group', { name: 'Team' });
    expect(
      within(teams)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Switch to team Meridian', 'Switch to team Flow', 'Switch to team Fabric']);
    await user.click(within(teams).getByRole('option', { name: 'Switch to team Fabric' }));
    expect(teamPreference.get()).toBe('fabric');
    expect(localStorage.getItem('staging_team')).toBe('fabric');

    cleanup();
    renderMenu();
    const themes = await screen.findByRole('group', { name: 'Theme' });
    expect(
      within(themes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Light theme', 'Dark theme', 'System theme', 'Brand theme']);
    await user.click(within(themes).getByRole('option', { name: 'Dark theme' }));
    expect(themePreference.get()).toBe('dark');
  });

  it('signs out with the shell’s sign-out', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(await option('Sign out'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
