import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  MAX_OTP_RESENDS,
  type MfaInitiated,
  type MfaInitiatedTotp,
  type MfaVerifyResponse,
  type TokenSet,
} from '@meridian/contract';
import { TEAM_MESSAGES } from '@meridian/contract/team';
import { audit } from '../audit/audit.ts';
import { authSessions, mfaAttempts, refreshTokens } from '../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../http/errors.ts';
import { newId, newOtp, safeEqual, sha256 } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import type { Db } from '../db/database.ts';
import { hashOtp, OTP_MAX_FAILURES, OTP_TTL_SECONDS, otpSmsText } from './otp.ts';
import { decryptPassword, getDummyHash, verifyPassword } from './passwords.ts';
import * as limits from './rate-limit.ts';
import {
  auditOf,
  checkTotpOrRecovery,
  countFailure,
  guardFailures,
  recoveryCodesRemaining,
  startTotpAttempt,
} from './second-factor.ts';
import {
  continueSession,
  findUserById,
  findUserByEmail,
  revokeSession,
  startSession,
  type UserWithClient,
} from './sessions.ts';

const DECRYPT_FAILED =
  'encrypted_password could not be decrypted: encrypt the password with the key from /v2/auth/public-key (RSA-OAEP, SHA-256, base64)';

export function decryptOrThrow(deps: AppDeps, encrypted: string): string {
  const password = decryptPassword(deps.keys.passwordKey, encrypted);
  if (password === null) throw badRequest(DECRYPT_FAILED, { encrypted_password: 'cannot be decrypted' });
  return password;
}

/**
 * `grant_type: user_credentials`. Answers tokens, or for an SMS-MFA user starts (or, while an attempt is open,
 * re-sends) a one-time code. The same failure message for an unknown e-mail and a wrong password.
 */
