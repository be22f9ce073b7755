import type { AuthState, LoginPayload, SessionUser } from './types';

export const initialAuthState: AuthState = {
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
};

export type AuthAction =
  | { type: 'request/start' }
  | { type: 'request/failed'; error: string }
  | { type: 'login/succeeded'; user: SessionUser; accessToken: string }
  | { type: 'login/mfaRequired'; requestUrn: string; payload: LoginPayload; method?: 'sms' | 'totp' }
  | { type: 'otp/resent'; requestUrn: string }
  | { type: 'otp/resendLimit'; error: string }
  | { type: 'session/restored'; user: SessionUser; accessToken: string }
  | { type: 'token/refreshed'; accessToken: string }
  | { type: 'error/cleared' }
  | { type: 'reset' };

const noOtp = {
  mfaRequired: false,
  mfaRequestUrn: null,
  originalLoginPayload: null,
  resendAttempts: 0,
  mfaMethod: null,
} as const;

/** Every transition, as a pure function. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'request/start':
      return { ...state, loading: true, error: null };
    case 'request/failed':
      return { ...state, loading: false, error: action.error };
    case 'login/succeeded':
    case 'session/restored':
      return {
        ...state,
        ...noOtp,
        user: action.user,
        accessToken: action.accessToken,
        isAuthenticated: true,
        loading: false,
        error: null,
      };
    case 'login/mfaRequired':
      return {
        ...state,
        user: null,
        accessToken: null,
        isAuthenticated: false,
        loading: false,
        error: null,
        mfaRequired: true,
        mfaRequestUrn: action.requestUrn,
        originalLoginPayload: action.payload,
        resendAttempts: 0,
        mfaMethod: action.method ?? 'sms',
      };
    case 'otp/resent':
      return {
        ...state,
        loading: false,
        error: null,
        mfaRequestUrn: action.requestUrn,
        resendAttempts: state.resendAttempts + 1,
      };
    case 'otp/resendLimit':
      return { ...state, ...noOtp, loading: false, error: action.error };
    case 'token/refreshed':
      return { ...state, accessToken: action.accessToken };
    case 'error/cleared':
      return { ...state, error: null };
    case 'reset':
      return initialAuthState;
  }
}
