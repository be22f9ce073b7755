import { APP_ENV } from '@/lib/env';

/** Every key and cookie carries the environment prefix, e.g. `staging_user_data`. */
export const STORAGE_PREFIX = `${APP_ENV}_`;

/** Unprefixed names of the local-storage items this app owns. */
export const KEYS = {
  userData: 'user_data',
  isLoggedIn: 'is_logged_in',
  refreshToken: 'refresh_token',
  selectedCompanyId: 'selected_company_id',
  theme: 'theme',
  font: 'font',
  highlightedFeatures: 'highlighted_features_config',
  team: 'team',
  /** Set once the key-rename migration has run. */
  migrationCompleted: 'storage_migration_completed',
} as const;

export type StorageName = (typeof KEYS)[keyof typeof KEYS];

/** Unprefixed start of `mode:<member public id>`: a member's test or live mode (lib/mode.ts), one per member. */
export const MODE_KEY_PREFIX = 'mode:';

/**
 * Unprefixed name of the session-storage item with a message the signed-in app leaves for the sign-in page
 * (another page load), e.g. "Session expired!" (storage/notice.ts).
 */
export const SIGN_IN_NOTICE = 'sign_in_notice';

/** Unprefixed name of the access-token cookie. */
export const ACCESS_TOKEN_COOKIE = 'access_token';

export function prefixed(name: string): string {
  return STORAGE_PREFIX + name;
}
