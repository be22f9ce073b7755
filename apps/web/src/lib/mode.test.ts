import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODE_HEADER as CONTRACT_MODE_HEADER, MODES } from '@meridian/contract/modes';
import { installFakeServer, json } from '@/test/fake-server';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { clearAllStorage, saveSession } from '@/lib/storage';
import { authStore, checkSession } from '@/lib/auth';
import { apiFetch } from '@/lib/api/client';
import { ApiError, errorKeyOf } from '@/lib/api/errors';
import { handleMutationError, mutationErrorMessage, queryClient } from '@/lib/api/query-client';
import {
  getMode,
  initMode,
  liveModeRefused,
  memberId,
  MODE_HEADER,
  modePreference,
  modeUrlRewrite,
  noteLiveModeRefused,
  onModeChange,
  setMode,
  withModeParam,
} from './mode';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** An access token as the server signs it (the payload is what the app reads; the signature is not checked). */
const tokenOf = (sub: string) =>
  ['eyJhbGciOiJSUzI1NiJ9', btoa(JSON.stringify({ sub, client_id: 'C1' })).replace(/=+$/, ''), 'sig'].join(
    '.',
  );

function signInAs(sub: string) {
  saveSession({
    accessToken: tokenOf(sub),
    refreshToken: 'RT',
    user: { name: 'Acme', email: `${sub}@acme.test`, client_id: 'C1' },
  });
  checkSession();
}

beforeEach(() => {
  resetBrowserStorage();
  authStore.dispatch({ type: 'reset' });
  queryClient.clear();
  window.history.replaceState(null, '', '/flow/payouts?status=SUCCESS');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the mode of a page', () => {
  it('speaks the contract: header Meridian-Mode, modes test and live', () => {
    expect(MODE_HEADER).toBe(CONTRACT_MODE_HEADER);
    expect([...MODES].sort()).toEqual(['live', 'test']);
  });

  it('is the member’s public id’s choice: the access token’s subject', () => {
    signInAs('USR_ASHA');
    expect(memberId()).toBe('USR_ASHA');
    expect(modePreference('USR_ASHA').key).toBe('staging_mode:USR_ASHA');
  });

  it('is live by default, for a member without a choice and when signed out', () => {
    expect(initMode('')).toBe('live');
    signInAs('USR_ASHA');
    expect(initMode('')).toBe('live');
  });

  it('?mode=test in the URL wins over the member’s choice, and becomes it', () => {
    signInAs('USR_ASHA');
    modePreference('USR_ASHA').set('live');
    expect(initMode('?status=SUCCESS&mode=test')).toBe('test');
    expect(modePreference('USR_ASHA').get()).toBe('test');
    // Anything else in the parameter is no mode: the member's choice stands.
    modePreference('USR_ASHA').set('live');
    expect(initMode('?mode=TEST')).toBe('live');
    expect(initMode('?mode=live')).toBe('live');
  });

  it('is kept per member across sign-ins, on this device', () => {
    signInAs('USR_ASHA');
    initMode('');
    setMode('test');
    clearAllStorage(); // sign-out
    signInAs('USR_RAVI');
    expect(initMode('')).toBe('live');
    clearAllStorage();
    signInAs('USR_ASHA');
    expect(initMode('')).toBe('test');
  });
});

describe('switching mode', () => {
  it('keeps ?mode=test in the URL in test mode and takes it away in live, other parameters untouched', () => {
    signInAs('USR_ASHA');
    initMode('');
    window.history.replaceState(null, '', '/flow/payouts?search_value=%22a%20b%22&status=SUCCESS#top');
    setMode('test');
    expect(window.location.search).toBe('?search_value=%22a%20b%22&status=SUCCESS&mode=test');
    expect(window.location.hash).toBe('#top');
    setMode('live');
    expect(window.location.search).toBe('?search_value=%22a%20b%22&status=SUCCESS');
  });

  it('tells its listeners once per change, not for the same mode again', () => {
    initMode('');
    const listener = vi.fn();
    const off = onModeChange(listener);
    setMode('test');
    setMode('test');
    setMode('live');
    off();
    setMode('test');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clears the query cache: no screen keeps the other mode’s answers', () => {
    initMode('');
    queryClient.setQueryData(['payouts', 'list'], ['live payout']);
    setMode('test');
    expect(queryClient.getQueryData(['payouts', 'list'])).toBeUndefined();
    queryClient.setQueryData(['payouts', 'list'], ['test payout']);
    setMode('live');
    expect(queryClient.getQueryData(['payouts', 'list'])).toBeUndefined();
  });

  it('is not a live-mode refusal: a noted refusal keeps the cache', () => {
    initMode('');
    queryClient.setQueryData(['payouts', 'list'], ['live payout']);
    noteLiveModeRefused();
    expect(queryClient.getQueryData(['payouts', 'list'])).toEqual(['live payout']);
  });
});

