import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_PATTERN,
  type MfaInitiatedTotp,
  type MfaPreference,
} from '@meridian/contract';
import type {
  RecoveryCodesResponse,
  StepUp,
  TotpEnrolmentResponse,
  TwoFactorStatus,
} from '@meridian/contract/two-factor';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { clients, mfaAttempts, mfaRecoveryCodes, users, userTotp } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { newId, newOtp, safeEqual } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import type { SessionAuth } from './guard-types.ts';
import { hashOtp, OTP_MAX_FAILURES, OTP_TTL_SECONDS, otpSmsText } from './otp.ts';
import { decryptPassword, verifyPassword } from './passwords.ts';
import * as limits from './rate-limit.ts';
import { findUserById, type UserWithClient } from './sessions.ts';
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
/** Wrong codes (sign-in with the app, step-up) per user per rate-limit window before 429. */
export const SECOND_FACTOR_FAILURES_PER_WINDOW = 10;

export const TWO_FACTOR_MESSAGES = {
  wrongPassword: 'Incorrect password',
  codeRequired: 'Enter a current two-factor code',
  wrongCode: 'Incorrect or already used code',
  noEnrolment: 'Start the authenticator app enrolment again: it has expired or was not started',
  requiredByCompany: 'Your company requires two-factor sign-in: choose SMS or an authenticator app',
  phoneRequired: 'Add a phone number to your profile to receive SMS codes',
  notSms: 'SMS codes are not your two-factor method',
  notTotp: 'Recovery codes belong to the authenticator app: enrol it first',
  adminOnly: 'Only a client admin can change the company-wide two-factor requirement',
  stepUpSent: 'A code was sent to your registered mobile number',
} as const;

const auditOf = (who: UserWithClient, meta: RequestMeta) => ({
  clientRef: who.client.id,
  userRef: who.user.id,
  actor: who.user.email,
  ip: meta.ip,
  requestId: meta.requestId,
});

async function signedInUser(db: Db, auth: SessionAuth): Promise<UserWithClient> {
  const who = await findUserById(db, auth.userRef);
  if (!who || who.client.id !== auth.clientRef) throw new AppError(404, 'not_found', 'User not found');
  return who;
}

async function totpRow(db: Db, userRef: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userRef, userRef)).limit(1);
  return row ?? null;
}

const failureKey = (userRef: number) => `mfa-fail:user:${userRef}`;

/** 429 once a user has had too many wrong second-factor codes in this window. */
async function guardFailures(deps: AppDeps, userRef: number): Promise<void> {
  const seen = await limits.peek(deps.db, failureKey(userRef));
  if (seen.count >= SECOND_FACTOR_FAILURES_PER_WINDOW)
    throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyRequests, {
      headers: { 'retry-after': String(seen.resetIn) },
    });
}
const countFailure = (deps: AppDeps, userRef: number) =>
  limits.hit(deps.db, failureKey(userRef), deps.config.RATE_LIMIT_WINDOW_SECONDS);

/**
 * Checks an authenticator-app code (±1 step, each step accepted once: the step is claimed by one guarded
 * UPDATE, so a replay, even a concurrent one, is refused) or a recovery code (single use, claimed the same
 * way). Answers what matched, or null.
 */
export async function checkTotpOrRecovery(
  deps: AppDeps,
  who: UserWithClient,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery_code' | null> {
  const { db } = deps;
  if (/^\d{6}$/.test(code)) {
    const row = await totpRow(db, who.user.id);
    if (!row?.secretEnc) return null;
    const secret = base32Decode(decryptSecret(deps.keys.tokenKey, who.user.publicId, row.secretEnc));
    const step = matchStep(secret, code, now);
    if (step === null) return null;
    const [claimed] = await db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.id, row.id), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
      .returning({ id: userTotp.id });
    return claimed ? 'totp' : null;
  }
  if (RECOVERY_CODE_PATTERN.test(code)) {
    const [used] = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(mfaRecoveryCodes.userRef, who.user.id),
          eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(deps.keys.tokenKey, who.user.publicId, code)),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return used ? 'recovery_code' : null;
  }
  return null;
}

export async function recoveryCodesRemaining(db: Db, userRef: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userRef, userRef), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Sign-in of an authenticator-app user: an attempt of kind `totp` (nothing is sent, no resend). Signing in
 * again while it is open answers the same urn, so its failure count carries on.
 */
