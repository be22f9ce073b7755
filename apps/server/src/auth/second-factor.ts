import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { AUTH_MESSAGES, RECOVERY_CODE_PATTERN, type MfaInitiatedTotp } from '@meridian/contract';
import type { StepUp } from '@meridian/contract/two-factor';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { mfaAttempts, mfaRecoveryCodes, userTotp } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { newId, safeEqual } from '../lib/ids.ts';
import type { SessionAuth } from './guard-types.ts';
import { hashOtp, OTP_TTL_SECONDS } from './otp.ts';
import { decryptPassword, verifyPassword } from './passwords.ts';
import * as limits from './rate-limit.ts';
import { findUserById, type UserWithClient } from './sessions.ts';
import { base32Decode, decryptSecret, hashRecoveryCode, matchStep } from './totp.ts';

// A member's second factor: the checks of an authenticator-app, recovery or SMS step-up code (with their failure
// limit and audit), the sign-in attempt of an app user, and the step-up that a change of the setting needs
// (two-factor.ts).

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

/** The audit fields of a member's own action. */
export const auditOf = (who: UserWithClient, meta: RequestMeta) => ({
  clientRef: who.client.id,
  userRef: who.user.id,
  actor: who.user.email,
  ip: meta.ip,
  requestId: meta.requestId,
});

/** The signed-in member and their client (404 when gone, or of another client). */
export async function signedInUser(db: Db, auth: SessionAuth): Promise<UserWithClient> {
  const who = await findUserById(db, auth.userRef);
  if (!who || who.client.id !== auth.clientRef) throw new AppError(404, 'not_found', 'User not found');
  return who;
}

/** The member's authenticator-app row (secret, pending enrolment, SMS step-up code), or null. */
export async function totpRow(db: Db, userRef: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userRef, userRef)).limit(1);
  return row ?? null;
}

const failureKey = (userRef: number) => `mfa-fail:user:${userRef}`;

/** 429 once a user has had too many wrong second-factor codes in this window. */
export async function guardFailures(deps: AppDeps, userRef: number): Promise<void> {
  const seen = await limits.peek(deps.db, failureKey(userRef));
  if (seen.count >= SECOND_FACTOR_FAILURES_PER_WINDOW)
    throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyRequests, {
      headers: { 'retry-after': String(seen.resetIn) },
    });
}
export const countFailure = (deps: AppDeps, userRef: number) =>
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

/** How many of the member's recovery codes are still unused. */
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
export async function stepUp(
  deps: AppDeps,
  who: UserWithClient,
  input: StepUp,
  meta: RequestMeta,
): Promise<void> {
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
