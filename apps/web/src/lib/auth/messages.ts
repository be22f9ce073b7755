import { AUTH_MESSAGES } from '@meridian/contract/messages';

/** Texts and limits; the ones the server also sends come from the shared contract. */
export { MAX_OTP_RESENDS, OTP_LENGTH } from '@meridian/contract/messages';
/** Session lifetime when none is known (restored session, verify answer without expires_in): 1 hour. */
export const DEFAULT_SESSION_MS = 3_600_000;

export const AUTH_ERRORS = {
  loginFailed: 'Login failed',
  unknown: 'Unknown error occurred',
  otpVerifyFailed: 'OTP verification failed',
  otpInvalid: AUTH_MESSAGES.otpInvalid,
  resendFailed: 'Failed to resend OTP',
  maxResends: AUTH_MESSAGES.maxResends,
  noLoginSession: AUTH_MESSAGES.noLoginSession,
  storageCleared: 'Authentication storage cleared - please login again',
} as const;
