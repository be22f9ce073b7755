import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementCycle } from '@meridian/contract/accounts';
import { apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { CycleEditDialog } from './cycle-edit-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
window.scrollTo = (() => {}) as typeof window.scrollTo;
// The switch (radix) measures itself.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const CYCLE: SettlementCycle = {
  cycle_id: 'CYC01',
  name: 'Daily sweep',
  type: 'T1',
  run_times: ['10:00'],
  time_zone: 'Asia/Kolkata',
  min_amount: '100.00',
  enabled: true,
  next_run_at: '2026-11-24T04:30:00.000Z',
  last_run_at: null,
  livemode: true,
  updated_at: '2026-11-23T04:30:00.000Z',
};
const PUT = `PUT /meridian/operations/settlement/cycles/CYC01`;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function setup(routes: Parameters<typeof fakeApi>[1] = {}) {
  const api = fakeApi(apiFetch, routes);
  const onOpenChange = vi.fn();
  renderPage(<CycleEditDialog cycle={CYCLE} open onOpenChange={onOpenChange} />);
  return { api, onOpenChange, user: userEvent.setup() };
}

describe('cycle edit dialog', () => {
  it('validates with the contract before sending anything', async () => {
    const { api, user } = setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Remove run time 10:00' }));
    const min = screen.getByLabelText('Minimum amount (₹)');
    await user.clear(min);
    await user.type(min, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save cycle' }));

    expect(await screen.findByText('At least one run time')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/at most two decimals/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('adds and removes run times as HH:mm, refusing bad ones', async () => {
    const { user } = setup();
    const input = await screen.findByLabelText('New run time');
    await user.type(input, '25:00');
    await user.click(screen.getByRole('button', { name: 'Add time' }));
    expect(screen.getByText('A run time is HH:mm (24-hour), e.g. 10:30')).toBeTruthy();

    await user.clear(input);
    await user.type(input, '9:30{Enter}');
    const times = screen.getByRole('list', { name: 'Run times' });
    expect(times.textContent).toMatch(/09:30.*10:00/);
    expect(screen.queryByText('A run time is HH:mm (24-hour), e.g. 10:30')).toBeNull();
  });

  it('saves every field with PUT, then closes with a toast', async () => {
    const { api, user, onOpenChange } = setup({ [PUT]: (call) => ({ ...CYCLE, ...(call.body as object) }) });
    await user.type(await screen.findByLabelText('New run time'), '18:00');
    await user.click(screen.getByRole('button', { name: 'Add time' }));
    await user.selectOptions(screen.getByLabelText('Type'), 'T0');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Save cycle' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.callsTo('PUT', '/meridian/operations/settlement/cycles/CYC01')[0]?.body).toEqual({
      name: 'Daily sweep',
      type: 'T0',
      run_times: ['10:00', '18:00'],
      min_amount: '100.00',
      enabled: false,
    });
    expect(toast.success).toHaveBeenCalled();
  });

  it('puts the server field errors on their fields', async () => {
    const { user, onOpenChange } = setup({
      [PUT]: () => {
        throw serverError(400, 'Invalid cycle', 'validation_failed', { 'body.min_amount': 'Too small' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save cycle' }));
    expect(await screen.findByText('Too small')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Invalid cycle');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
