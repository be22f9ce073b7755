import { ACCESS_TOKEN_COOKIE, KEYS, prefixed } from './keys';
import { browserStorage } from './local';
import { deleteCookie, readCookie, writeCookie } from './cookies';

/*
 * One-time storage migrations. Legacy names (chosen for this product's earlier builds):
 *
 * (a) Tokens and cookies, unprefixed or with the old product prefix `meridian_` (before keys carried the
 *     environment): cookie `access_token` / `meridian_access_token`; local storage `access_token` /
 *     `meridian_access_token` (very old builds kept the access token there) and `refresh_token` /
 *     `meridian_refresh_token`. They move to the cookie `{env}_access_token` and `{env}_refresh_token`, then
 *     are removed, so the migration happens once by construction.
 * (b) The camelCase local-storage keys of the first dashboard (and a few unprefixed snake_case ones), renamed
 *     to the prefixed keys, after which `{env}_storage_migration_completed` is set and the step never runs
 *     again. See LEGACY_KEYS below.
 *
 * A prefixed value that already exists is newer than any legacy one and is never overwritten. A legacy name
 * equal to a current prefixed name (an environment literally called `meridian`) is skipped.
 */

const LEGACY_PRODUCT_PREFIX = 'meridian_';

const legacyNames = (name: string): string[] =>
  [name, LEGACY_PRODUCT_PREFIX + name].filter((legacy) => legacy !== prefixed(name));

/** New (unprefixed) key → old local-storage keys, most recent first. */
export const LEGACY_KEYS: Readonly<Record<string, readonly string[]>> = {
  [KEYS.userData]: ['userData', 'user_data'],
  [KEYS.isLoggedIn]: ['isLoggedIn', 'is_logged_in'],
  [KEYS.refreshToken]: ['refreshToken'],
  [KEYS.selectedCompanyId]: ['selectedCompanyId', 'selected_company_id'],
  [KEYS.theme]: ['theme', 'vite-ui-theme'],
  [KEYS.font]: ['font'],
  [KEYS.highlightedFeatures]: ['highlightedFeaturesConfig', 'highlighted_features_config'],
  [KEYS.team]: ['selectedTeam', 'selected_team', 'team'],
};

/** (a) Moves legacy tokens and cookies to the prefixed names, then removes them. */
export function migrateLegacyTokens(storage: Storage | null = browserStorage()): void {
  const tokenCookie = prefixed(ACCESS_TOKEN_COOKIE);
  for (const legacy of legacyNames(ACCESS_TOKEN_COOKIE)) {
    const fromCookie = readCookie(legacy);
    const fromStorage = storage?.getItem(legacy) ?? null;
    const token = fromCookie || fromStorage;
    if (token && !readCookie(tokenCookie)) writeCookie(tokenCookie, token);
    if (fromCookie !== null) deleteCookie(legacy);
    if (fromStorage !== null) storage?.removeItem(legacy);
  }
  if (!storage) return;
  const refreshKey = prefixed(KEYS.refreshToken);
  for (const legacy of legacyNames(KEYS.refreshToken)) {
    const value = storage.getItem(legacy);
    if (value === null) continue;
    if (value && storage.getItem(refreshKey) === null) storage.setItem(refreshKey, value);
    storage.removeItem(legacy);
  }
}

/** (b) Renames the old local-storage keys once, then sets the completed flag. */
export function migrateLegacyKeys(storage: Storage | null = browserStorage()): void {
  if (!storage) return;
  const done = prefixed(KEYS.migrationCompleted);
  if (storage.getItem(done) === 'true') return;
  for (const [name, olds] of Object.entries(LEGACY_KEYS)) {
    const target = prefixed(name);
    for (const old of olds) {
      if (old === target) continue;
      const value = storage.getItem(old);
      if (value === null) continue;
      if (storage.getItem(target) === null) storage.setItem(target, value);
      storage.removeItem(old);
    }
  }
  storage.setItem(done, 'true');
}

let ran = false;

/** Runs both migrations once per page load; safe to call more than once. Call before reading the session. */
export function runStorageMigrations(): void {
  if (ran) return;
  ran = true;
  try {
    migrateLegacyTokens();
    migrateLegacyKeys();
  } catch (error) {
    console.warn('Storage migration skipped', error);
  }
}