export async function passwordGrant(
  deps: AppDeps,
  input: { email: string; encrypted_password: string },
  meta: RequestMeta,
): Promise<TokenSet | MfaInitiated | MfaInitiatedTotp> {
  const { db, config } = deps;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  await limits.enforce(db, `signin:ip:${meta.ip}`, config.RATE_LIMIT_SIGNIN_PER_IP, window);
  await limits.enforce(db, `signin:acct:${input.email}`, config.RATE_LIMIT_SIGNIN_PER_ACCOUNT, window);
  const accountKey = `signin-fail:acct:${input.email}`;
  const failures = await limits.peek(db, accountKey);
  if (failures.count >= config.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT)
    throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyRequests, {
      headers: { 'retry-after': String(failures.resetIn) },
    });

  const password = decryptOrThrow(deps, input.encrypted_password);
  const who = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(password, who?.user.passwordHash ?? (await getDummyHash()));
  if (!who || !ok) {
    await limits.hit(db, accountKey, window);
    await audit(db, {
      action: 'auth.sign_in_failed',
      clientRef: who?.client.id,
      userRef: who?.user.id,
      actor: input.email,
      ip: meta.ip,
      requestId: meta.requestId,
      metadata: { reason: who ? 'wrong_password' : 'unknown_email' },
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  await limits.reset(db, accountKey);
  // A deactivated member is told so, but only once the password is right (it reveals nothing to a guesser).
  if (who.user.status !== 'active') {
    await audit(db, {
      ...auditOf(who, meta),
      action: 'auth.sign_in_refused',
      metadata: { reason: 'deactivated' },
    });
    throw new AppError(403, 'account_deactivated', TEAM_MESSAGES.deactivated);
  }

  if (who.user.mfaPreference === 'totp') return startTotpAttempt(deps, who, meta);
  if (who.user.mfaPreference === 'sms' && who.user.phone)
    return startOrResendOtp(deps, who, who.user.phone, meta);
  // The company requires two-factor and this user chose none: an SMS code when a phone is on file; otherwise
  // the sign-in succeeds and the dashboard keeps the user on /configurations/manage-2fa until they enrol.
  if (who.client.mfaRequired && who.user.phone) return startOrResendOtp(deps, who, who.user.phone, meta);

  const tokens = await startSession(deps, who, meta);
  await audit(db, { ...auditOf(who, meta), action: 'auth.sign_in', metadata: { mfa: false } });
  return tokens;
}

type MfaAttempt = typeof mfaAttempts.$inferSelect;
/** A new code's urn, hash and expiry. */
type FreshCode = { requestUrn: string; codeHash: string; expiresAt: Date };

/** Texts a sign-in code: a resend of the user's open attempt (at most 3), or a new attempt. */
async function startOrResendOtp(
  deps: AppDeps,
  who: UserWithClient,
  phone: string,
  meta: RequestMeta,
  retried = false,
): Promise<MfaInitiated> {
  const now = new Date();
  await closeStaleAttempts(deps.db, who.user.id, now);
  const code = newOtp();
  const requestUrn = newId('MFA');
  const fresh: FreshCode = {
    requestUrn,
    codeHash: hashOtp(deps.keys.tokenKey, requestUrn, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  };
  const resendCount = await resendOpenAttempt(deps, who, fresh, meta, now);
  if (resendCount === null && !(await openSmsAttempt(deps, who, fresh, meta, now))) {
    // A concurrent sign-in opened an attempt first: this request becomes a resend of it.
    if (retried) throw new AppError(409, 'conflict', 'Another sign-in is in progress. Please try again.');
    return startOrResendOtp(deps, who, phone, meta, true);
  }
  await deliver(deps.db, deps.sms, 'sms', {
    to: phone,
    text: otpSmsText(code),
    redacted: otpSmsText('******'),
  });
  return {
    response_key: 'success_initiate_auth_sms',
    request_urn: requestUrn,
    response_message: AUTH_MESSAGES.otpSent,
    resend_count: resendCount ?? 0,
  };
}

/** Ends the user's attempts that cannot go on before an SMS code is sent. */
async function closeStaleAttempts(db: Db, userRef: number, now: Date): Promise<void> {
  // An authenticator-app attempt left open from before the user switched to SMS ends here.
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'superseded' })
    .where(and(eq(mfaAttempts.userRef, userRef), isNull(mfaAttempts.closedAt), ne(mfaAttempts.kind, 'sms')));
  // An attempt whose code expired is over: close it so a new one starts.
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'expired' })
    .where(
      and(eq(mfaAttempts.userRef, userRef), isNull(mfaAttempts.closedAt), lt(mfaAttempts.expiresAt, now)),
    );
}

/**
 * A resend: one atomic step replaces urn and code while fewer than 3 resends were used. The resends so far, or
 * null when there was no attempt to resend.
 */
async function resendOpenAttempt(
  deps: AppDeps,
  who: UserWithClient,
  fresh: FreshCode,
  meta: RequestMeta,
  now: Date,
): Promise<number | null> {
  const [resent] = await deps.db
    .update(mfaAttempts)
    .set({ ...fresh, resendCount: sql`${mfaAttempts.resendCount} + 1` })
    .where(
      and(
        eq(mfaAttempts.userRef, who.user.id),
        isNull(mfaAttempts.closedAt),
        gt(mfaAttempts.expiresAt, now),
        lt(mfaAttempts.resendCount, MAX_OTP_RESENDS),
      ),
    )
    .returning({ resendCount: mfaAttempts.resendCount });
  if (!resent) return null;
  await audit(deps.db, {
    ...auditOf(who, meta),
    action: 'auth.mfa_resent',
    target: fresh.requestUrn,
    metadata: { resend_count: resent.resendCount },
  });
  return resent.resendCount;
}

/**
 * No attempt to resend: one still open has used up its resends (closed here: 429, the next sign-in starts
 * afresh), else a new attempt opens. False when a concurrent sign-in opened one first.
 */
