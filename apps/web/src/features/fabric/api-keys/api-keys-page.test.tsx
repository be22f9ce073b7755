import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { ApiKey } from '@meridian/contract/fabric';
import { ApiError, apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { initMode, setMode } from '@/lib/mode';
import { ApiKeysPage } from './api-keys-page';
import { userDetailsFor } from '@/test/user-details';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));

const fetchMock = vi.mocked(apiFetch);
window.scrollTo = (() => {}) as typeof window.scrollTo;

const KEY: ApiKey = {
  key_id: 'key_01JEXISTING',
  name: 'Onboarding service',
  role: 'developer',
  status: 'ACTIVE',
  livemode: true,
  created_at: '2026-03-01T06:00:00.000Z',
  created_by: 'ops@acme.test',
  last_used_at: '2026-03-09T10:00:00.000Z',
  last_used_ip: '203.0.113.7',
  revoked_at: null,
};
const SECRET = 'sk_test_5ecr3t_only_once';

let keys: ApiKey[];
let createAnswer: (body: unknown) => unknown;

beforeEach(() => {
  keys = [KEY];
  createAnswer = (body) => {
    const created = {
      ...KEY,
      key_id: 'key_01JNEW',
      name: (body as { name: string }).name,
      role: (body as { role: string }).role,
      last_used_at: null,
      last_used_ip: null,
      created_at: '2026-03-10T06:00:00.000Z',
    };
    keys = [created, ...keys];
    return { ...created, key_secret: SECRET };
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path: string, init: ApiRequestInit = {}) => {
    // An owner: the screen's actions show (they need a permission).
    if (path === '/v2/user/details') return userDetailsFor('owner');
    if (path === '/meridian/read/fetch/api_keys') return { data: keys };
    if (path === '/v2/company/api_keys' && init.method === 'POST') return createAnswer(init.json);
    const revoke = /^\/v2\/company\/api_keys\/([^/]+)\/revoke$/.exec(path);
    if (revoke && init.method === 'POST') {
      keys = keys.map((k) =>
        k.key_id === revoke[1] ? { ...k, status: 'REVOKED', revoked_at: '2026-03-10T06:30:00.000Z' } : k,
      );
      return keys.find((k) => k.key_id === revoke[1]);
    }
    throw new ApiError(404, 'Not found');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const rootRoute = createRootRoute();
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: '/configurations/api-keys',
    component: ApiKeysPage,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ['/configurations/api-keys'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

const calls = (path: string) => fetchMock.mock.calls.filter(([p]) => p === path);

describe('ApiKeysPage', () => {
  it('lists keys with role, status, creation and last use (time and address), never a secret', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = within(table).getByRole('row', { name: /Onboarding service/ });
    expect(within(row).getByText('key_01JEXISTING')).toBeTruthy();
    expect(within(row).getByText('Developer')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText('Mar 09, 2026 15:30')).toBeTruthy();
    expect(screen.getByText('1 of 10 active keys')).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a copy button and the warning', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'API keys' });
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Name the key')).toBeTruthy();
    expect(calls('/v2/company/api_keys')).toHaveLength(0);

    // The role defaults to Developer; a finance maker's key may make payouts.
    const role = within(form).getByLabelText('Role');
    expect((role as HTMLSelectElement).value).toBe('developer');
    await user.selectOptions(role, 'Finance maker');
    expect(within(form).getByText(/Makes payouts, bulks, beneficiaries/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), '  Payments backend {Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'API key “Payments backend” created' });
    expect(calls('/v2/company/api_keys')[0]?.[1]).toMatchObject({
      method: 'POST',
      json: { name: 'Payments backend', role: 'finance_maker' },
    });
    expect(within(dialog).getByText(SECRET)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('you will not see it again');
    expect(document.activeElement).toBe(within(dialog).getByRole('alert'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Closing the dialog drops the secret for good; the list has the new key.
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    const created = await screen.findByRole('row', { name: /Payments backend/ });
    expect(within(created).getByText('Finance maker')).toBeTruthy();
    expect(screen.getByText('2 of 10 active keys')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(within(again).queryByText(SECRET)).toBeNull();
  });

  it('shows a key an approval rule holds (202) once, with its id and secret, as waiting; the list lacks it', async () => {
    const user = userEvent.setup();
    const message =
      'The API key key_01JHELD waits for approval (APR_K1): it is made only once approved, and not at all if rejected or left unanswered until it expires.';
    createAnswer = () => ({
      approval_urn: 'APR_K1',
      status: 'PENDING_APPROVAL',
      message,
      key_id: 'key_01JHELD',
      key_secret: SECRET,
    });
    renderPage();
    await screen.findByRole('table', { name: 'API keys' });
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(form).getByLabelText('Name'), 'Payments backend{Enter}');

    const dialog = await screen.findByRole('dialog', {
      name: 'API key “Payments backend” waits for approval',
    });
    const held = within(dialog)
      .getByText('Waiting for approval: API key “Payments backend” (APR_K1)')
      .closest('[role=status]')!;
    expect(held.textContent).toContain(message);
    expect(held.textContent).toContain('Calls with this key are refused until an approver approves it');
    expect(within(dialog).queryByText(/created/)).toBeNull();
    // The id and secret, shown this once, with the warning.
    expect(within(dialog).getByText('key_01JHELD')).toBeTruthy();
    expect(within(dialog).getByText(SECRET)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('you will not see it again');
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    // The list is the server's: the key does not exist yet.
    await waitFor(() => expect(calls('/meridian/read/fetch/api_keys').length).toBeGreaterThan(1));
    expect(screen.queryByRole('row', { name: /Payments backend/ })).toBeNull();
    expect(screen.getByText('1 of 10 active keys')).toBeTruthy();
  });

  it("shows the server's message when the key cannot be created (the active-keys limit)", async () => {
    const user = userEvent.setup();
    createAnswer = () => {
      throw new ApiError(422, 'At most 10 active API keys: revoke one first');
    };
    renderPage();
    await screen.findByRole('table', { name: 'API keys' });
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(form).getByLabelText('Name'), 'Eleventh{Enter}');
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('At most 10 active API keys: revoke one first');
  });

  it('revokes a key only after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /Onboarding service/ });
    await user.click(within(row).getByRole('button', { name: 'Revoke Onboarding service' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke “Onboarding service”?' });
    expect(confirm.textContent).toContain('This cannot be undone');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(`/v2/company/api_keys/${KEY.key_id}/revoke`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Revoke Onboarding service' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(`/v2/company/api_keys/${KEY.key_id}/revoke`)[0]?.[1]).toMatchObject({ method: 'POST' });
    await screen.findByText('0 of 10 active keys');
    const revoked = screen.getByRole('row', { name: /Onboarding service/ });
    expect(within(revoked).getByText('Revoked', { selector: '[data-slot=badge]' })).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('shows each key as a card on a narrow screen: the whole key, its id and its Revoke button', async () => {
    const user = userEvent.setup();
    // A phone: the `md` media query does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    keys = [
      KEY,
      {
        ...KEY,
        key_id: 'key_01JOLD',
        name: 'Old batch job',
        status: 'REVOKED',
        last_used_at: null,
        revoked_at: '2026-03-05T06:00:00.000Z',
      },
    ];
    renderPage();
    const cards = await screen.findByRole('list', { name: 'API keys' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getByRole('listitem', { name: 'Onboarding service' });
    for (const text of ['key_01JEXISTING', 'Active', '203.0.113.7', 'Mar 09, 2026 15:30'])
      expect(within(card).getByText(text)).toBeTruthy();
    const old = within(cards).getByRole('listitem', { name: 'Old batch job' });
    expect(within(old).getByText('Never')).toBeTruthy();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Revoke Onboarding service' }));
    expect(await screen.findByRole('alertdialog', { name: 'Revoke “Onboarding service”?' })).toBeTruthy();
  });

  it('says which mode its keys are in: live keys, and in test mode test keys whose new secret starts mk_test_', async () => {
    const user = userEvent.setup();
    initMode('');
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Live keys' })).toBeTruthy();
    cleanup();

    setMode('test');
    keys = [{ ...KEY, livemode: false }];
    createAnswer = (body) => ({
      ...KEY,
      key_id: 'key_01JTEST',
      livemode: false,
      name: (body as { name: string }).name,
      key_secret: 'mk_test_5ecr3t',
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Test keys' })).toBeTruthy();
    // The record's own livemode, beside its status.
    const row = await screen.findByRole('row', { name: /Onboarding service/ });
    expect(within(row).getByText('Test')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(within(form).getByText(/A test key: its secret starts mk_test_/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Sandbox runner{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'API key “Sandbox runner” created' });
    expect(within(dialog).getByText('Test key')).toBeTruthy();
    expect(within(dialog).getByText('mk_test_5ecr3t')).toBeTruthy();
    setMode('live');
  });
});
