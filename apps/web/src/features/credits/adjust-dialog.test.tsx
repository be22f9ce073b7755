import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from '@meridian/contract/accounts';
import { ApiError, apiFetch } from '@/lib/api';
import type * as ApiClient from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { fakeApi, renderPage, serverError } from '@/test/render-page';
import { AdjustCreditsDialog } from './adjust-dialog';

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
window.scrollTo = (() => {}) as typeof window.scrollTo;

const COMPANY: Company = {
  client_id: 'CLIENT01',
  company_name: 'Acme Pvt Ltd',
  company_urn: 'CMP01',
  consumer_type: 'customer',
  credits: 1000,
  users: 3,
  live_mode_enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const result = (credits: number, delta: number) => ({
  client_id: COMPANY.client_id,
  credits,
  operation: {
    kind: delta > 0 ? 'LOAD' : 'UNLOAD',
    credits: delta,
    balance_after: credits,
    reference: 'COP01',
    reason: 'Top-up',
    actor: 'ops@meridian.test',
    livemode: true,
    created_at: '2026-11-23T07:00:00.000Z',
  },
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function setup(kind: 'load' | 'unload', routes: Parameters<typeof fakeApi>[1] = {}) {
  const api = fakeApi(apiFetch, routes);
  const onOpenChange = vi.fn();
  renderPage(<AdjustCreditsDialog kind={kind} company={COMPANY} open onOpenChange={onOpenChange} />);
  return { api, onOpenChange, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, credits: string, reason: string) {
  const input = await screen.findByLabelText('Credits');
  if (credits) await user.type(input, credits);
  if (reason) await user.type(screen.getByLabelText('Reason'), reason);
  await user.click(screen.getByRole('button', { name: 'Review' }));
}

describe('load / unload credits dialog', () => {
  it('validates credits and reason with the contract', async () => {
    const { api, user } = setup('load');
    await fill(user, '', 'ab');
    expect(await screen.findByText('Enter a whole number of credits')).toBeTruthy();
    expect(screen.getByText('Give a reason (3 to 200 characters)')).toBeTruthy();

    await user.type(screen.getByLabelText('Credits'), '0');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('At least 1 credit')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('confirms with the balance after, and sends the Idempotency-Key again on a retry', async () => {
    let attempts = 0;
    const { api, user, onOpenChange } = setup('load', {
      'POST /meridian/operations/credits/load': () => {
        attempts++;
        if (attempts === 1) throw new ApiError('FETCH_ERROR', 'Network request failed');
        return result(1500, 500);
      },
    });
    await fill(user, '500', 'Monthly top-up');
    expect(screen.getByText('Balance after').nextElementSibling?.textContent).toBe('1,500');
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm: load 500' }));
    expect(await screen.findByText(/could not be reached/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again: load 500' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));

    const calls = api.callsTo('POST', '/meridian/operations/credits/load');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).toEqual({ client_id: 'CLIENT01', credits: 500, reason: 'Monthly top-up' });
    const key = calls[0]?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.headers.get('Idempotency-Key')).toBe(key);
    expect(toast.success).toHaveBeenCalledWith('Credits loaded', expect.anything());
  });

  it('refuses an unload beyond the balance, and shows the server refusal', async () => {
    const { api, user } = setup('unload', {
      'POST /meridian/operations/credits/unload': () => {
        throw serverError(422, 'Insufficient credits: the balance is 1000', 'insufficient_credits');
      },
    });
    await fill(user, '1500', 'Refund of unused credits');
    expect(await screen.findByText(/Insufficient credits: Acme Pvt Ltd has 1,000/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Credits'));
    await user.type(screen.getByLabelText('Credits'), '400');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Balance after').nextElementSibling?.textContent).toBe('600');
    await user.click(screen.getByRole('button', { name: 'Confirm: unload 400' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Insufficient credits: the balance is 1000',
    );
    expect(api.calls[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});
