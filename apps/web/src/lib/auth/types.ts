import type { MfaInitiated, MfaVerifyResponse, TokenSet } from '@meridian/contract';

/** Derived session user. */
export interface SessionUser {
  /** The client_id. */
  accountNo: string;
  email: string;
  roles: string[];
  /** Expiry time, epoch milliseconds. */
  expiresAt: number;
  /** The company's common name. */
  name: string;
  client_id: string;
}

/** What sign-in sent; kept for resending the code (login session). */
export interface LoginPayload {
  email: string;
  encrypted_password: string;
}

/** Auth state, exactly the fields. */
export interface AuthState {
  user: SessionUser | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  mfaRequired: boolean;
  mfaRequestUrn: string | null;
  originalLoginPayload: LoginPayload | null;
  resendAttempts: number;
  /** Which second factor the pending sign-in asks for: an SMS code, or the authenticator app (no resend). */
  mfaMethod: 'sms' | 'totp' | null;
}

/**
 * A token or verify answer as the client reads it: any of the contract's shapes, or an error body.
 * Every field is optional because the client must cope with partial and failing answers.
 */
export type TokenAnswer = Partial<TokenSet> &
  Partial<Omit<MfaInitiated, 'response_key'>> &
  Partial<Omit<MfaVerifyResponse, 'response_key'>> & {
    response_key?: string;
    response_message?: string;
    message?: string;
  };

/** Result of an auth action, for screens that need to know what happened next. */
export type AuthResult = { ok: true; next: 'authenticated' | 'mfa' } | { ok: false; error: string };
