import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  MAX_OTP_RESENDS as CONTRACT_MAX,
  OTP_LENGTH as CONTRACT_OTP_LENGTH,
} from '@meridian/contract';
import { AUTH_ERRORS, MAX_OTP_RESENDS, OTP_LENGTH } from './messages';

// The web app keeps its own copies (no zod on the sign-in bundle); they must not drift from the contract.
describe('auth texts mirror the contract', () => {
  it('limits', () => {
    expect(MAX_OTP_RESENDS).toBe(CONTRACT_MAX);
    expect(OTP_LENGTH).toBe(CONTRACT_OTP_LENGTH);
  });

  it('messages the server also sends', () => {
    expect(AUTH_ERRORS.maxResends).toBe(AUTH_MESSAGES.maxResends);
    expect(AUTH_ERRORS.noLoginSession).toBe(AUTH_MESSAGES.noLoginSession);
    expect(AUTH_ERRORS.otpInvalid).toBe(AUTH_MESSAGES.otpInvalid);
  });

  it('spec §8 texts', () => {
    expect(AUTH_ERRORS).toMatchObject({
      loginFailed: 'Login failed',
      unknown: 'Unknown error occurred',
      otpVerifyFailed: 'OTP verification failed',
      resendFailed: 'Failed to resend OTP',
      storageCleared: 'Authentication storage cleared - please login again',
    });
  });
});
