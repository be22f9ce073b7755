import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { resetBrowserStorage } from '@/lib/storage/testing';
import { checkStorageIntegrity, saveSession, takeSignInNotice } from '@/lib/storage';
import { authStore, checkSession } from '@/lib/auth';
import { installFakeServer, json } from '@/test/fake-server';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { recentErrors } from './error-reporter';
import { setNavigator } from './navigation';
import { handleMutationError, queryClient, shouldRetry } from './query-client';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const navigate = vi.fn();

beforeEach(() => {
  resetBrowserStorage();
  authStore.dispatch({ type: 'reset' });
  queryClient.clear();
  vi.mocked(toast.error).mockClear();
  navigate.mockClear();
  setNavigator(navigate);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  setNavigator(null);
  vi.restoreAllMocks();
});

async function failQuery(error: unknown, key = ['q']) {
  await queryClient
    .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(error), retry: false })
    .catch(() => {});
}

describe('query defaults', () => {
  it('stale 10 s, kept 60 s, refetch on focus', () => {
    const q = queryClient.getDefaultOptions().queries;
    expect(q?.staleTime).toBe(10_000);
    expect(q?.gcTime).toBe(60_000);
    expect(q?.refetchOnWindowFocus).toBe(true);
  });

  it('retries at most 3 times and never on 401 or 403', () => {
    const e500 = new ApiError(500, 'x');
    expect([0, 1, 2].map((n) => shouldRetry(n, e500))).toEqual([true, true, true]);
    expect(shouldRetry(3, e500)).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('FETCH_ERROR', 'x'))).toBe(true);
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});

describe('query errors', () => {
  it('401: clear auth, go to /sign-in (a page load) with the current path and query, toast Session expired! there', async () => {
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    checkSession();
    queryClient.setQueryData(['other'], { cached: true });
    window.history.replaceState(null, '', '/flow/payouts?offset=10');
    await failQuery(new ApiError(401, 'Invalid or expired access token'));
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(checkStorageIntegrity()).toBe(false);
    expect(queryClient.getQueryData(['other'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith({
      href: '/sign-in?redirect=%2Fflow%2Fpayouts%3Foffset%3D10',
      replace: true,
      reloadDocument: true,
    });
    // Left for the sign-in page, once; storage was cleared before it was written.
    expect(takeSignInNotice()).toBe('Session expired!');
    expect(takeSignInNotice()).toBeNull();
  });

  it('a real 401 from apiFetch (refresh refused) reaches the handler although logout clears the cache', async () => {
    const server = installFakeServer({
      'GET /v2/user/details': () => json({ message: 'Session expired. Please login again.' }, 401),
      'POST /v2/auth/token': () => json({ message: 'Session expired. Please login again.' }, 401),
      'POST /v2/auth/logout': () => json({ message: 'Signed out' }),
    });
    saveSession({ accessToken: 'AT', refreshToken: 'RT', user: { name: 'A', email: 'e', client_id: 'C' } });
    checkSession();
    window.history.replaceState(null, '', '/settings/account');
    const observer = queryClient.getQueryCache().build(queryClient, {
      queryKey: ['User', 'details'],
      queryFn: () => apiFetch('/v2/user/details'),
      retry: shouldRetry,
    });
    await observer.fetch().catch(() => {});
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({
        href: '/sign-in?redirect=%2Fsettings%2Faccount',
        replace: true,
        reloadDocument: true,
      }),
    );
    expect(takeSignInNotice()).toBe('Session expired!');
    await vi.waitFor(() => expect(server.calls.map((c) => c.path)).toContain('/v2/auth/logout'));
    vi.unstubAllGlobals();
  });

  it('500: toast Internal Server Error! and go to /500', async () => {
    await failQuery(new ApiError(500, 'boom'));
    expect(toast.error).toHaveBeenCalledWith('Internal Server Error!', expect.anything());
    expect(navigate).toHaveBeenCalledWith({ href: '/500', replace: false });
  });

  it('other query failures are left to the screen', async () => {
    await failQuery(new ApiError(404, 'Not found'));
    await failQuery(new ApiError('FETCH_ERROR', 'offline'), ['q2']);
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('mutation errors', () => {
  async function failMutation(error: unknown, meta?: Record<string, unknown>) {
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: ['m'],
        mutationFn: () => Promise.reject(error),
        ...(meta ? { meta } : {}),
      })
      .execute(undefined)
      .catch(() => {});
  }

  it.each([
    [304, 'Content not modified!'],
    [204, 'Content not found.'],
    [422, 'Something went wrong!'],
    [500, 'Something went wrong!'],
    ['FETCH_ERROR', 'Something went wrong!'],
  ] as const)('%s → %s', async (status, title) => {
    await failMutation(new ApiError(status, 'server text'));
    expect(toast.error).toHaveBeenCalledWith(
      title,
      typeof status === 'number' && status >= 400 && status < 500
        ? { description: 'server text' }
        : undefined,
    );
  });

  it('a plain error is generic too', async () => {
    await failMutation(new Error('x'));
    expect(toast.error).toHaveBeenCalledWith('Something went wrong!', undefined);
  });

  it('every mutation error goes to the error reporter, also without a toast', async () => {
    const before = recentErrors().length;
    await failMutation(new ApiError(409, 'Duplicate beneficiary'), { errorToast: false });
    expect(toast.error).not.toHaveBeenCalled();
    expect(recentErrors().length).toBe(before + 1);
    expect(recentErrors().at(-1)).toMatchObject({
      message: 'Duplicate beneficiary',
      status: 409,
      context: { mutationKey: ['m'] },
    });
  });

  it('401 on a mutation: session expired as for queries', () => {
    handleMutationError(new ApiError(401, 'x'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(takeSignInNotice()).toBe('Session expired!');
    expect(navigate).toHaveBeenCalledWith({ href: '/sign-in', replace: true, reloadDocument: true });
  });
});
