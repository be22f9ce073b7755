import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '@/test/fake-server';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { getAccessToken, saveSession } from '@/lib/storage';
import { authStore, checkSession, initialAuthState } from '@/lib/auth';
import { apiFetch, ApiError } from './index';

let server: ReturnType<typeof installFakeServer>;

function signIn(accessToken = 'AT1', refreshToken = 'RT1') {
  saveSession({
    accessToken,
    refreshToken,
    user: { name: 'Acme', email: 'a@acme.test', client_id: 'CID_ACME' },
  });
  checkSession();
}

/** The data route of these tests: 200 for the current token `valid`, else 401. */
function dataRoute(valid: () => string) {
  return (req: { headers: Headers }) =>
    req.headers.get('Authorization') === `Bearer ${valid()}`
      ? json({ data: [1, 2] })
      : json(
          {
            status: 401,
            message: 'Invalid or expired access token',
            error: 'invalid_token',
            request_id: 'r',
          },
          401,
        );
}

beforeEach(() => {
  resetBrowserStorage();
  authStore.dispatch({ type: 'reset' });
  server = installFakeServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('apiFetch headers', () => {
  it('sends bearer token, client_id and Accept on every call, with query and JSON body', async () => {
    signIn();
    server.routes['POST /meridian/read/search/transaction/payouts'] = () => json({ data: [] });
    await apiFetch('/meridian/read/search/transaction/payouts', {
      method: 'POST',
      json: { a: 1 },
      query: { limit: 10, offset: 0, search_key: '', other: undefined },
    });
    const call = server.calls[0]!;
    expect(call.path).toBe('/meridian/read/search/transaction/payouts?limit=10&offset=0');
    expect(call.headers.get('Authorization')).toBe('Bearer AT1');
    expect(call.headers.get('client_id')).toBe('CID_ACME');
    expect(call.headers.get('Accept')).toBe('application/json');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual({ a: 1 });
  });

  it('returns the parsed JSON, and undefined for an empty 204', async () => {
    signIn();
    server.routes['GET /x'] = () => json({ count: 7 });
    server.routes['DELETE /y'] = () => new Response(null, { status: 204 });
    expect(await apiFetch<{ count: number }>('/x')).toEqual({ count: 7 });
    expect(await apiFetch('/y', { method: 'DELETE' })).toBeUndefined();
  });
});

describe('apiFetch errors', () => {
  beforeEach(() => signIn());

  it('an HTTP failure carries the status, the server message and the body', async () => {
    const body = {
      status: 400,
      message: 'search_key is not allowed',
      error: 'validation_failed',
      fields: { search_key: 'x' },
      request_id: 'r1',
    };
    server.routes['GET /bad'] = () => json(body, 400);
    const error = await apiFetch('/bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'search_key is not allowed', data: body });
  });

  it('falls back to the title of the response data', async () => {
    server.routes['GET /t'] = () => json({ title: 'Bad Request' }, 400);
    await expect(apiFetch('/t')).rejects.toMatchObject({ status: 400, message: 'Bad Request' });
  });

  it('FETCH_ERROR when the network fails', async () => {
    server.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
  });

  it('PARSING_ERROR when a 200 is not JSON', async () => {
    server.routes['GET /html'] = () => new Response('<html>', { status: 200 });
    await expect(apiFetch('/html')).rejects.toMatchObject({ status: 'PARSING_ERROR', data: '<html>' });
  });

  it('TIMEOUT_ERROR when the answer takes too long', async () => {
    server.fetchMock.mockImplementationOnce(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(apiFetch('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('a caller abort is passed through, not turned into an API error', async () => {
    server.fetchMock.mockImplementationOnce(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiFetch('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('storage integrity before every call', () => {
  it('blocks the call with a synthetic 401, logs out and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn();
    server.routes['POST /v2/auth/logout'] = () => json({ message: 'Signed out' });
    localStorage.removeItem('staging_is_logged_in');
    const error = await apiFetch('/meridian/read/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Authentication storage cleared - please login again',
    });
    expect(server.calls.map((c) => c.path)).toEqual(['/v2/auth/logout']);
    await vi.waitFor(() => expect(authStore.getState()).toEqual(initialAuthState));
    expect(getAccessToken()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('token refresh on 401', () => {
  it('refreshes once for concurrent 401s; every waiter retries with the new token', async () => {
    signIn('AT1', 'RT1');
    let refreshes = 0;
    let releaseRefresh!: () => void;
    server.routes['GET /data'] = dataRoute(() => 'AT2');
    server.routes['POST /v2/auth/token'] = async (req) => {
      refreshes++;
      expect(req.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'RT1' });
      await new Promise<void>((r) => (releaseRefresh = r));
      return json({ access_token: 'AT2', refresh_token: 'RT2' });
    };
    const calls = [apiFetch('/data'), apiFetch('/data'), apiFetch('/data')];
    await vi.waitFor(() => expect(refreshes).toBe(1));
    // While the refresh is pending, a new call waits for it instead of sending the old token.
    const late = apiFetch('/data');
    releaseRefresh();
    const results = await Promise.all([...calls, late]);
    expect(results).toEqual(Array(4).fill({ data: [1, 2] }));
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBe('AT2');
    expect(localStorage.getItem('staging_refresh_token')).toBe('RT2');
    expect(authStore.getState().accessToken).toBe('AT2');
    const dataCalls = server.calls.filter((c) => c.path === '/data');
    expect(dataCalls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer AT1',
      'Bearer AT1',
      'Bearer AT1',
      'Bearer AT2',
      'Bearer AT2',
      'Bearer AT2',
      'Bearer AT2',
    ]);
  });

  it('a 401 that arrives after another call already refreshed just retries', async () => {
    signIn('AT1', 'RT1');
    let refreshes = 0;
    server.routes['POST /v2/auth/token'] = () => {
      refreshes++;
      return json({ access_token: 'AT2', refresh_token: 'RT2' });
    };
    let releaseSlow!: () => void;
    server.routes['GET /slow'] = async (req) => {
      const auth = req.headers.get('Authorization');
      if (auth === 'Bearer AT1') {
        await new Promise<void>((r) => (releaseSlow = r));
        return json({ message: 'expired' }, 401);
      }
      return json({ ok: true });
    };
    server.routes['GET /fast'] = dataRoute(() => 'AT2');
    const slow = apiFetch('/slow');
    await vi.waitFor(() => expect(releaseSlow).toBeTypeOf('function'));
    await apiFetch('/fast'); // 401 → refresh → AT2
    releaseSlow();
    expect(await slow).toEqual({ ok: true });
    expect(refreshes).toBe(1);
  });

  it('logs out when the refresh is refused, and throws the 401', async () => {
    signIn();
    server.routes['GET /data'] = dataRoute(() => 'never');
    server.routes['POST /v2/auth/token'] = () =>
      json({ message: 'Session expired. Please login again.' }, 401);
    server.routes['POST /v2/auth/logout'] = () => json({ message: 'Signed out' });
    await expect(apiFetch('/data')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired access token',
    });
    await vi.waitFor(() => expect(authStore.getState().isAuthenticated).toBe(false));
    expect(getAccessToken()).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual(['/data', '/v2/auth/token', '/v2/auth/logout']);
  });

  it('logs out without calling refresh when there is no refresh token', async () => {
    server.routes['GET /data'] = dataRoute(() => 'never');
    await expect(apiFetch('/data')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((c) => c.path)).toEqual(['/data']);
  });

  it('does not loop: a second 401 after a good refresh is thrown', async () => {
    signIn();
    server.routes['GET /data'] = dataRoute(() => 'never');
    server.routes['POST /v2/auth/token'] = () => json({ access_token: 'AT2', refresh_token: 'RT2' });
    await expect(apiFetch('/data')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((c) => c.path)).toEqual(['/data', '/v2/auth/token', '/data']);
  });
});
