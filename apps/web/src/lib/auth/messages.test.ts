import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, MAX_OTP_RESENDS, OTP_LENGTH } from './messages';

describe('auth texts and limits', () => {
  it('limits of spec §9', () => {
    expect(MAX_OTP_RESENDS).toBe(3);
    expect(OTP_LENGTH).toBe(6);
  });

  it('spec §5 and §8 texts, word for word', () => {
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
