import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedView } from '@meridian/contract/saved-views';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { renderRoutedPage, serverError } from '@/test/render-page';
import { SavedViews } from './saved-views';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(cleanup);

const LIST = '/meridian/read/fetch/saved_views';

const view = (over: Partial<SavedView>): SavedView => ({
  id: 'SVW01',
  list: 'payouts',
  name: 'Failed in January',
  search: { start_date: '2026-01-01', end_date: '2026-01-31', status: 'FAILED' },
  livemode: true,
  created_at: '2026-02-01T10:00:00.000Z',
  ...over,
});

/** A fake server holding the user's views of `payouts`; every call is recorded. */
function fakeViews(initial: SavedView[]) {
  const views = [...initial];
  const calls: Array<{ method: string; path: string; init: ApiRequestInit }> = [];
  let refuse: Error | null = null;
  vi.mocked(apiFetch).mockImplementation((async (path: string, init: ApiRequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, init });
    if (method === 'GET' && path === LIST) {
      expect(init.query).toEqual({ list: 'payouts' });
      return { data: [...views], max_views: 50 };
    }
    if (method === 'POST' && path === '/v2/saved_views') {
      if (refuse) throw refuse;
      const body = init.json as Pick<SavedView, 'list' | 'name' | 'search'>;
      const created = view({ ...body, id: `SVW0${views.length + 2}` });
      views.push(created);
      return created;
    }
    const del = /^\/v2\/saved_views\/(.+)$/.exec(path);
    if (method === 'DELETE' && del) {
      views.splice(
        views.findIndex((v) => v.id === del[1]),
        1,
      );
      return undefined;
    }
    throw new Error(`unexpected ${method} ${path}`);
  }) as never);
  return {
    calls,
    refuseNextWith: (error: Error | null) => (refuse = error),
    count: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).length,
  };
}

/** The payouts list's route with SavedViews in it, its URL at `url`; applying a view navigates. */
function renderList(url: string) {
  return renderRoutedPage<Record<string, unknown>>({
    path: '/flow/payouts',
    url,
    validateSearch: (input: Record<string, unknown>) => input,
    page: ({ search, onSearchChange }) => (
      <SavedViews listName="payouts" search={search} onApply={(next) => onSearchChange(next)} />
    ),
  });
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Saved views' }));
  return screen.findByRole('menu');
};

describe('SavedViews', () => {
  it("lists the user's views of the list, the current one checked; choosing one navigates to its search", async () => {
    const server = fakeViews([
      view({}),
      view({ id: 'SVW02', name: 'Big UPI', search: { transfer_type: 'UPI' } }),
    ]);
    const page = renderList(
      '/flow/payouts?start_date=2026-01-01&end_date=2026-01-31&status=FAILED&offset=20',
    );
    const user = userEvent.setup();
    const menu = await openMenu(user);
    const january = await within(menu).findByRole('menuitemradio', { name: 'Failed in January' });
    // The page (offset) is not part of a view: the current filters are that view's.
    expect(january.getAttribute('aria-checked')).toBe('true');
    const upi = within(menu).getByRole('menuitemradio', { name: 'Big UPI' });
    expect(upi.getAttribute('aria-checked')).toBe('false');

    await user.click(upi);
    await waitFor(() => expect(page.search()).toEqual({ transfer_type: 'UPI' }));
    expect(page.router.state.location.href).toBe('/flow/payouts?transfer_type=UPI');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(server.count('GET', LIST)).toBe(1);
  });

  it('works from the keyboard: open with Enter, move with arrows, Escape closes back to the trigger', async () => {
    fakeViews([view({})]);
    renderList('/flow/payouts');
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Saved views' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitemradio', { name: 'Failed in January' });
    expect(within(menu).getByRole('menuitem', { name: 'Save current view…' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Copy link to this view' })).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('role')).toMatch(/^menuitem/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Saved views' })),
    );
  });

  it("says so when there are none, and saves the current filters under a name: the server's refusal is shown in the dialog", async () => {
    const server = fakeViews([]);
    renderList('/flow/payouts?status=FAILED&limit=50&offset=10&selected=PAY01&search_value=12345');
    const user = userEvent.setup();
    const menu = await openMenu(user);
    expect(await within(menu).findByRole('menuitem', { name: 'No saved views yet' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Save current view…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    const name = within(dialog).getByLabelText('Name');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name the view');
    expect(server.count('POST', '/v2/saved_views')).toBe(0);

    server.refuseNextWith(
      serverError(409, 'You already have a view named “Failed” of this list', 'duplicate_view_name', {
        name: 'is already the name of one of your views of this list',
      }),
    );
    await user.type(name, '  failed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'You already have a view named “Failed” of this list',
      ),
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');

    server.refuseNextWith(null);
    await user.clear(name);
    await user.type(name, 'Failed, 50 a page');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = server.calls.filter((c) => c.method === 'POST');
    // The filters only: not the page (offset) nor the open row (selected); every value a string.
    expect(posts.at(-1)?.init.json).toEqual({
      list: 'payouts',
      name: 'Failed, 50 a page',
      search: { status: 'FAILED', limit: '50', search_value: '12345' },
    });

    // The menu shows the new view (its query was invalidated) as the current one.
    const again = await openMenu(user);
    const saved = await within(again).findByRole('menuitemradio', { name: 'Failed, 50 a page' });
    expect(saved.getAttribute('aria-checked')).toBe('true');
  });

  it('deletes a view from the "Delete a view" submenu and lists the rest', async () => {
    const server = fakeViews([
      view({}),
      view({ id: 'SVW02', name: 'Big UPI', search: { transfer_type: 'UPI' } }),
    ]);
    renderList('/flow/payouts');
    const user = userEvent.setup();
    const menu = await openMenu(user);
    const sub = await within(menu).findByRole('menuitem', { name: 'Delete a view' });
    sub.focus();
    await user.keyboard('{ArrowRight}');
    const submenu = await screen.findByRole('menu', { name: 'Delete a view' });
    await user.click(within(submenu).getByRole('menuitem', { name: 'Delete view Big UPI' }));
    await waitFor(() => expect(server.count('DELETE', '/v2/saved_views/SVW02')).toBe(1));
    await waitFor(() => expect(server.count('GET', LIST)).toBe(2));

    const again = await openMenu(user);
    await within(again).findByRole('menuitemradio', { name: 'Failed in January' });
    expect(within(again).queryByRole('menuitemradio', { name: 'Big UPI' })).toBeNull();
  });

  it('copies a link to the current view: the list with its filters', async () => {
    fakeViews([]);
    renderList('/flow/payouts?status=FAILED&start_date=2026-01-01&offset=30');
    const user = userEvent.setup();
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link to this view' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `${window.location.origin}/flow/payouts?status=FAILED&start_date=2026-01-01`,
      ),
    );
  });

  it('on a page that keeps more in its URL, the link adds it (linkSearch); the button names its list (of)', async () => {
    fakeViews([]);
    renderRoutedPage<Record<string, unknown>>({
      path: '/flow/payouts',
      url: '/flow/payouts?tab=two&status=FAILED&offset=30',
      validateSearch: (input: Record<string, unknown>) => input,
      page: ({ search, onSearchChange }) => (
        <SavedViews
          listName="payouts"
          search={{ status: search.status, offset: search.offset }}
          onApply={(next) => onSearchChange(next)}
          linkSearch={(current) => ({ tab: 'two', ...current })}
          of="line items"
        />
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Saved views of line items' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link to this view' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `${window.location.origin}/flow/payouts?tab=two&status=FAILED`,
      ),
    );
  });
});
