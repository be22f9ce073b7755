import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkStorageIntegrity,
  clearAllStorage,
  setSignInNotice,
  takeSignInNotice,
  clearSession,
  cookieAttributes,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  isLoggedInFlagSet,
  prefixed,
  readCookie,
  saveSession,
  STORAGE_PREFIX,
  writeCookie,
} from './index';
import { resetBrowserStorage } from './testing';

const session = {
  accessToken: 'AT.1',
  refreshToken: 'RT.1',
  user: { name: 'Acme Corp', email: 'admin@acme.test', client_id: 'CID_1' },
};

beforeEach(resetBrowserStorage);

describe('prefixed storage', () => {
  it('prefixes every key with the environment', () => {
    expect(STORAGE_PREFIX).toBe('staging_');
    expect(prefixed('user_data')).toBe('staging_user_data');
  });

  it('stores the session under its prefixed names', () => {
    saveSession(session);
    expect(readCookie('staging_access_token')).toBe('AT.1');
    expect(localStorage.getItem('staging_refresh_token')).toBe('RT.1');
    expect(localStorage.getItem('staging_is_logged_in')).toBe('true');
    expect(JSON.parse(localStorage.getItem('staging_user_data') ?? 'null')).toEqual(session.user);
    // Nothing under unprefixed names.
    expect(readCookie('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
    expect(getAccessToken()).toBe('AT.1');
    expect(getRefreshToken()).toBe('RT.1');
    expect(getStoredUser()).toEqual(session.user);
    expect(isLoggedInFlagSet()).toBe(true);
  });

  it('cookies: path /, SameSite=Strict, Secure only on https', () => {
    expect(cookieAttributes('http:')).toBe('Path=/; SameSite=Strict');
    expect(cookieAttributes('https:')).toBe('Path=/; SameSite=Strict; Secure');
  });

  it('round-trips cookie values that need encoding', () => {
    writeCookie('staging_x', 'a b;c=d');
    expect(readCookie('staging_x')).toBe('a b;c=d');
  });

  it('ignores a user record that is not JSON or lacks fields', () => {
    localStorage.setItem('staging_user_data', '{oops');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('staging_user_data', JSON.stringify({ name: 'x', email: 'y' }));
    expect(getStoredUser()).toBeNull();
  });

  it('clearSession removes only the four session items', () => {
    saveSession(session);
    localStorage.setItem('staging_team', 'flow');
    clearSession();
    expect(checkStorageIntegrity()).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('staging_user_data')).toBeNull();
    expect(localStorage.getItem('staging_team')).toBe('flow');
  });
});

describe('storage integrity', () => {
  it('holds with token cookie, user record, flag and refresh token', () => {
    saveSession(session);
    expect(checkStorageIntegrity()).toBe(true);
  });

  it.each([
    ['access-token cookie', () => (document.cookie = 'staging_access_token=; Path=/; Max-Age=0')],
    ['user record', () => localStorage.removeItem('staging_user_data')],
    ['logged-in flag', () => localStorage.removeItem('staging_is_logged_in')],
    ['refresh token', () => localStorage.removeItem('staging_refresh_token')],
  ])('fails without the %s', (_name, remove) => {
    saveSession(session);
    remove();
    expect(checkStorageIntegrity()).toBe(false);
  });
});

describe('clearAllStorage', () => {
  it('clears storage and cookies but keeps the device display choices', () => {
    saveSession(session);
    localStorage.setItem('staging_theme', 'dark');
    localStorage.setItem('staging_font', 'manrope');
    localStorage.setItem('staging_team', 'fabric');
    localStorage.setItem('something_else', '1');
    sessionStorage.setItem('draft', '1');
    document.cookie = 'other_cookie=1; Path=/';
    clearAllStorage();
    expect(document.cookie).toBe('');
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('staging_theme')).toBe('dark');
    expect(localStorage.getItem('staging_font')).toBe('manrope');
    expect(localStorage.getItem('staging_team')).toBeNull();
    expect(localStorage.getItem('something_else')).toBeNull();
    expect(localStorage.getItem('staging_user_data')).toBeNull();
  });

  it('keeps a message left for the sign-in page, which is read once', () => {
    setSignInNotice('Session expired!');
    sessionStorage.setItem('draft', '1');
    clearAllStorage();
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(takeSignInNotice()).toBe('Session expired!');
    expect(takeSignInNotice()).toBeNull();
  });
});
