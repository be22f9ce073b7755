import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json, rsaKeyPair } from '@/test/fake-server';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { checkStorageIntegrity, getAccessToken, getStoredUser, readCookie, saveSession } from '@/lib/storage';
import {
  authStore,
  checkSession,
  initialAuthState,
  isAuthenticated,
  login,
  logout,
  onAuthCleared,
  refreshAccessToken,
  resendOtp,
  verifyOtp,
} from './index';

const PASSWORD = 'Meridian#Demo2026';
const tokens = {
  access_token: 'AT.1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'RT.1',
  scope: 'admin payouts',
  id_token: 'ID.1',
  company_common_name: 'Acme Corp',
  email: 'admin@acme.test',
  client_id: 'CID_ACME',
};
const mfaAnswer = (urn: string) => ({
  response_key: 'success_initiate_auth_sms',
  request_urn: urn,
  response_message: 'OTP sent to your registered mobile number',
  resend_count: 0,
});

let keys: Awaited<ReturnType<typeof rsaKeyPair>>;
beforeAll(async () => {
  keys = await rsaKeyPair();
});

let server: ReturnType<typeof installFakeServer>;
beforeEach(() => {
  resetBrowserStorage();
  authStore.dispatch({ type: 'reset' });
  server = installFakeServer({ 'GET /v2/auth/public-key': () => json({ public_key: keys.pem }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('checkSession', () => {
  // First in the file: the storage migrations run once per page load, i.e. once per test file.
  it('runs the storage migrations first, so a legacy session is restored', () => {
    document.cookie = 'access_token=LEGACY_AT; Path=/';
    localStorage.setItem('refreshToken', 'LEGACY_RT');
    localStorage.setItem('userData', JSON.stringify({ name: 'Acme', email: 'a@acme.test', client_id: 'C1' }));
    localStorage.setItem('isLoggedIn', 'true');
    expect(checkSession()).toBe(true);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'LEGACY_AT' });
    expect(checkStorageIntegrity()).toBe(true);
  });

  it('restores a stored session with role user and a one-hour expiry', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    saveSession({
      accessToken: 'AT',
      refreshToken: 'RT',
      user: { name: 'Acme', email: 'a@acme.test', client_id: 'C1' },
    });
    expect(checkSession()).toBe(true);
    expect(authStore.getState()).toEqual({
      ...initialAuthState,
      isAuthenticated: true,
      accessToken: 'AT',
      user: {
        accountNo: 'C1',
        email: 'a@acme.test',
        roles: ['user'],
        expiresAt: 1_000_000 + 3_600_000,
        name: 'Acme',
        client_id: 'C1',
      },
    });
  });

  it.each([
    ['user record', 'staging_user_data'],
    ['logged-in flag', 'staging_is_logged_in'],
  ])('stays signed out without the %s', (_name, key) => {
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    localStorage.removeItem(key);
    expect(checkSession()).toBe(false);
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  it('resets the session when the flag is set but the token cookie is gone', () => {
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    authStore.dispatch({
      type: 'session/restored',
      user: { accountNo: 'C', email: 'e', roles: ['user'], expiresAt: 0, name: 'A', client_id: 'C' },
      accessToken: 'AT',
    });
    document.cookie = 'staging_access_token=; Path=/; Max-Age=0';
    expect(checkSession()).toBe(false);
    expect(authStore.getState()).toEqual(initialAuthState);
    expect(localStorage.getItem('staging_is_logged_in')).toBeNull();
    expect(localStorage.getItem('staging_user_data')).toBeNull();
    expect(localStorage.getItem('staging_refresh_token')).toBeNull();
  });
});

describe('isAuthenticated (route guard)', () => {
  it('resets a signed-in state whose storage lost an item, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    expect(isAuthenticated()).toBe(true);
    localStorage.removeItem('staging_refresh_token');
    expect(isAuthenticated()).toBe(false);
    expect(authStore.getState()).toEqual(initialAuthState);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Authentication storage cleared - please login again'),
    );
    expect(getAccessToken()).toBeNull();
  });

  it('is false when nothing is stored', () => {
    expect(isAuthenticated()).toBe(false);
  });
});

describe('login', () => {
  it('encrypts the password with RSA-OAEP SHA-256 and signs in without a code', async () => {
    vi.useFakeTimers({ now: 5_000, toFake: ['Date'] });
    server.routes['POST /v2/auth/token'] = async (req) => {
      const body = req.body as { grant_type: string; email: string; encrypted_password: string };
      expect(body.grant_type).toBe('user_credentials');
      expect(body.email).toBe('admin@acme.test');
      expect(body.encrypted_password).not.toContain(PASSWORD);
      expect(await keys.decrypt(body.encrypted_password)).toBe(PASSWORD);
      return json(tokens);
    };
    const result = await login(' admin@acme.test ', PASSWORD);
    expect(result).toEqual({ ok: true, next: 'authenticated' });
    expect(authStore.getState()).toEqual({
      ...initialAuthState,
      isAuthenticated: true,
      accessToken: 'AT.1',
      user: {
        accountNo: 'CID_ACME',
        email: 'admin@acme.test',
        roles: ['admin', 'payouts'],
        expiresAt: 5_000 + 900_000,
        name: 'Acme Corp',
        client_id: 'CID_ACME',
      },
    });
    expect(readCookie('staging_access_token')).toBe('AT.1');
    expect(localStorage.getItem('staging_refresh_token')).toBe('RT.1');
    expect(localStorage.getItem('staging_is_logged_in')).toBe('true');
    expect(getStoredUser()).toEqual({ name: 'Acme Corp', email: 'admin@acme.test', client_id: 'CID_ACME' });
  });

  it('defaults the roles to user when the answer has no scope', async () => {
    server.routes['POST /v2/auth/token'] = () => json({ ...tokens, scope: '' });
    await login('admin@acme.test', PASSWORD);
    expect(authStore.getState().user?.roles).toEqual(['user']);
  });

  it('is loading while the call is under way', async () => {
    let release!: (r: Response) => void;
    server.routes['POST /v2/auth/token'] = () => new Promise<Response>((r) => (release = r));
    authStore.dispatch({ type: 'request/failed', error: 'old' });
    const pending = login('admin@acme.test', PASSWORD);
    expect(authStore.getState()).toMatchObject({ loading: true, error: null });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release(json(tokens));
    await pending;
    expect(authStore.getState().loading).toBe(false);
  });

  it('keeps the urn and payload when an SMS code was sent', async () => {
    server.routes['POST /v2/auth/token'] = () => json(mfaAnswer('MFA_1'));
    const result = await login('finance@acme.test', PASSWORD);
    expect(result).toEqual({ ok: true, next: 'mfa' });
    const state = authStore.getState();
    expect(state).toMatchObject({
      isAuthenticated: false,
      mfaRequired: true,
      mfaRequestUrn: 'MFA_1',
      resendAttempts: 0,
      loading: false,
    });
    expect(state.originalLoginPayload?.email).toBe('finance@acme.test');
    expect(await keys.decrypt(state.originalLoginPayload?.encrypted_password ?? '')).toBe(PASSWORD);
    expect(checkStorageIntegrity()).toBe(false);
  });

  it('asks for the authenticator app code on success_initiate_auth_totp, and verifies it', async () => {
    server.routes['POST /v2/auth/token'] = () =>
      json({
        response_key: 'success_initiate_auth_totp',
        request_urn: 'MFA_T',
        response_message: 'Enter the 6-digit code from your authenticator app',
        resend_count: 0,
      });
    const result = await login('totp@acme.test', PASSWORD);
    expect(result).toEqual({ ok: true, next: 'mfa' });
    expect(authStore.getState()).toMatchObject({
      isAuthenticated: false,
      mfaRequired: true,
      mfaRequestUrn: 'MFA_T',
      mfaMethod: 'totp',
      resendAttempts: 0,
    });
    let sent: unknown;
    server.routes['POST /v2/mfa/verify'] = (req) => {
      sent = req.body;
      return json({ response_key: 'success_login', ...tokens });
    };
    expect(await verifyOtp('abcde-fghij')).toEqual({ ok: true, next: 'authenticated' });
    expect(sent).toEqual({ request_urn: 'MFA_T', otp: 'abcde-fghij' });
    expect(authStore.getState()).toMatchObject({
      isAuthenticated: true,
      mfaRequired: false,
      mfaMethod: null,
    });
  });

  it.each([
    [
      'the server message on a 401',
      401,
      { status: 401, message: 'Invalid email or password', error: 'invalid_credentials' },
      'Invalid email or password',
    ],
    ['message before response_message', 400, { message: 'm', response_message: 'rm' }, 'm'],
    ['response_message without message', 403, { response_message: 'Account locked' }, 'Account locked'],
    ['a 200 with a message but no token or key', 200, { message: 'Password expired' }, 'Password expired'],
    ['Login failed for an empty 200', 200, {}, 'Login failed'],
    ['Unknown error occurred for a failing status without text', 502, null, 'Unknown error occurred'],
  ])('fails with %s', async (_name, status, body, expected) => {
    server.routes['POST /v2/auth/token'] = () =>
      body === null ? new Response('', { status }) : json(body, status);
    const result = await login('admin@acme.test', 'wrong');
    expect(result).toEqual({ ok: false, error: expected });
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, loading: false, error: expected });
    expect(checkStorageIntegrity()).toBe(false);
  });

  it('fails with Unknown error occurred when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await login('a@b.test', 'x')).toEqual({ ok: false, error: 'Unknown error occurred' });
  });
});

