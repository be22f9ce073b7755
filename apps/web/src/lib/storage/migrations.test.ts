import { beforeEach, describe, expect, it } from 'vitest';
import { migrateLegacyKeys, migrateLegacyTokens } from './migrations';
import { readCookie } from './cookies';
import { resetBrowserStorage } from './testing';

beforeEach(resetBrowserStorage);

describe('migration (a): legacy tokens and cookies', () => {
  it('moves an unprefixed access-token cookie and refresh token to the prefixed names, then removes them', () => {
    document.cookie = 'access_token=OLD_AT; Path=/';
    localStorage.setItem('refresh_token', 'OLD_RT');
    migrateLegacyTokens();
    expect(readCookie('staging_access_token')).toBe('OLD_AT');
    expect(localStorage.getItem('staging_refresh_token')).toBe('OLD_RT');
    expect(readCookie('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('moves legacy-prefixed (meridian_) items, including an access token kept in local storage', () => {
    localStorage.setItem('meridian_access_token', 'LS_AT');
    localStorage.setItem('meridian_refresh_token', 'LS_RT');
    migrateLegacyTokens();
    expect(readCookie('staging_access_token')).toBe('LS_AT');
    expect(localStorage.getItem('staging_refresh_token')).toBe('LS_RT');
    expect(localStorage.getItem('meridian_access_token')).toBeNull();
    expect(localStorage.getItem('meridian_refresh_token')).toBeNull();
  });

  it('never overwrites newer prefixed values, but still removes the legacy ones', () => {
    document.cookie = 'staging_access_token=NEW_AT; Path=/';
    localStorage.setItem('staging_refresh_token', 'NEW_RT');
    document.cookie = 'access_token=OLD_AT; Path=/';
    localStorage.setItem('refresh_token', 'OLD_RT');
    migrateLegacyTokens();
    expect(readCookie('staging_access_token')).toBe('NEW_AT');
    expect(localStorage.getItem('staging_refresh_token')).toBe('NEW_RT');
    expect(readCookie('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('happens once: a second run finds nothing to move', () => {
    document.cookie = 'access_token=OLD_AT; Path=/';
    migrateLegacyTokens();
    document.cookie = 'staging_access_token=; Path=/; Max-Age=0';
    migrateLegacyTokens();
    expect(readCookie('staging_access_token')).toBeNull();
  });
});

describe('migration (b): old local-storage keys', () => {
  it('renames each old key, removes it and sets the completed flag', () => {
    const old = {
      userData: '{"name":"Acme","email":"a@b.test","client_id":"C1"}',
      isLoggedIn: 'true',
      refreshToken: 'RT',
      selectedCompanyId: '1',
      theme: 'dark',
      font: 'manrope',
      highlightedFeaturesConfig: '{"seen":[]}',
      selectedTeam: 'flow',
    };
    for (const [k, v] of Object.entries(old)) localStorage.setItem(k, v);
    migrateLegacyKeys();
    expect(localStorage.getItem('staging_user_data')).toBe(old.userData);
    expect(localStorage.getItem('staging_is_logged_in')).toBe('true');
    expect(localStorage.getItem('staging_refresh_token')).toBe('RT');
    expect(localStorage.getItem('staging_selected_company_id')).toBe('1');
    expect(localStorage.getItem('staging_theme')).toBe('dark');
    expect(localStorage.getItem('staging_font')).toBe('manrope');
    expect(localStorage.getItem('staging_highlighted_features_config')).toBe('{"seen":[]}');
    expect(localStorage.getItem('staging_team')).toBe('flow');
    for (const k of Object.keys(old)) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('staging_storage_migration_completed')).toBe('true');
  });

  it('does not overwrite a prefixed value that already exists', () => {
    localStorage.setItem('staging_theme', 'brand');
    localStorage.setItem('theme', 'dark');
    migrateLegacyKeys();
    expect(localStorage.getItem('staging_theme')).toBe('brand');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('does not run again once the flag is set', () => {
    migrateLegacyKeys();
    localStorage.setItem('theme', 'dark');
    migrateLegacyKeys();
    expect(localStorage.getItem('staging_theme')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
