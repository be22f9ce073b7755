import {
  checkStorageIntegrity,
  clearAllStorage,
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  isLoggedInFlagSet,
  runStorageMigrations,
  saveSession,
  setAccessToken,
  setRefreshToken,
} from '@/lib/storage';
import { encryptPassword } from './crypto';
import { messageOf, requestJson, type JsonAnswer } from './http';
import { AUTH_ERRORS, MAX_OTP_RESENDS } from './messages';
import { restoredSessionUser, sessionUserFrom } from './session-user';
import { authStore } from './store';
import type { AuthResult, LoginPayload, TokenAnswer } from './types';

const { dispatch, getState } = authStore;

type SignedIn = TokenAnswer & {
  access_token: string;
  refresh_token: string;
  client_id: string;
  email: string;
};

function hasTokens(body: TokenAnswer | null): body is SignedIn {
  return (
    typeof body?.access_token === 'string' &&
    body.access_token !== '' &&
    typeof body.refresh_token === 'string' &&
    typeof body.client_id === 'string' &&
    typeof body.email === 'string'
  );
}

const isOtpInitiated = (body: TokenAnswer | null): body is TokenAnswer & { request_urn: string } =>
  body?.response_key === 'success_initiate_auth_sms' && typeof body.request_urn === 'string';

/** An authenticator-app user: the code comes from the app (or a recovery code); nothing is sent. */
const isTotpInitiated = (body: TokenAnswer | null): body is TokenAnswer & { request_urn: string } =>
  body?.response_key === 'success_initiate_auth_totp' && typeof body.request_urn === 'string';

function fail(error: string): AuthResult {
  dispatch({ type: 'request/failed', error });
  return { ok: false, error };
}

/** Stores the session and authenticates; all one-time-code state is cleared. */
function completeSignIn(body: SignedIn): AuthResult {
  const name = body.company_common_name ?? '';
  saveSession({
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    user: { name, email: body.email, client_id: body.client_id },
  });
  const user = sessionUserFrom({ ...body, company_common_name: name });
  dispatch({ type: 'login/succeeded', user, accessToken: body.access_token });
  return { ok: true, next: 'authenticated' };
}

/** Login failure text: message, else response_message, else by status. */
export function loginErrorMessage(status: number, body: unknown): string {
  return (
    messageOf(body) ??
    messageOf(body, 'response_message') ??
    (status === 200 ? AUTH_ERRORS.loginFailed : AUTH_ERRORS.unknown)
  );
}

const postCredentials = (payload: LoginPayload): Promise<JsonAnswer<TokenAnswer>> =>
  requestJson<TokenAnswer>('/v2/auth/token', { body: { grant_type: 'user_credentials', ...payload } });

/** Sign-in with email and password (encrypted in the browser). */
export async function login(email: string, password: string): Promise<AuthResult> {
  dispatch({ type: 'request/start' });
  let payload: LoginPayload;
  let answer: JsonAnswer<TokenAnswer>;
  try {
    payload = { email: email.trim(), encrypted_password: await encryptPassword(password) };
    answer = await postCredentials(payload);
  } catch (error) {
    console.error('Sign-in request failed', error);
    return fail(AUTH_ERRORS.unknown);
  }
  const { status, body } = answer;
  if (status === 200 && hasTokens(body)) return completeSignIn(body);
  if (status === 200 && isOtpInitiated(body)) {
    dispatch({ type: 'login/mfaRequired', requestUrn: body.request_urn, payload });
    return { ok: true, next: 'mfa' };
  }
  if (status === 200 && isTotpInitiated(body)) {
    dispatch({ type: 'login/mfaRequired', requestUrn: body.request_urn, payload, method: 'totp' });
    return { ok: true, next: 'mfa' };
  }
  return fail(loginErrorMessage(status, body));
}

/** Sends the code again with the stored login payload; at most 3 resends. */
export async function resendOtp(): Promise<AuthResult> {
  const { originalLoginPayload, resendAttempts } = getState();
  if (!originalLoginPayload) return fail(AUTH_ERRORS.noLoginSession);
  dispatch({ type: 'request/start' });
  const limitReached = (): AuthResult => {
    dispatch({ type: 'otp/resendLimit', error: AUTH_ERRORS.maxResends });
    return { ok: false, error: AUTH_ERRORS.maxResends };
  };
  let answer: JsonAnswer<TokenAnswer>;
  try {
    // Past the limit the call still goes out: the server then closes the attempt for good.
    answer = await postCredentials(originalLoginPayload);
  } catch (error) {
    console.error('Resend request failed', error);
    return resendAttempts >= MAX_OTP_RESENDS ? limitReached() : fail(AUTH_ERRORS.resendFailed);
  }
  const { status, body } = answer;
  if (resendAttempts >= MAX_OTP_RESENDS || messageOf(body) === AUTH_ERRORS.maxResends) return limitReached();
  if (status === 200 && isOtpInitiated(body)) {
    dispatch({ type: 'otp/resent', requestUrn: body.request_urn });
    return { ok: true, next: 'mfa' };
  }
  if (status === 200 && hasTokens(body)) return completeSignIn(body);
  return fail(messageOf(body) ?? messageOf(body, 'response_message') ?? AUTH_ERRORS.resendFailed);
}