async function startMfa(urn = 'MFA_1') {
  server.routes['POST /v2/auth/token'] = () => json(mfaAnswer(urn));
  await login('finance@acme.test', PASSWORD);
}

describe('resendOtp', () => {
  it('fails without a login session and calls nothing', async () => {
    const result = await resendOtp();
    expect(result).toEqual({ ok: false, error: 'No login session found. Please login again.' });
    expect(server.calls).toHaveLength(0);
  });

  it('re-sends the stored payload, replaces the urn and counts', async () => {
    await startMfa();
    const first = server.calls.find((c) => c.path === '/v2/auth/token')?.body;
    let n = 1;
    server.routes['POST /v2/auth/token'] = () => json(mfaAnswer(`MFA_${++n}`));
    expect(await resendOtp()).toEqual({ ok: true, next: 'mfa' });
    expect(authStore.getState()).toMatchObject({
      mfaRequired: true,
      mfaRequestUrn: 'MFA_2',
      resendAttempts: 1,
    });
    expect(server.calls.at(-1)?.body).toEqual(first);
    await resendOtp();
    expect(authStore.getState()).toMatchObject({ mfaRequestUrn: 'MFA_3', resendAttempts: 2 });
  });

  it('clears the code state on the maximum-attempts answer', async () => {
    await startMfa();
    server.routes['POST /v2/auth/token'] = () =>
      json(
        {
          status: 429,
          message: 'Maximum resend attempts reached. Please login again.',
          error: 'max_resends',
        },
        429,
      );
    expect(await resendOtp()).toEqual({
      ok: false,
      error: 'Maximum resend attempts reached. Please login again.',
    });
    expect(authStore.getState()).toEqual({
      ...initialAuthState,
      error: 'Maximum resend attempts reached. Please login again.',
    });
  });

  it('allows 3 resends; the 4th ends the attempt even if the server still answers', async () => {
    await startMfa();
    server.routes['POST /v2/auth/token'] = () => json(mfaAnswer('MFA_N'));
    for (let i = 1; i <= 3; i++) {
      expect((await resendOtp()).ok).toBe(true);
      expect(authStore.getState().resendAttempts).toBe(i);
    }
    const fourth = await resendOtp();
    expect(fourth).toEqual({ ok: false, error: 'Maximum resend attempts reached. Please login again.' });
    expect(authStore.getState()).toMatchObject({
      mfaRequired: false,
      mfaRequestUrn: null,
      originalLoginPayload: null,
      resendAttempts: 0,
    });
    // The 4th call still reached the server, which closes the attempt on its side.
    expect(server.calls.filter((c) => c.path === '/v2/auth/token')).toHaveLength(5);
  });

  it('fails with Failed to resend OTP otherwise, keeping the code state', async () => {
    await startMfa();
    server.routes['POST /v2/auth/token'] = () => new Response('', { status: 503 });
    expect(await resendOtp()).toEqual({ ok: false, error: 'Failed to resend OTP' });
    expect(authStore.getState()).toMatchObject({
      mfaRequired: true,
      mfaRequestUrn: 'MFA_1',
      resendAttempts: 0,
    });
  });
});

