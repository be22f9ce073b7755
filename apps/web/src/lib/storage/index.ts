export {
  STORAGE_PREFIX,
  KEYS,
  ACCESS_TOKEN_COOKIE,
  MODE_KEY_PREFIX,
  prefixed,
  type StorageName,
} from './keys';
export { getItem, setItem, removeItem } from './local';
export { readCookie, writeCookie, deleteCookie, clearLocalCookies, cookieAttributes } from './cookies';
export {
  getAccessToken,
  setAccessToken,
  getRefreshToken,
  setRefreshToken,
  getStoredUser,
  isLoggedInFlagSet,
  saveSession,
  clearSession,
  checkStorageIntegrity,
  clearAllStorage,
  type StoredUser,
  type StoredSession,
} from './session';
export { setSignInNotice, takeSignInNotice } from './notice';
export { runStorageMigrations, migrateLegacyTokens, migrateLegacyKeys, LEGACY_KEYS } from './migrations';
export { THEMES, FONTS, TEAMS, type Theme, type Font, type Team } from './preferences';
