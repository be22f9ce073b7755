export { authStore, useAuth, createStore, type Store } from './store';
export { authReducer, initialAuthState, type AuthAction } from './reducer';
export {
  login,
  verifyOtp,
  resendOtp,
  logout,
  checkSession,
  isAuthenticated,
  ensureStorageIntegrity,
  refreshAccessToken,
  clearAuth,
  onAuthCleared,
  loginErrorMessage,
} from './actions';
export { encryptPassword, encryptWithPublicKey } from './crypto';
export { requestJson, messageOf, type JsonAnswer } from './http';
export { AUTH_ERRORS, MAX_OTP_RESENDS, OTP_LENGTH, DEFAULT_SESSION_MS } from './messages';
export { safeRedirect, signInHref, pathOf, DEFAULT_REDIRECT } from './redirect';
export { rolesFromScope, sessionUserFrom, restoredSessionUser } from './session-user';
export type { AuthState, SessionUser, LoginPayload, AuthResult, TokenAnswer } from './types';
