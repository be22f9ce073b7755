import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, MAX_OTP_RESENDS, OTP_LENGTH } from './messages';

describe('auth texts and limits', () => {
  it('at most 3 resends of a 6-digit code', () => {
    expect(MAX_OTP_RESENDS).toBe(3);
    expect(OTP_LENGTH).toBe(6);
  });

  it('sign-in and error texts, word for word', () => {
    expect(AUTH_ERRORS).toEqual({
      loginFailed: 'Login failed',
      unknown: 'Unknown error occurred',
      otpVerifyFailed: 'OTP verification failed',
      otpInvalid: 'Invalid OTP or verification failed',
      resendFailed: 'Failed to resend OTP',
      maxResends: 'Maximum resend attempts reached. Please login again.',
      noLoginSession: 'No login session found. Please login again.',
      storageCleared: 'Authentication storage cleared - please login again',
    });
  });
});