describe('verifyOtp', () => {
  it('signs in on success_login and clears the code state', async () => {
    await startMfa();
    server.routes['POST /v2/mfa/verify'] = (req) => {
      expect(req.body).toEqual({ request_urn: 'MFA_1', otp: '123456' });
      return json({ response_key: 'success_login', ...tokens, email: 'finance@acme.test' });
    };
    expect(await verifyOtp('123456')).toEqual({ ok: true, next: 'authenticated' });
    expect(authStore.getState()).toMatchObject({
      isAuthenticated: true,
      mfaRequired: false,
      mfaRequestUrn: null,
      originalLoginPayload: null,
    });
    expect(checkStorageIntegrity()).toBe(true);
  });

  it('gives a one-hour session when the answer omits expires_in', async () => {
    await startMfa();
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    const { expires_in: _omit, ...withoutExpiry } = tokens;
    server.routes['POST /v2/mfa/verify'] = () => json({ response_key: 'success_login', ...withoutExpiry });
    await verifyOtp('123456');
    expect(authStore.getState().user?.expiresAt).toBe(10_000 + 3_600_000);
  });

  it('rejects a 200 without success_login', async () => {
    await startMfa();
    server.routes['POST /v2/mfa/verify'] = () => json({ response_key: 'something_else', ...tokens });
    expect(await verifyOtp('123456')).toEqual({ ok: false, error: 'Invalid OTP or verification failed' });
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, mfaRequired: true });
    expect(checkStorageIntegrity()).toBe(false);
  });

  it.each([
    ['response_message first', { response_message: 'rm', message: 'm' }, 400, 'rm'],
    [
      'then message',
      { message: 'Invalid OTP or verification failed' },
      400,
      'Invalid OTP or verification failed',
    ],
    ['else OTP verification failed', null, 500, 'OTP verification failed'],
  ])('fails with %s', async (_name, body, status, expected) => {
    await startMfa();
    server.routes['POST /v2/mfa/verify'] = () =>
      body === null ? new Response('', { status }) : json(body, status);
    expect(await verifyOtp('000000')).toEqual({ ok: false, error: expected });
  });
});

