import { z } from 'zod';
import { OTP_OR_RECOVERY_CODE } from './messages.ts';
import { MfaPreference } from './user.ts';

// Two-factor sign-in settings (`/configurations/manage-2fa`): the signed-in user's own preference (off, SMS code,
// authenticator app) and, for a client admin, the company-wide requirement.

const encryptedPassword = z
  .string()
  .min(1)
  .max(2048)
  .describe('The current password, RSA-OAEP (SHA-256) encrypted and base64, like sign-in');
const currentCode = z
  .string()
  .regex(OTP_OR_RECOVERY_CODE, 'Enter the 6-digit code or a recovery code')
  .describe(
    'A current second-factor code: the SMS step-up code (sms), or the authenticator-app code or a recovery code (totp)',
  );

/** Password plus, when two-factor is on, a current code. */
export const StepUp = z.object({ encrypted_password: encryptedPassword, code: currentCode.optional() });
export type StepUp = z.infer<typeof StepUp>;

/**
 * Step-up before a money movement from the dashboard (`POST /v2/auth/step-up`): a member with a second factor
 * sends a current `code` (the SMS step-up code, or the authenticator-app code or a recovery code); a member
 * without one sends `encrypted_password`.
 */
export const StepUpTokenRequest = z
  .object({ code: currentCode.optional(), encrypted_password: encryptedPassword.optional() })
  .refine((body) => body.code !== undefined || body.encrypted_password !== undefined, {
    message: 'Send the two-factor code, or the password if you have no second factor',
    path: ['code'],
  });
export type StepUpTokenRequest = z.infer<typeof StepUpTokenRequest>;
/** How long a step-up token confirms money movements of its session (seconds). */
export const STEP_UP_TTL_SECONDS = 300;
/** The header a dashboard session's payout, bulk submission or approval decision carries the token in. */
export const STEP_UP_HEADER = 'x-step-up-token';
/** The error of a 401 that asks for a step-up (not an expired session: the dashboard confirms and retries). */
export const STEP_UP_REQUIRED = 'step_up_required';
export const StepUpTokenResponse = z.object({
  step_up_token: z.string(),
  /** Seconds the token stays valid (300). */
  expires_in: z.number().int(),
});
export type StepUpTokenResponse = z.infer<typeof StepUpTokenResponse>;

export const SmsStepUpRequest = z.object({ encrypted_password: encryptedPassword });
export const SmsStepUpResponse = z.object({
  message: z.string(),
  /** e.g. `+91******0001` */
  phone: z.string(),
  expires_in: z.number().int(),
});

export const TotpEnrolmentResponse = z.object({
  /** Base32 secret, for typing into the app by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code (SVG). */
  qr_svg: z.string(),
  /** The enrolment lapses unless confirmed by then (ISO 8601). */
  expires_at: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof TotpEnrolmentResponse>;

export const TotpConfirmRequest = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** Shown once: only their HMACs are kept. */
export const RecoveryCodesResponse = z.object({
  mfa_preference: MfaPreference,
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const SetMfaPreferenceRequest = StepUp.extend({
  /** Switching to the authenticator app goes through enrolment (`…/totp/enrol` and `…/totp/confirm`). */
  mfa_preference: z.enum(['none', 'sms']),
});

export const TwoFactorStatus = z.object({
  mfa_preference: MfaPreference,
  mfa_required_by_company: z.boolean(),
  /** Whether a phone is on file (needed for SMS codes). */
  has_phone: z.boolean(),
  /** Unused recovery codes left (authenticator-app users; 0 otherwise). */
  recovery_codes_remaining: z.number().int(),
  /** When the authenticator app was enrolled (ISO 8601), else null. */
  totp_enabled_at: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const CompanyMfaRequirement = z.object({ required: z.boolean() });
export const CompanyMfaRequirementResponse = z.object({ required: z.boolean(), message: z.string() });
