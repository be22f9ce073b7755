import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState } from './reducer';
import type { AuthState, SessionUser } from './types';

const user: SessionUser = {
  accountNo: 'CID1',
  email: 'a@b.test',
  roles: ['admin'],
  expiresAt: 1,
  name: 'Acme',
  client_id: 'CID1',
};
const payload = { email: 'a@b.test', encrypted_password: 'ENC' };
const mfaState: AuthState = {
  ...initialAuthState,
  mfaRequired: true,
  mfaRequestUrn: 'MFA1',
  originalLoginPayload: payload,
  resendAttempts: 2,
};

describe('authReducer', () => {
  it('starts signed out, idle, without one-time-code state', () => {
    expect(initialAuthState).toEqual({
      user: null,
      accessToken: null,
      isAuthenticated: false,
      loading: false,
      error: null,
      mfaRequired: false,
      mfaRequestUrn: null,
      originalLoginPayload: null,
      resendAttempts: 0,
      mfaMethod: null,
    });
  });

  it('login pending: loading on, error cleared, the rest kept', () => {
    const next = authReducer({ ...mfaState, error: 'old' }, { type: 'request/start' });
    expect(next).toEqual({ ...mfaState, loading: true, error: null });
  });

  it('a failure stops loading and keeps the message', () => {
    const next = authReducer(
      { ...mfaState, loading: true },
      { type: 'request/failed', error: 'Login failed' },
    );
    expect(next).toEqual({ ...mfaState, loading: false, error: 'Login failed' });
  });

  it('login success authenticates and clears all one-time-code state', () => {
    const next = authReducer(
      { ...mfaState, loading: true },
      { type: 'login/succeeded', user, accessToken: 'AT' },
    );
    expect(next).toEqual({ ...initialAuthState, user, accessToken: 'AT', isAuthenticated: true });
  });

  it('an SMS code request keeps urn and payload, resets the counter, not authenticated', () => {
    const start = { ...initialAuthState, loading: true, resendAttempts: 3 };
    const next = authReducer(start, { type: 'login/mfaRequired', requestUrn: 'MFA9', payload });
    expect(next).toEqual({
      ...initialAuthState,
      mfaRequired: true,
      mfaRequestUrn: 'MFA9',
      originalLoginPayload: payload,
      resendAttempts: 0,
      mfaMethod: 'sms',
    });
  });

  it('an authenticator-app request keeps the urn and marks the method totp; success clears it', () => {
    const next = authReducer(initialAuthState, {
      type: 'login/mfaRequired',
      requestUrn: 'MFA7',
      payload,
      method: 'totp',
    });
    expect(next).toMatchObject({ mfaRequired: true, mfaRequestUrn: 'MFA7', mfaMethod: 'totp' });
    const done = authReducer(next, { type: 'login/succeeded', user, accessToken: 'AT' });
    expect(done).toMatchObject({ mfaRequired: false, mfaMethod: null, mfaRequestUrn: null });
  });

  it('resend success replaces the urn and counts up by one', () => {
    const next = authReducer({ ...mfaState, loading: true }, { type: 'otp/resent', requestUrn: 'MFA2' });
    expect(next).toEqual({ ...mfaState, mfaRequestUrn: 'MFA2', resendAttempts: 3 });
  });

  it('the maximum-attempts answer clears one-time-code state and the counter', () => {
    const next = authReducer({ ...mfaState, loading: true }, { type: 'otp/resendLimit', error: 'max' });
    expect(next).toEqual({ ...initialAuthState, error: 'max' });
  });

  it('a restored session authenticates with the given user and token', () => {
    const next = authReducer(initialAuthState, { type: 'session/restored', user, accessToken: 'AT' });
    expect(next).toMatchObject({ isAuthenticated: true, user, accessToken: 'AT', mfaRequired: false });
  });

  it('a refreshed token replaces only the access token', () => {
    const signedIn = { ...initialAuthState, user, accessToken: 'OLD', isAuthenticated: true };
    expect(authReducer(signedIn, { type: 'token/refreshed', accessToken: 'NEW' })).toEqual({
      ...signedIn,
      accessToken: 'NEW',
    });
  });

  it('clears an error', () => {
    expect(authReducer({ ...mfaState, error: 'x' }, { type: 'error/cleared' })).toEqual(mfaState);
  });

  it('logout/reset returns the initial state', () => {
    const signedIn = { ...initialAuthState, user, accessToken: 'AT', isAuthenticated: true };
    expect(authReducer(signedIn, { type: 'reset' })).toBe(initialAuthState);
  });

  it('is pure: the previous state is not mutated', () => {
    const before = structuredClone(mfaState);
    authReducer(mfaState, { type: 'otp/resent', requestUrn: 'X' });
    expect(mfaState).toEqual(before);
  });
});