/** Verifies the one-time code; only response_key 'success_login' signs in. */
export async function verifyOtp(otp: string): Promise<AuthResult> {
  const { mfaRequestUrn } = getState();
  if (!mfaRequestUrn) return fail(AUTH_ERRORS.noLoginSession);
  dispatch({ type: 'request/start' });
  let answer: JsonAnswer<TokenAnswer>;
  try {
    answer = await requestJson<TokenAnswer>('/v2/mfa/verify', {
      body: { request_urn: mfaRequestUrn, otp: otp.trim() },
    });
  } catch (error) {
    console.error('Verify request failed', error);
    return fail(AUTH_ERRORS.otpVerifyFailed);
  }
  const { status, body } = answer;
  if (status === 200) {
    return body?.response_key === 'success_login' && hasTokens(body)
      ? completeSignIn(body)
      : fail(AUTH_ERRORS.otpInvalid);
  }
  return fail(messageOf(body, 'response_message') ?? messageOf(body) ?? AUTH_ERRORS.otpVerifyFailed);
}

const clearedListeners = new Set<() => void>();

/** Runs `listener` whenever the session is cleared (logout, forced sign-out); e.g. to drop the data cache. */
export function onAuthCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Clears browser storage, cookies and the data cache, then resets the auth state; no network. */
export function clearAuth(): void {
  clearAllStorage();
  for (const listener of [...clearedListeners]) listener();
  dispatch({ type: 'reset' });
}

interface Credentials {
  token: string | null;
  refreshToken: string | null;
  clientId: string | undefined;
}

const currentCredentials = (): Credentials => ({
  token: getAccessToken() ?? getState().accessToken,
  refreshToken: getRefreshToken(),
  clientId: getStoredUser()?.client_id ?? getState().user?.client_id,
});

/** POST /v2/auth/logout with bearer and refresh token; best effort (offline or already revoked is fine). */
async function revokeOnServer({ token, refreshToken, clientId }: Credentials): Promise<void> {
  if (!token) return;
  try {
    await requestJson('/v2/auth/logout', {
      headers: { Authorization: `Bearer ${token}`, ...(clientId ? { client_id: clientId } : {}) },
      body: refreshToken ? { refresh_token: refreshToken } : {},
      // The sign-in screens are another page: going there must not cancel the revocation.
      keepalive: true,
    });
  } catch {
    // The local session is cleared all the same.
  }
}

let loggingOut: Promise<void> | null = null;

/** Revokes the session on the server, then clears storage, cookies and the data cache and resets. */
export function logout(): Promise<void> {
  loggingOut ??= (async () => {
    await revokeOnServer(currentCredentials());
    clearAuth();
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

/**
 * Session check on start: signed in only if the access-token cookie, the user record and the
 * logged-in flag all exist. A set flag without a token resets the session. Runs the storage migrations
 * first, so the order of calls at start-up does not matter.
 */
export function checkSession(): boolean {
  runStorageMigrations();
  const token = getAccessToken();
  const stored = getStoredUser();
  const flag = isLoggedInFlagSet();
  const state = getState();
  if (token && stored && flag) {
    if (!state.isAuthenticated || state.accessToken !== token) {
      dispatch({ type: 'session/restored', user: restoredSessionUser(stored), accessToken: token });
    }
    return true;
  }
  if (flag && !token) clearSession();
  if (state.isAuthenticated || flag) dispatch({ type: 'reset' });
  return false;
}

/**
 * For route guards (`beforeLoad`): true when signed in with intact storage. A state that says signed in
 * while an item is missing is reset; a session stored by another tab is picked up.
 */
export function isAuthenticated(): boolean {
  if (!getState().isAuthenticated) return checkSession() && ensureStorageIntegrity();
  return ensureStorageIntegrity();
}

/** False (and the session logged out, with a warning) when a signed-in state lacks a stored item. */
export function ensureStorageIntegrity(): boolean {
  if (!getState().isAuthenticated || checkStorageIntegrity()) return true;
  console.warn(
    `${AUTH_ERRORS.storageCleared}: an access token, user record, login flag or refresh token is missing`,
  );
  clearAuth();
  return false;
}

/**
 * Exchanges the stored refresh token for new tokens. Resolves to the new access token, or null
 * when there is no refresh token or the server refuses it. Callers decide whether to log out.
 */
export async function refreshAccessToken(): Promise<string | null> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return null;
  try {
    const { status, body } = await requestJson<TokenAnswer>('/v2/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
    const accessToken = body?.access_token;
    if (status !== 200 || typeof accessToken !== 'string' || accessToken === '') return null;
    setAccessToken(accessToken);
    if (typeof body?.refresh_token === 'string' && body.refresh_token !== '')
      setRefreshToken(body.refresh_token);
    dispatch({ type: 'token/refreshed', accessToken });
    return accessToken;
  } catch {
    return null;
  }
}