async function openSmsAttempt(
  deps: AppDeps,
  who: UserWithClient,
  fresh: FreshCode,
  meta: RequestMeta,
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  const [exhausted] = await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'max_resends' })
    .where(and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt)))
    .returning({ requestUrn: mfaAttempts.requestUrn });
  if (exhausted) {
    await audit(db, { ...auditOf(who, meta), action: 'auth.mfa_max_resends', target: exhausted.requestUrn });
    throw new AppError(429, 'max_resends', AUTH_MESSAGES.maxResends);
  }
  const inserted = await db
    .insert(mfaAttempts)
    .values({ ...fresh, userRef: who.user.id, ip: meta.ip })
    .onConflictDoNothing()
    .returning({ id: mfaAttempts.id });
  if (!inserted.length) return false;
  await audit(db, { ...auditOf(who, meta), action: 'auth.mfa_initiated', target: fresh.requestUrn });
  return true;
}

/** `POST /v2/mfa/verify`: a right code (single use, within 10 minutes, < 5 failures) opens a session. */
export async function verifyOtp(
  deps: AppDeps,
  input: { request_urn: string; otp: string },
  meta: RequestMeta,
): Promise<MfaVerifyResponse> {
  const { db } = deps;
  const { attempt, who, now } = await openAttemptOf(deps, input.request_urn, meta);
  const method = await matchCode(deps, attempt, who, input.otp, now);
  if (!method) return refuseCode(deps, attempt, who, meta, now);

  // Single use: only one request can close the attempt.
  const [closed] = await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'verified' })
    .where(and(eq(mfaAttempts.id, attempt.id), isNull(mfaAttempts.closedAt)))
    .returning({ id: mfaAttempts.id });
  if (!closed) throw new AppError(400, 'invalid_request_urn', AUTH_MESSAGES.otpInvalid);
  const tokens = await startSession(deps, who, meta);
  await audit(db, {
    ...auditOf(who, meta),
    action: 'auth.sign_in',
    target: attempt.requestUrn,
    metadata: { mfa: true, method },
  });
  if (method === 'recovery_code')
    await audit(db, {
      ...auditOf(who, meta),
      action: 'auth.mfa_recovery_code_used',
      target: attempt.requestUrn,
      metadata: { remaining: await recoveryCodesRemaining(db, who.user.id) },
    });
  return { response_key: 'success_login', ...tokens };
}

/**
 * The open attempt of a `request_urn` and its user, behind the per-IP limit: 400 when unknown or closed, 403
 * for a deactivated member, 400 (and closed) when its code has expired.
 */
