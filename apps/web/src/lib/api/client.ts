import { API_HOSTS, type ApiHost } from '@/lib/env';
import { AUTH_ERRORS, authStore, logout, refreshAccessToken } from '@/lib/auth';
import { getMode, MODE_HEADER } from '@/lib/mode';
import { checkStorageIntegrity, getAccessToken, getStoredUser } from '@/lib/storage';
import { ApiError, messageFromBody } from './errors';
import {
  clearStepUpToken,
  currentStepUpToken,
  isStepUpBody,
  requestStepUp,
  STEP_UP_HEADER,
  stepUpCancelled,
} from './step-up';

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Which configured host; default the API base. */
  host?: ApiHost;
  body?: BodyInit | null;
  /** A JSON body: serialised, with Content-Type set. */
  json?: unknown;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** How to read a successful answer; default JSON. */
  parseAs?: 'json' | 'text' | 'blob';
  /** Default 30 s; then the call fails with status TIMEOUT_ERROR. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function buildUrl(path: string, host: ApiHost = 'api', query?: ApiRequestInit['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return API_HOSTS[host] + path + (qs ? (path.includes('?') ? '&' : '?') + qs : '');
}

/**
 * Logs out without waiting: the caller gets its 401 first. Logout clears the query cache, which cancels
 * in-flight queries silently, so awaiting it here would swallow the 401 that the query cache's error handler
 * turns into "Session expired!" and the redirect to sign-in.
 */
function endSession(): void {
  void logout();
}

let refreshing: Promise<string | null> | null = null;

/** One refresh at a time: every caller that meets a 401 meanwhile waits for the same answer. */
function refreshOnce(): Promise<string | null> {
  refreshing ??= refreshAccessToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(url: string, init: ApiRequestInit, token: string | null): Promise<Response> {
  const {
    host: _host,
    json,
    query: _query,
    parseAs: _parseAs,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    signal,
    ...rest
  } = init;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const clientId = getStoredUser()?.client_id;
  if (clientId) headers.set('client_id', clientId);
  // The dashboard's mode (lib/mode.ts), unless the caller names one (the company's modes are asked in live).
  if (!headers.has(MODE_HEADER)) headers.set(MODE_HEADER, getMode());
  let body = init.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await fetch(url, { ...rest, headers, body, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT_ERROR', 'The request timed out');
    if (signal?.aborted) throw error; // cancelled by the caller (e.g. react-query): not an API failure
    throw new ApiError('FETCH_ERROR', error instanceof Error ? error.message : 'Network request failed');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readBody(response: Response): Promise<{ text: string; data: unknown }> {
  const text = await response.text().catch(() => '');
  try {
    return { text, data: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return { text, data: text };
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const { data } = await readBody(response);
  return new ApiError(response.status, messageFromBody(data, response.status), data);
}

async function parse<T>(response: Response, parseAs: ApiRequestInit['parseAs']): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (parseAs === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (parseAs === 'text') return text as T;
  // 204/205 and empty bodies have no JSON: the caller gets undefined.
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('PARSING_ERROR', 'The server answer could not be read', text);
  }
}

/** A change (not a read) carries the step-up token while one is held (lib/api/step-up.ts). */
function withStepUp(init: ApiRequestInit, token = currentStepUpToken()): ApiRequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  if (!token || method === 'GET' || method === 'HEAD') return init;
  const headers = new Headers(init.headers);
  headers.set(STEP_UP_HEADER, token);
  return { ...init, headers };
}

/** A 401 `step_up_required`: the session is fine, the request needs the member to confirm it's them. */
async function asksForStepUp(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  return isStepUpBody((await readBody(response.clone())).data);
}

/**
 * Step-up instead of refresh/logout: the member confirms in the shell's dialog, then the request goes again with
 * the new token. Cancelled: the request fails with a 401 that says so (and signs nobody out).
 */
async function stepUpAndRetry(url: string, init: ApiRequestInit, response: Response): Promise<Response> {
  clearStepUpToken();
  const token = await requestStepUp();
  if (!token) throw stepUpCancelled((await readBody(response)).data);
  return send(url, withStepUp(init, token), getAccessToken());
}

/**
 * The one client for data calls: bearer token, `client_id`, `Meridian-Mode` (test or live, lib/mode.ts) and
 * `Accept: application/json` on every request. Before each call the storage integrity is checked. A 401 triggers one token refresh,
 * shared by concurrent callers, then one retry; with no refresh token or a refused refresh the user is logged
 * out (without waiting for it) and the 401 is thrown. A 401 `step_up_required` is not an expired session: the
 * member confirms it's them (step-up) and the request is sent again. Errors are `ApiError`s.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  return parse<T>(await apiResponse(path, init), init.parseAs);
}

/**
 * `apiFetch` without reading the answer: the same headers, storage check and 401 → refresh → retry, but the
 * `Response` itself, whatever its status (the API test page shows status, headers and body as they came). An
 * `Accept` header in `init.headers` is kept.
 */
export async function apiResponse(path: string, init: ApiRequestInit = {}): Promise<Response> {
  if (authStore.getState().isAuthenticated && !checkStorageIntegrity()) {
    console.warn(`${AUTH_ERRORS.storageCleared}: a stored auth item is missing; logging out`);
    endSession();
    throw new ApiError(401, AUTH_ERRORS.storageCleared);
  }
  if (refreshing) await refreshing;

  const url = buildUrl(path, init.host, init.query);
  const token = getAccessToken();
  let response = await send(url, withStepUp(init), token);
  if (await asksForStepUp(response)) return stepUpAndRetry(url, init, response);
  if (response.status === 401) {
    // A refresh that finished while this call was under way already fixed it: just retry.
    const current = getAccessToken();
    const fresh = current && current !== token ? current : await refreshOnce();
    if (!fresh) {
      const error = await toApiError(response);
      endSession();
      throw error;
    }
    response = await send(url, withStepUp(init), fresh);
    if (await asksForStepUp(response)) return stepUpAndRetry(url, init, response);
  }
  return response;
}
