import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementCycle } from '@meridian/contract/accounts';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { RunNowDialog } from './cycles-section';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const CYCLE: SettlementCycle = {
  cycle_id: 'CYC01',
  name: 'Daily sweep',
  type: 'T1',
  run_times: ['10:00'],
  time_zone: 'Asia/Kolkata',
  min_amount: '100.00',
  enabled: true,
  next_run_at: null,
  last_run_at: null,
  livemode: true,
  updated_at: '2026-11-23T04:30:00.000Z',
};
const INVOKE = 'POST /meridian/operations/settlement/cycles/CYC01/invoke';
const RUN = {
  cycle_id: 'CYC01',
  window_start: '2026-11-21T18:30:00.000Z',
  window_end: '2026-11-22T18:30:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function runNow(routes: Parameters<typeof fakeApi>[1]) {
  const api = fakeApi(apiFetch, routes);
  renderPage(<RunNowDialog cycle={CYCLE} open onOpenChange={() => {}} />);
  expect(api.calls).toHaveLength(0);
  await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
  return api;
}

describe('run now', () => {
  it('runs only after confirming, and lists the settlements created', async () => {
    const api = await runNow({
      [INVOKE]: () => ({
        ...RUN,
        message: null,
        settlements: [
          {
            ...RUN,
            urn: 'STL01NEW',
            type: 'T1',
            trigger: 'MANUAL',
            account_number: '9876543210001',
            settlement_account_number: '123456789012',
            amount: '2500.00',
            status: 'PENDING',
            status_message: null,
            payout_urn: null,
            bank_reference_number: null,
            attempts: 1,
            livemode: true,
            created_at: '2026-11-23T07:00:00.000Z',
            updated_at: '2026-11-23T07:00:00.000Z',
          },
        ],
      }),
    });
    expect(await screen.findByText('STL01NEW')).toBeTruthy();
    expect(screen.getByText('PENDING')).toBeTruthy();
    expect(api.callsTo('POST', '/meridian/operations/settlement/cycles/CYC01/invoke')).toHaveLength(1);
  });

  it('shows why nothing moved', async () => {
    await runNow({ [INVOKE]: () => ({ ...RUN, settlements: [], message: 'Below the minimum of ₹100.00' }) });
    expect(await screen.findByText('Below the minimum of ₹100.00')).toBeTruthy();
  });

  it('shows the refusal when no account is verified (422)', async () => {
    await runNow({
      [INVOKE]: () => {
        throw serverError(422, 'No verified settlement account', 'no_settlement_account');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('No verified settlement account');
  });
});