export async function startTotpAttempt(
  deps: AppDeps,
  who: UserWithClient,
  meta: RequestMeta,
  retried = false,
): Promise<MfaInitiatedTotp> {
  const { db } = deps;
  const now = new Date();
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'expired' })
    .where(
      and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt), lt(mfaAttempts.expiresAt, now)),
    );
  const answer = (requestUrn: string): MfaInitiatedTotp => ({
    response_key: 'success_initiate_auth_totp',
    request_urn: requestUrn,
    response_message: AUTH_MESSAGES.totpPrompt,
    resend_count: 0,
  });
  const [open] = await db
    .select()
    .from(mfaAttempts)
    .where(and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt)))
    .limit(1);
  if (open?.kind === 'totp') return answer(open.requestUrn);
  // An SMS attempt left open from before the user switched to the app: it ends here.
  if (open)
    await db
      .update(mfaAttempts)
      .set({ closedAt: now, closedReason: 'superseded' })
      .where(and(eq(mfaAttempts.id, open.id), isNull(mfaAttempts.closedAt)));
  const requestUrn = newId('MFA');
  const inserted = await db
    .insert(mfaAttempts)
    .values({
      requestUrn,
      userRef: who.user.id,
      kind: 'totp',
      codeHash: null,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      ip: meta.ip,
    })
    .onConflictDoNothing()
    .returning({ id: mfaAttempts.id });
  if (!inserted.length) {
    if (retried) throw new AppError(409, 'conflict', 'Another sign-in is in progress. Please try again.');
    return startTotpAttempt(deps, who, meta, true);
  }
  await audit(db, {
    ...auditOf(who, meta),
    action: 'auth.mfa_initiated',
    target: requestUrn,
    metadata: { method: 'totp' },
  });
  return answer(requestUrn);
}

/**
 * The step-up every change of the two-factor setting needs: the password and, while a second factor is on, a
 * current code (SMS: the step-up code texted by `sendStepUpSms`; app: its code or a recovery code). Wrong
 * passwords and codes count towards the user's second-factor failures (429 after 10 per window). Answers 400
 * (never 401: that would sign the dashboard out).
 */
async function stepUp(deps: AppDeps, who: UserWithClient, input: StepUp, meta: RequestMeta): Promise<void> {
  const { db } = deps;
  await guardFailures(deps, who.user.id);
  const password = decryptPassword(deps.keys.passwordKey, input.encrypted_password);
  if (password === null || !(await verifyPassword(password, who.user.passwordHash))) {
    await countFailure(deps, who.user.id);
    await audit(db, {
      ...auditOf(who, meta),
      action: 'user.mfa_step_up_failed',
      metadata: { reason: 'password' },
    });
    throw new AppError(400, 'step_up_failed', TWO_FACTOR_MESSAGES.wrongPassword, {
      fields: { encrypted_password: TWO_FACTOR_MESSAGES.wrongPassword },
    });
  }
  const pref = who.user.mfaPreference;
  if (pref !== 'sms' && pref !== 'totp') return;
  await checkCode(deps, who, input.code, meta, 'two_factor_change');
}

/**
 * A current second-factor code of an SMS user (the step-up code texted by `sendStepUpSms`, single use) or an
 * authenticator-app user (its code or a recovery code). A missing code is a 400 `code_required`; a wrong one a
 * 400 `code_invalid`, counted towards the user's second-factor failures and audited with its purpose.
 */
async function checkCode(
  deps: AppDeps,
  who: UserWithClient,
  code: string | undefined,
  meta: RequestMeta,
  purpose: string,
): Promise<void> {
  const { db } = deps;
  const pref = who.user.mfaPreference;
  if (!code)
    throw new AppError(400, 'code_required', TWO_FACTOR_MESSAGES.codeRequired, {
      fields: { code: TWO_FACTOR_MESSAGES.codeRequired },
    });
  let ok = false;
  if (pref === 'totp') ok = (await checkTotpOrRecovery(deps, who, code)) !== null;
  else if (pref === 'sms') {
    const row = await totpRow(db, who.user.id);
    if (row?.stepUpCodeHash && row.stepUpExpiresAt && row.stepUpExpiresAt > new Date()) {
      const hash = hashOtp(deps.keys.tokenKey, `stepup:${who.user.publicId}`, code);
      if (safeEqual(hash, row.stepUpCodeHash)) {
        // Single use: only one request clears it.
        const [used] = await db
          .update(userTotp)
          .set({ stepUpCodeHash: null, stepUpExpiresAt: null })
          .where(and(eq(userTotp.id, row.id), eq(userTotp.stepUpCodeHash, row.stepUpCodeHash)))
          .returning({ id: userTotp.id });
        ok = Boolean(used);
      }
    }
  }
  if (!ok) {
    await countFailure(deps, who.user.id);
    await audit(db, {
      ...auditOf(who, meta),
      action: 'user.mfa_step_up_failed',
      metadata: { reason: 'code', purpose },
    });
    throw new AppError(400, 'code_invalid', TWO_FACTOR_MESSAGES.wrongCode, {
      fields: { code: TWO_FACTOR_MESSAGES.wrongCode },
    });
  }
}

/**
 * The second factor of a signed-in member with one (SMS or authenticator app), for a step-up other than a
 * change of the two-factor setting (a money movement): the same checks, limits and audit as `stepUp`'s code.
 */
export async function verifySecondFactorCode(
  deps: AppDeps,
  who: UserWithClient,
  code: string | undefined,
  meta: RequestMeta,
  purpose: string,
): Promise<void> {
  await guardFailures(deps, who.user.id);
  await checkCode(deps, who, code, meta, purpose);
}

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