async function openAttemptOf(
  deps: AppDeps,
  requestUrn: string,
  meta: RequestMeta,
): Promise<{ attempt: MfaAttempt; who: UserWithClient; now: Date }> {
  const { db, config } = deps;
  await limits.enforce(
    db,
    `verify:ip:${meta.ip}`,
    config.RATE_LIMIT_VERIFY_PER_IP,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  const [attempt] = await db
    .select()
    .from(mfaAttempts)
    .where(eq(mfaAttempts.requestUrn, requestUrn))
    .limit(1);
  if (!attempt || attempt.closedAt) throw new AppError(400, 'invalid_request_urn', AUTH_MESSAGES.otpInvalid);
  const who = await findUserById(db, attempt.userRef);
  if (!who) throw new AppError(400, 'invalid_request_urn', AUTH_MESSAGES.otpInvalid);
  if (who.user.status !== 'active') throw new AppError(403, 'account_deactivated', TEAM_MESSAGES.deactivated);
  const now = new Date();
  if (attempt.expiresAt <= now) {
    await db
      .update(mfaAttempts)
      .set({ closedAt: now, closedReason: 'expired' })
      .where(eq(mfaAttempts.id, attempt.id));
    throw new AppError(400, 'otp_expired', AUTH_MESSAGES.otpExpired);
  }
  return { attempt, who, now };
}

/**
 * What the code matched: an SMS attempt takes the texted code; an authenticator-app attempt the app's code or a
 * recovery code (behind the user's second-factor failure limit, a wrong one counted there). Null for none.
 */
async function matchCode(
  deps: AppDeps,
  attempt: MfaAttempt,
  who: UserWithClient,
  code: string,
  now: Date,
): Promise<'sms' | 'totp' | 'recovery_code' | null> {
  if (attempt.kind === 'totp') {
    await guardFailures(deps, who.user.id);
    const method = await checkTotpOrRecovery(deps, who, code, now.getTime());
    if (!method) await countFailure(deps, who.user.id);
    return method;
  }
  const hash = hashOtp(deps.keys.tokenKey, attempt.requestUrn, code);
  return attempt.codeHash !== null && safeEqual(hash, attempt.codeHash) ? 'sms' : null;
}

/** A wrong code: counted on the attempt and audited; the 5th closes the attempt (429), else a 400 with the tries left. */
async function refuseCode(
  deps: AppDeps,
  attempt: MfaAttempt,
  who: UserWithClient,
  meta: RequestMeta,
  now: Date,
): Promise<never> {
  const { db } = deps;
  const [after] = await db
    .update(mfaAttempts)
    .set({ failedAttempts: sql`${mfaAttempts.failedAttempts} + 1` })
    .where(and(eq(mfaAttempts.id, attempt.id), isNull(mfaAttempts.closedAt)))
    .returning({ failedAttempts: mfaAttempts.failedAttempts });
  const failed = after?.failedAttempts ?? OTP_MAX_FAILURES;
  await audit(db, {
    ...auditOf(who, meta),
    action: 'auth.mfa_failed',
    target: attempt.requestUrn,
    metadata: { failed },
  });
  if (failed >= OTP_MAX_FAILURES) {
    await db
      .update(mfaAttempts)
      .set({ closedAt: now, closedReason: 'too_many_failures' })
      .where(and(eq(mfaAttempts.id, attempt.id), isNull(mfaAttempts.closedAt)));
    throw new AppError(429, 'otp_too_many_attempts', AUTH_MESSAGES.otpTooManyAttempts);
  }
  throw new AppError(400, 'otp_invalid', AUTH_MESSAGES.otpInvalid, {
    fields: { otp: `Incorrect code. ${OTP_MAX_FAILURES - failed} attempts left.` },
  });
}

/**
 * `grant_type: refresh_token`: rotates the refresh token. Presenting one that was already used means it
 * leaked: the whole family (session) is revoked.
 */
export async function refreshGrant(
  deps: AppDeps,
  input: { refresh_token: string },
  meta: RequestMeta,
): Promise<TokenSet> {
  const { db } = deps;
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(refreshTokens.sessionRef, authSessions.id))
    .where(eq(refreshTokens.tokenHash, sha256(input.refresh_token)))
    .limit(1);
  const now = new Date();
  if (!row || row.session.revokedAt || row.session.expiresAt <= now || row.token.expiresAt <= now)
    throw unauthorized(AUTH_MESSAGES.sessionRevoked, 'invalid_grant');
  const who = await findUserById(db, row.session.userRef);
  if (!who) throw unauthorized(AUTH_MESSAGES.sessionRevoked, 'invalid_grant');

  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    await revokeSession(deps, { id: row.session.id }, 'refresh_token_reuse');
    await audit(db, {
      ...auditOf(who, meta),
      action: 'auth.refresh_token_reuse',
      target: row.session.sessionId,
    });
    throw unauthorized(AUTH_MESSAGES.sessionRevoked, 'refresh_token_reused');
  }
  return continueSession(deps, who, row.session);
}

/** Ends the session behind the access token (and so its refresh-token family). */
export async function logout(
  deps: AppDeps,
  auth: { sessionId: string; userRef: number; clientRef: number; email: string },
  meta: RequestMeta,
) {
  await revokeSession(deps, { sessionId: auth.sessionId }, 'logout');
  await audit(deps.db, {
    action: 'auth.logout',
    clientRef: auth.clientRef,
    userRef: auth.userRef,
    actor: auth.email,
    target: auth.sessionId,
    ip: meta.ip,
    requestId: meta.requestId,
  });
}