describe('logout', () => {
  it('revokes on the server, then clears storage, cookies and cache and resets the state', async () => {
    server.routes['POST /v2/auth/token'] = () => json(tokens);
    await login('admin@acme.test', PASSWORD);
    document.cookie = 'unrelated=1; Path=/';
    const cacheCleared = vi.fn();
    const off = onAuthCleared(cacheCleared);
    server.routes['POST /v2/auth/logout'] = () => json({ message: 'Signed out' });
    await logout();
    off();
    const call = server.calls.find((c) => c.path === '/v2/auth/logout');
    expect(call?.headers.get('Authorization')).toBe('Bearer AT.1');
    expect(call?.headers.get('client_id')).toBe('CID_ACME');
    expect(call?.body).toEqual({ refresh_token: 'RT.1' });
    expect(cacheCleared).toHaveBeenCalledOnce();
    expect(authStore.getState()).toEqual(initialAuthState);
    expect(document.cookie).toBe('');
    expect(localStorage.getItem('staging_user_data')).toBeNull();
  });

  it('clears locally even when the server cannot be reached', async () => {
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    checkSession();
    server.fetchMock.mockRejectedValue(new TypeError('offline'));
    await logout();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(checkStorageIntegrity()).toBe(false);
  });
});

describe('refreshAccessToken', () => {
  it('stores the new tokens and updates the state', async () => {
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    checkSession();
    server.routes['POST /v2/auth/token'] = (req) => {
      expect(req.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'RT' });
      return json({ ...tokens, access_token: 'AT2', refresh_token: 'RT2' });
    };
    expect(await refreshAccessToken()).toBe('AT2');
    expect(getAccessToken()).toBe('AT2');
    expect(localStorage.getItem('staging_refresh_token')).toBe('RT2');
    expect(authStore.getState().accessToken).toBe('AT2');
  });

  it('answers null without a refresh token or when refused', async () => {
    expect(await refreshAccessToken()).toBeNull();
    expect(server.calls).toHaveLength(0);
    localStorage.setItem('staging_refresh_token', 'RT');
    server.routes['POST /v2/auth/token'] = () =>
      json({ message: 'Session expired. Please login again.' }, 401);
    expect(await refreshAccessToken()).toBeNull();
  });
});
