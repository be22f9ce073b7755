// Plain constants without zod, so that the web app's first bundle can import them.

/** At most 3 resends of the one-time code per sign-in attempt. */
export const MAX_OTP_RESENDS = 3;
export const OTP_LENGTH = 6;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  maxResends: 'Maximum resend attempts reached. Please login again.',
  noLoginSession: 'No login session found. Please login again.',
  otpInvalid: 'Invalid OTP or verification failed',
  otpExpired: 'OTP expired. Please login again.',
  otpTooManyAttempts: 'Too many incorrect attempts. Please login again.',
  otpSent: 'OTP sent to your registered mobile number',
  totpPrompt: 'Enter the 6-digit code from your authenticator app',
  tooManyRequests: 'Too many requests. Please try again later.',
  sessionRevoked: 'Session expired. Please login again.',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please sign in.',
} as const;

/** A recovery code of an authenticator-app user: 10 base32 characters, shown as `abcde-fghij`. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/;
/** What `/v2/mfa/verify` and the step-up fields take: a 6-digit code or a recovery code. */
export const OTP_OR_RECOVERY_CODE = /^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/;
