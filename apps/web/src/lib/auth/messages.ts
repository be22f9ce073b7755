/**
 * Texts and limits of spec §5, §8 and §9. They mirror AUTH_MESSAGES / MAX_OTP_RESENDS of @meridian/contract
 * (a unit test keeps them equal) but are defined here so that the sign-in bundle does not load zod.
 */
export const MAX_OTP_RESENDS = 3;
export const OTP_LENGTH = 6;
/** Session lifetime when none is known (restored session, verify answer without expires_in): 1 hour. */
export const DEFAULT_SESSION_MS = 3_600_000;

export const AUTH_ERRORS = {
  loginFailed: 'Login failed',
  unknown: 'Unknown error occurred',
  otpVerifyFailed: 'OTP verification failed',
  otpInvalid: 'Invalid OTP or verification failed',
  resendFailed: 'Failed to resend OTP',
  maxResends: 'Maximum resend attempts reached. Please login again.',
  noLoginSession: 'No login session found. Please login again.',
  storageCleared: 'Authentication storage cleared - please login again',
} as const;
