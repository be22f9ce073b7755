import { and, eq } from 'drizzle-orm';
import type { MfaPreference } from '@meridian/contract';
import type {
  RecoveryCodesResponse,
  StepUp,
  TotpEnrolmentResponse,
  TwoFactorStatus,
} from '@meridian/contract/two-factor';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { clients, mfaRecoveryCodes, users, userTotp } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { newOtp } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import type { SessionAuth } from './guard-types.ts';
import { hashOtp, OTP_MAX_FAILURES, OTP_TTL_SECONDS, otpSmsText } from './otp.ts';
import * as limits from './rate-limit.ts';
import {
  auditOf,
  countFailure,
  guardFailures,
  recoveryCodesRemaining,
  signedInUser,
  stepUp,
  totpRow,
  TWO_FACTOR_MESSAGES,
} from './second-factor.ts';
import type { UserWithClient } from './sessions.ts';
import {
  base32Decode,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  RECOVERY_CODE_COUNT,
} from './totp.ts';

/** An enrolment must be confirmed with a first code within 10 minutes. */
export const TOTP_ENROLMENT_TTL_SECONDS = 600;

async function upsertTotp(db: Db, userRef: number, values: Partial<typeof userTotp.$inferInsert>) {
  await db
    .insert(userTotp)
    .values({ userRef, ...values })
    .onConflictDoUpdate({ target: userTotp.userRef, set: { ...values, updatedAt: new Date() } });
}

/** Texts an SMS user the code that confirms a change of their two-factor setting (needs the password). */
export async function sendStepUpSms(
  deps: AppDeps,
  auth: SessionAuth,
  input: { encrypted_password: string },
  meta: RequestMeta,
): Promise<{ message: string; phone: string; expires_in: number }> {
  const { db, config } = deps;
  const who = await signedInUser(db, auth);
  if (who.user.mfaPreference !== 'sms' || !who.user.phone)
    throw new AppError(409, 'not_sms', TWO_FACTOR_MESSAGES.notSms);
  await limits.enforce(
    db,
    `stepup-sms:user:${who.user.id}`,
    OTP_MAX_FAILURES,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  await stepUp(deps, { ...who, user: { ...who.user, mfaPreference: 'none' } }, input, meta);
  const code = newOtp();
  await upsertTotp(db, who.user.id, {
    stepUpCodeHash: hashOtp(deps.keys.tokenKey, `stepup:${who.user.publicId}`, code),
    stepUpExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
  });
  await deliver(db, deps.sms, 'sms', {
    to: who.user.phone,
    text: otpSmsText(code),
    redacted: otpSmsText('******'),
  });
  await audit(db, { ...auditOf(who, meta), action: 'user.mfa_step_up_code_sent' });
  const phone = who.user.phone;
  return {
    message: TWO_FACTOR_MESSAGES.stepUpSent,
    phone: `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 7))}${phone.slice(-4)}`,
    expires_in: OTP_TTL_SECONDS,
  };
}

export async function twoFactorStatus(db: Db, auth: SessionAuth): Promise<TwoFactorStatus> {
  const who = await signedInUser(db, auth);
  const row = await totpRow(db, who.user.id);
  const pref = who.user.mfaPreference as MfaPreference;
  return {
    mfa_preference: pref,
    mfa_required_by_company: who.client.mfaRequired,
    has_phone: Boolean(who.user.phone),
    recovery_codes_remaining: pref === 'totp' ? await recoveryCodesRemaining(db, who.user.id) : 0,
    totp_enabled_at: pref === 'totp' && row?.enabledAt ? row.enabledAt.toISOString() : null,
  };
}

/** Step 1 of the app's enrolment: a new secret (kept encrypted, pending), its otpauth URI and QR code. */
export async function startTotpEnrolment(
  deps: AppDeps,
  auth: SessionAuth,
  input: StepUp,
  meta: RequestMeta,
  /** The demo seed's documented secret (README); never from a request. */
  fixedSecret?: string,
): Promise<TotpEnrolmentResponse> {
  const { db } = deps;
  const who = await signedInUser(db, auth);
  await stepUp(deps, who, input, meta);
  const secret = fixedSecret ?? newTotpSecret();
  const expiresAt = new Date(Date.now() + TOTP_ENROLMENT_TTL_SECONDS * 1000);
  await upsertTotp(db, who.user.id, {
    pendingSecretEnc: encryptSecret(deps.keys.tokenKey, who.user.publicId, secret),
    pendingExpiresAt: expiresAt,
  });
  const uri = otpauthUri(secret, who.user.email);
  const { default: QRCode } = await import('qrcode'); // loaded by the first QR code, not at start
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await audit(db, { ...auditOf(who, meta), action: 'user.mfa_totp_enrolment_started' });
  return { secret, otpauth_uri: uri, qr_svg: qrSvg, expires_at: expiresAt.toISOString() };
}

async function replaceRecoveryCodes(deps: AppDeps, db: Db, who: UserWithClient): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userRef, who.user.id));
  await db.insert(mfaRecoveryCodes).values(
    codes.map((code) => ({
      userRef: who.user.id,
      codeHash: hashRecoveryCode(deps.keys.tokenKey, who.user.publicId, code),
    })),
  );
  return codes;
}

