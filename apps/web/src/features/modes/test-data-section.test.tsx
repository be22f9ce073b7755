import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { initMode, setMode } from '@/lib/mode';
import { fakeApi, renderPage } from '@/test/render-page';
import { userDetailsFor } from '@/test/user-details';
import { TestDataSection } from './test-data-section';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const MODES = { 'GET /v2/company/modes': () => ({ live_mode_enabled: true, test_mode_available: true }) };

beforeEach(() => {
  window.history.replaceState(null, '', '/settings/team');
  initMode('');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Delete all test data', () => {
  it('in test mode, after a confirmation: deletes and shows the counts per kind', async () => {
    setMode('test');
    const api = fakeApi(apiFetch, {
      ...MODES,
      'DELETE /v2/company/test_data': () => ({
        deleted: { payouts: 3, payout_events: 9, beneficiaries: 2, events: 0 },
        total: 14,
      }),
    });
    renderPage(<TestDataSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete all test data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete all test data?' });
    expect(confirm.textContent).toContain('Live data is never touched');
    expect(api.callsTo('DELETE', '/v2/company/test_data')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete all test data' }));

    const done = await screen.findByRole('status');
    expect(within(done).getByText('Deleted 14 test records')).toBeTruthy();
    const kinds = within(done).getByRole('list', { name: 'Test records deleted' });
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['payout events9', 'payouts3', 'beneficiaries2']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', '/v2/company/test_data')).toHaveLength(1);
  });

  it('in live mode offers test mode instead', async () => {
    fakeApi(apiFetch, MODES);
    renderPage(<TestDataSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to test mode' }));
    expect(await screen.findByRole('button', { name: 'Delete all test data' })).toBeTruthy();
  });

  it('is not there for a role without test_data.delete, or a company without a test mode', async () => {
    setMode('test');
    const api = fakeApi(apiFetch, { ...MODES, 'GET /v2/user/details': () => userDetailsFor('viewer') });
    renderPage(<TestDataSection />);
    await waitFor(() => expect(api.callsTo('GET', '/v2/company/modes')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', '/v2/user/details')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Test data' })).toBeNull();
    cleanup();

    const again = fakeApi(apiFetch, {
      'GET /v2/company/modes': () => ({ live_mode_enabled: true, test_mode_available: false }),
    });
    renderPage(<TestDataSection />);
    await waitFor(() => expect(again.callsTo('GET', '/v2/company/modes')).toHaveLength(1));
    await waitFor(() => expect(again.callsTo('GET', '/v2/user/details')).toHaveLength(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
