import { ACCESS_TOKEN_COOKIE, KEYS, MODE_KEY_PREFIX, prefixed, SIGN_IN_NOTICE } from './keys';
import { browserStorage, getItem, removeItem, setItem } from './local';
import { clearLocalCookies, deleteCookie, readCookie, writeCookie } from './cookies';

/** The stored user record `user_data`: the company's common name, email and client id. */
export interface StoredUser {
  name: string;
  email: string;
  client_id: string;
}

const accessTokenCookie = prefixed(ACCESS_TOKEN_COOKIE);

export function getAccessToken(): string | null {
  return readCookie(accessTokenCookie) || null;
}

/**
 * A browser-session cookie: it outlives the access token's own expiry on purpose, so that an expired token
 * is answered by a 401 and renewed by the refresh flow instead of silently ending the session.
 */
export function setAccessToken(token: string): void {
  writeCookie(accessTokenCookie, token);
}

export function getRefreshToken(): string | null {
  return getItem(KEYS.refreshToken) || null;
}

export function setRefreshToken(token: string): void {
  setItem(KEYS.refreshToken, token);
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.email === 'string' && typeof v.client_id === 'string';
}

/** The stored user record, or null when it is missing or unreadable. */
export function getStoredUser(): StoredUser | null {
  const raw = getItem(KEYS.userData);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function isLoggedInFlagSet(): boolean {
  return getItem(KEYS.isLoggedIn) === 'true';
}

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: StoredUser;
}

/** Stores the four items of a signed-in session. */
export function saveSession({ accessToken, refreshToken, user }: StoredSession): void {
  setAccessToken(accessToken);
  setRefreshToken(refreshToken);
  setItem(KEYS.userData, JSON.stringify({ name: user.name, email: user.email, client_id: user.client_id }));
  setItem(KEYS.isLoggedIn, 'true');
}

/** Removes only the session items (token cookie, user record, flag, refresh token). */
export function clearSession(): void {
  deleteCookie(accessTokenCookie);
  removeItem(KEYS.userData);
  removeItem(KEYS.isLoggedIn);
  removeItem(KEYS.refreshToken);
}

/**
 * Storage integrity: a signed-in user must have the access-token cookie, the user record, the
 * logged-in flag and the refresh token.
 */
export function checkStorageIntegrity(): boolean {
  return (
    getAccessToken() !== null && getStoredUser() !== null && isLoggedInFlagSet() && getRefreshToken() !== null
  );
}

/** Display preferences survive a logout: they belong to the device, not to the user's session. */
const KEPT_ON_CLEAR = new Set([prefixed(KEYS.theme), prefixed(KEYS.font), prefixed(KEYS.migrationCompleted)]);
/** Each member's test or live mode survives it too: it is theirs across sign-ins (lib/mode.ts). */
const keptOnClear = (key: string) => KEPT_ON_CLEAR.has(key) || key.startsWith(prefixed(MODE_KEY_PREFIX));

/**
 * Clears browser storage and the page's cookies (logout), keeping only theme and font choices, each member's
 * mode and a message left for the sign-in page (storage/notice.ts).
 */
export function clearAllStorage(): void {
  const local = browserStorage('local');
  if (local) {
    const keys = Array.from({ length: local.length }, (_, i) => local.key(i)).filter(
      (k): k is string => k !== null,
    );
    for (const key of keys) if (!keptOnClear(key)) local.removeItem(key);
  }
  const session = browserStorage('session');
  if (session) {
    const notice = session.getItem(prefixed(SIGN_IN_NOTICE));
    session.clear();
    if (notice !== null) session.setItem(prefixed(SIGN_IN_NOTICE), notice);
  }
  clearLocalCookies();
}