describe('the header every API call carries', () => {
  it('says Meridian-Mode: live, then test after the switch, never a query parameter', async () => {
    const server = installFakeServer({ 'GET /v2/x': () => json({}) });
    signInAs('USR_ASHA');
    initMode('');
    await apiFetch('/v2/x');
    setMode('test');
    await apiFetch('/v2/x');
    expect(server.calls.map((c) => c.headers.get('Meridian-Mode'))).toEqual(['live', 'test']);
    expect(server.calls.every((c) => !c.path.includes('mode'))).toBe(true);
  });

  it('keeps a mode the caller names (the company’s modes are asked in live)', async () => {
    const server = installFakeServer({ 'GET /v2/x': () => json({}) });
    initMode('?mode=test');
    await apiFetch('/v2/x', { headers: { [MODE_HEADER]: 'live' } });
    expect(server.calls[0]!.headers.get('Meridian-Mode')).toBe('live');
    expect(getMode()).toBe('test');
  });
});

describe('the router’s rewrite', () => {
  const rewrite = (fn: typeof modeUrlRewrite.input, href: string) =>
    String(fn!({ url: new URL(href, 'http://localhost') })).replace('http://localhost', '');

  it('hides mode from the routes and writes ?mode=test into every address in test mode', () => {
    initMode('');
    expect(rewrite(modeUrlRewrite.input, '/flow?mode=test&x=1')).toBe('/flow?x=1');
    expect(rewrite(modeUrlRewrite.output, '/flow?x=1')).toBe('/flow?x=1');
    setMode('test');
    expect(rewrite(modeUrlRewrite.output, '/flow?x=1')).toBe('/flow?x=1&mode=test');
    expect(rewrite(modeUrlRewrite.output, '/flow')).toBe('/flow?mode=test');
  });

  it('withModeParam adds one mode=test and removes any other mode', () => {
    expect(withModeParam('?mode=live&a=1&mode=x', 'test')).toBe('?a=1&mode=test');
    expect(withModeParam('?mode=test', 'live')).toBe('');
    expect(withModeParam('', 'live')).toBe('');
  });
});

describe('a company without a test mode (403 test_mode_unavailable)', () => {
  it('sends the tab back to live mode, and no role check again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    initMode('?mode=test');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    handleMutationError(
      new ApiError(403, 'Your company has no test mode: use live mode', { error: 'test_mode_unavailable' }),
      { errorToast: false },
    );
    expect(getMode()).toBe('live');
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('live mode not enabled (403 live_mode_not_enabled)', () => {
  const refusal = new ApiError(403, 'Live mode is not enabled for your company yet…', {
    status: 403,
    error: 'live_mode_not_enabled',
    message: 'Live mode is not enabled for your company yet…',
  });

  it('is no role problem: its own title, the server’s message as the description', () => {
    expect(errorKeyOf(refusal)).toBe('live_mode_not_enabled');
    expect(mutationErrorMessage(refusal)).toBe('Live mode is not enabled yet');
    expect(mutationErrorMessage(new ApiError(403, 'no', { error: 'permission_denied' }))).toBe(
      'Not allowed for your role',
    );
  });

  it('is noted for the shell’s notice, until the member switches mode', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the error reporter's line
    initMode('');
    const seen = vi.fn();
    const off = onModeChange(seen);
    handleMutationError(refusal, { errorToast: false });
    off();
    expect(liveModeRefused()).toBe(true);
    // A refusal is not a switch: the cache listeners are not told.
    expect(seen).not.toHaveBeenCalled();
    setMode('test');
    expect(liveModeRefused()).toBe(false);
  });
});
