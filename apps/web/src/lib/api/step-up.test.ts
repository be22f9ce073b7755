import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '@/test/fake-server';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { getAccessToken, saveSession } from '@/lib/storage';
import { authStore, checkSession } from '@/lib/auth';
import { apiFetch, ApiError, isStepUpRequired, setStepUpPrompt, STEP_UP_CANCELLED_MESSAGE } from './index';
import { clearStepUpToken } from './step-up';
import { handleMutationError } from './query-client';

let server: ReturnType<typeof installFakeServer>;

const STEP_UP_REQUIRED = {
  status: 401,
  message: "Confirm it's you",
  error: 'step_up_required',
  request_id: 'r',
};

/** A payout route that wants the step-up token `ST1`. */
function payoutRoute() {
  return (req: { headers: Headers }) =>
    req.headers.get('X-Step-Up-Token') === 'ST1' ? json({ urn: 'PAY1' }, 201) : json(STEP_UP_REQUIRED, 401);
}

beforeEach(() => {
  resetBrowserStorage();
  authStore.dispatch({ type: 'reset' });
  clearStepUpToken();
  server = installFakeServer();
  saveSession({
    accessToken: 'AT1',
    refreshToken: 'RT1',
    user: { name: 'Acme', email: 'a@acme.test', client_id: 'CID_ACME' },
  });
  checkSession();
  server.routes['POST /core_banking/money_transfer/initiate'] = payoutRoute();
});
afterEach(() => {
  setStepUpPrompt(null);
  vi.restoreAllMocks();
});

describe('step-up on 401 step_up_required', () => {
  it('asks once, sends the request again with the token, and reuses it for later changes (not reads)', async () => {
    const prompt = vi.fn(async () => ({ token: 'ST1', expiresIn: 300 }));
    setStepUpPrompt(prompt);
    server.routes['GET /meridian/read/fetch/balance'] = () => json({ data: [] });
    const paid = await apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: { a: 1 } });
    expect(paid).toEqual({ urn: 'PAY1' });
    expect(prompt).toHaveBeenCalledTimes(1);
    // Never the refresh/logout of an expired session.
    expect(server.calls.some((c) => c.path.startsWith('/v2/auth/'))).toBe(false);
    expect(getAccessToken()).toBe('AT1');

    await apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: { a: 2 } });
    expect(prompt).toHaveBeenCalledTimes(1);
    await apiFetch('/meridian/read/fetch/balance');
    const last = server.calls.at(-1)!;
    expect(last.headers.get('X-Step-Up-Token')).toBeNull();
    expect(server.calls.at(-2)!.headers.get('X-Step-Up-Token')).toBe('ST1');
  });

  it('shares one dialog between requests that need it at the same time', async () => {
    const prompt = vi.fn(async () => ({ token: 'ST1', expiresIn: 300 }));
    setStepUpPrompt(prompt);
    const both = await Promise.all([
      apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: { a: 1 } }),
      apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: { a: 2 } }),
    ]);
    expect(both).toEqual([{ urn: 'PAY1' }, { urn: 'PAY1' }]);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('cancelled: the request fails with a clear 401 that signs nobody out', async () => {
    setStepUpPrompt(async () => null);
    const error = await apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: STEP_UP_CANCELLED_MESSAGE });
    expect(isStepUpRequired(error)).toBe(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handleMutationError(error);
    expect(getAccessToken()).toBe('AT1');
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(server.calls.some((c) => c.path.startsWith('/v2/auth/'))).toBe(false);
  });

  it('asks again once the token has expired', async () => {
    const prompt = vi.fn(async () => ({ token: 'ST1', expiresIn: 0 }));
    setStepUpPrompt(prompt);
    await apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: {} });
    await apiFetch('/core_banking/money_transfer/initiate', { method: 'POST', json: {} });
    expect(prompt).toHaveBeenCalledTimes(2);
  });
});
