import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settlement } from '@meridian/contract/accounts';
import { apiFetch, type ApiRequestInit } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { fakeApi, renderPage } from '@/test/render-page';
import { SettlementHistory, type SettlementHistorySearch } from './history-table';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const BASE = '/meridian/operations/settlement';
const FAILED: Settlement = {
  urn: 'STL01FAILED',
  cycle_id: 'CYC01',
  type: 'T1',
  trigger: 'SCHEDULED',
  window_start: '2026-11-21T18:30:00.000Z',
  window_end: '2026-11-22T18:30:00.000Z',
  account_number: '9876543210001',
  settlement_account_number: '123456789012',
  amount: '2500.00',
  status: 'FAILED',
  status_message: 'Beneficiary bank offline',
  payout_urn: 'PAY01',
  bank_reference_number: null,
  attempts: 1,
  livemode: true,
  created_at: '2026-11-22T18:31:00.000Z',
  updated_at: '2026-11-22T18:32:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Harness({ initial }: { initial: SettlementHistorySearch }) {
  const [search, setSearch] = useState(initial);
  return <SettlementHistory search={search} onSearchChange={setSearch} />;
}

describe('settlement history', () => {
  it('offers the status and type options, and sends the chosen ones to the list and the count', async () => {
    fakeApi(apiFetch, {
      [`GET ${BASE}/options/status`]: () => ({
        data: [
          { value: 'SETTLED', label: 'Settled' },
          { value: 'FAILED', label: 'Failed' },
        ],
      }),
      [`GET ${BASE}/options/type`]: () => ({ data: [{ value: 'T0', label: 'T+0' }] }),
      [`GET ${BASE}/history`]: () => ({ data: [FAILED] }),
      [`GET ${BASE}/history/count`]: () => ({ count: 1 }),
    });
    renderPage(<Harness initial={{ offset: 20 }} />);
    const user = userEvent.setup();

    const status = await screen.findByRole('combobox', { name: 'Status' });
    await waitFor(() => expect(within(status).getByRole('option', { name: 'Failed' })).toBeTruthy());
    await user.selectOptions(status, 'FAILED');

    const queriesTo = (path: string) =>
      vi
        .mocked(apiFetch)
        .mock.calls.filter(([p]) => p === path)
        .map(([, init]) => (init as ApiRequestInit | undefined)?.query);
    await waitFor(() =>
      expect(queriesTo(`${BASE}/history`).at(-1)).toMatchObject({ status: 'FAILED', offset: 0 }),
    );
    expect(queriesTo(`${BASE}/history`).at(-1)).not.toHaveProperty('type');
    expect(queriesTo(`${BASE}/history/count`).at(-1)).toMatchObject({ status: 'FAILED' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
  });

  it('reattempts a failed settlement from its details', async () => {
    const api = fakeApi(apiFetch, {
      [`GET ${BASE}/options/status`]: () => ({ data: [] }),
      [`GET ${BASE}/options/type`]: () => ({ data: [] }),
      [`GET ${BASE}/history`]: () => ({ data: [FAILED] }),
      [`GET ${BASE}/history/count`]: () => ({ count: 1 }),
      [`POST ${BASE}/history/STL01FAILED/reattempt`]: () => ({ ...FAILED, status: 'PENDING', attempts: 2 }),
    });
    renderPage(<Harness initial={{ selected: 'STL01FAILED' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Settlement STL01FAILED' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reattempt' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/history/STL01FAILED/reattempt`)).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });
});