/**
 * Step 2: the first code from the app proves the secret was taken; the preference becomes `totp` and 10
 * recovery codes are answered, once. The enrolment was stepped up when it started.
 */
export async function confirmTotpEnrolment(
  deps: AppDeps,
  auth: SessionAuth,
  input: { code: string },
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  const { db } = deps;
  const who = await signedInUser(db, auth);
  await guardFailures(deps, who.user.id);
  const row = await totpRow(db, who.user.id);
  if (!row?.pendingSecretEnc || !row.pendingExpiresAt || row.pendingExpiresAt <= new Date())
    throw new AppError(409, 'no_enrolment', TWO_FACTOR_MESSAGES.noEnrolment);
  const secret = decryptSecret(deps.keys.tokenKey, who.user.publicId, row.pendingSecretEnc);
  const step = matchStep(base32Decode(secret), input.code, Date.now());
  if (step === null) {
    await countFailure(deps, who.user.id);
    await audit(db, {
      ...auditOf(who, meta),
      action: 'user.mfa_step_up_failed',
      metadata: { reason: 'enrolment_code' },
    });
    throw new AppError(400, 'code_invalid', TWO_FACTOR_MESSAGES.wrongCode, {
      fields: { code: TWO_FACTOR_MESSAGES.wrongCode },
    });
  }
  const from = who.user.mfaPreference;
  const codes = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(userTotp)
      .set({
        secretEnc: row.pendingSecretEnc,
        lastStep: step,
        enabledAt: new Date(),
        pendingSecretEnc: null,
        pendingExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(userTotp.id, row.id), eq(userTotp.pendingSecretEnc, row.pendingSecretEnc!)))
      .returning({ id: userTotp.id });
    if (!claimed) throw new AppError(409, 'no_enrolment', TWO_FACTOR_MESSAGES.noEnrolment);
    await tx
      .update(users)
      .set({ mfaPreference: 'totp', updatedAt: new Date() })
      .where(eq(users.id, who.user.id));
    const fresh = await replaceRecoveryCodes(deps, tx, who);
    await audit(tx, {
      ...auditOf(who, meta),
      action: 'user.mfa_preference_changed',
      metadata: { from, to: 'totp', recovery_codes: RECOVERY_CODE_COUNT },
    });
    return fresh;
  });
  return { mfa_preference: 'totp', recovery_codes: codes };
}

/** Off or SMS. Switching away from the app deletes its secret and recovery codes. */
export async function setMfaPreference(
  deps: AppDeps,
  auth: SessionAuth,
  input: StepUp & { mfa_preference: 'none' | 'sms' },
  meta: RequestMeta,
): Promise<TwoFactorStatus> {
  const { db } = deps;
  const who = await signedInUser(db, auth);
  const to = input.mfa_preference;
  if (to === 'none' && who.client.mfaRequired)
    throw new AppError(409, 'mfa_required_by_company', TWO_FACTOR_MESSAGES.requiredByCompany);
  if (to === 'sms' && !who.user.phone)
    throw new AppError(400, 'phone_required', TWO_FACTOR_MESSAGES.phoneRequired);
  await stepUp(deps, who, input, meta);
  const from = who.user.mfaPreference;
  if (from !== to)
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ mfaPreference: to, updatedAt: new Date() })
        .where(eq(users.id, who.user.id));
      if (from === 'totp') {
        await tx
          .update(userTotp)
          .set({ secretEnc: null, lastStep: null, enabledAt: null, updatedAt: new Date() })
          .where(eq(userTotp.userRef, who.user.id));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userRef, who.user.id));
      }
      await audit(tx, {
        ...auditOf(who, meta),
        action: 'user.mfa_preference_changed',
        metadata: { from, to },
      });
    });
  return twoFactorStatus(db, auth);
}

/** A new set of 10 recovery codes (the old ones stop working); needs the password and a current code. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  auth: SessionAuth,
  input: StepUp,
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  const { db } = deps;
  const who = await signedInUser(db, auth);
  if (who.user.mfaPreference !== 'totp') throw new AppError(409, 'not_totp', TWO_FACTOR_MESSAGES.notTotp);
  await stepUp(deps, who, input, meta);
  const codes = await db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(deps, tx, who);
    await audit(tx, {
      ...auditOf(who, meta),
      action: 'user.mfa_recovery_codes_regenerated',
      metadata: { recovery_codes: RECOVERY_CODE_COUNT },
    });
    return fresh;
  });
  return { mfa_preference: 'totp', recovery_codes: codes };
}

/** A client admin requires (or stops requiring) two-factor sign-in for every user of the company. */
export async function setCompanyMfaRequirement(
  deps: AppDeps,
  auth: SessionAuth,
  input: { required: boolean },
  meta: RequestMeta,
): Promise<{ required: boolean; message: string }> {
  const { db } = deps;
  const who = await signedInUser(db, auth);
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ mfaRequired: input.required }).where(eq(clients.id, auth.clientRef));
    await audit(tx, {
      ...auditOf(who, meta),
      action: 'company.mfa_requirement_changed',
      target: who.client.clientId,
      metadata: { from: who.client.mfaRequired, to: input.required },
    });
  });
  return {
    required: input.required,
    message: input.required
      ? 'Two-factor sign-in is now required for every user of your company'
      : 'Two-factor sign-in is no longer required for your company',
  };
}
