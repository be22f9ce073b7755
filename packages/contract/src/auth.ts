import { z } from 'zod';

import { OTP_OR_RECOVERY_CODE } from './messages.ts';

export {
  AUTH_MESSAGES,
  MAX_OTP_RESENDS,
  OTP_LENGTH,
  RECOVERY_CODE_PATTERN,
  OTP_OR_RECOVERY_CODE,
} from './messages.ts';

export const PublicKeyResponse = z.object({ public_key: z.string() });

export const UserCredentialsGrant = z.object({
  grant_type: z.literal('user_credentials'),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  encrypted_password: z.string().min(1).max(2048),
});
export const RefreshTokenGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512),
});
export const TokenRequest = z.discriminatedUnion('grant_type', [UserCredentialsGrant, RefreshTokenGrant]);
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenSet = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  id_token: z.string(),
  company_common_name: z.string(),
  email: z.string(),
  client_id: z.string(),
});
export type TokenSet = z.infer<typeof TokenSet>;

export const MfaInitiated = z.object({
  response_key: z.literal('success_initiate_auth_sms'),
  request_urn: z.string(),
  response_message: z.string(),
  /** How many resends were used in this attempt (0 for the first code). */
  resend_count: z.number().int(),
});
export type MfaInitiated = z.infer<typeof MfaInitiated>;

/** An authenticator-app user: no code is sent and there is no resend; verify the app's or a recovery code. */
export const MfaInitiatedTotp = z.object({
  response_key: z.literal('success_initiate_auth_totp'),
  request_urn: z.string(),
  response_message: z.string(),
  resend_count: z.literal(0),
});
export type MfaInitiatedTotp = z.infer<typeof MfaInitiatedTotp>;

export const TokenResponse = z.union([TokenSet, MfaInitiated, MfaInitiatedTotp]);
export type TokenResponse = z.infer<typeof TokenResponse>;

export const MfaVerifyRequest = z.object({
  request_urn: z.string().min(1).max(64),
  /** The 6-digit code (SMS or authenticator app) or, for an authenticator-app sign-in, a recovery code. */
  otp: z.string().regex(OTP_OR_RECOVERY_CODE, 'The code is 6 digits'),
});
export const MfaVerifyResponse = TokenSet.extend({ response_key: z.literal('success_login') });
export type MfaVerifyResponse = z.infer<typeof MfaVerifyResponse>;

export const LogoutRequest = z.object({ refresh_token: z.string().max(512).optional() });

export const ResetLinkRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(256),
  /** RSA-OAEP (SHA-256) encrypted, base64, like sign-in. */
  encrypted_password: z.string().min(1).max(2048),
});
/** Password policy for new passwords (checked after decryption). */
export const PASSWORD_POLICY = {
  minLength: 10,
  message: 'Password must be at least 10 characters and include a letter and a digit',
} as const;

export const MessageResponse = z.object({ message: z.string() });

export const AccessRequest = z.object({
  company_name: z.string().trim().min(2).max(120),
  name: z.string().trim().min(2).max(120),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{10,15}$/, 'Enter a valid phone number'),
  message: z.string().trim().max(1000).optional(),
});
export type AccessRequest = z.infer<typeof AccessRequest>;
export const AccessRequestResponse = z.object({ message: z.string(), request_urn: z.string() });
