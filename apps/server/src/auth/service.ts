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
import { hashOtp, OTP_MAX_FAILURES, OTP_TTL_SECONDS, otpSmsText } from './otp.ts';
import { decryptPassword, getDummyHash, verifyPassword } from './passwords.ts';
import * as limits from './rate-limit.ts';
import {
  checkTotpOrRecovery,
  recoveryCodesRemaining,
  SECOND_FACTOR_FAILURES_PER_WINDOW,
  startTotpAttempt,
} from './two-factor.ts';
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

const auditFor = (who: UserWithClient, meta: RequestMeta) => ({
  clientRef: who.client.id,
  userRef: who.user.id,
  actor: who.user.email,
  ip: meta.ip,
  requestId: meta.requestId,
});

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
      ...auditFor(who, meta),
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
  await audit(db, { ...auditFor(who, meta), action: 'auth.sign_in', metadata: { mfa: false } });
  return tokens;
}

async function startOrResendOtp(
  deps: AppDeps,
  who: UserWithClient,
  phone: string,
  meta: RequestMeta,
  retried = false,
): Promise<MfaInitiated> {
  const { db } = deps;
  const now = new Date();
  // An authenticator-app attempt left open from before the user switched to SMS ends here.
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'superseded' })
    .where(
      and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt), ne(mfaAttempts.kind, 'sms')),
    );
  // An attempt whose code expired is over: close it so a new one starts.
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'expired' })
    .where(
      and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt), lt(mfaAttempts.expiresAt, now)),
    );

  const code = newOtp();
  const requestUrn = newId('MFA');
  const codeHash = hashOtp(deps.keys.tokenKey, requestUrn, code);
  const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);

  // A resend: one atomic step replaces urn and code while fewer than 3 resends were used.
  const [resent] = await db
    .update(mfaAttempts)
    .set({ requestUrn, codeHash, expiresAt, resendCount: sql`${mfaAttempts.resendCount} + 1` })
    .where(
      and(
        eq(mfaAttempts.userRef, who.user.id),
        isNull(mfaAttempts.closedAt),
        gt(mfaAttempts.expiresAt, now),
        lt(mfaAttempts.resendCount, MAX_OTP_RESENDS),
      ),
    )
    .returning({ resendCount: mfaAttempts.resendCount });

  let resendCount = 0;
  if (resent) {
    resendCount = resent.resendCount;
    await audit(db, {
      ...auditFor(who, meta),
      action: 'auth.mfa_resent',
      target: requestUrn,
      metadata: { resend_count: resendCount },
    });
  } else {
    // Still open here means the resends are used up: close the attempt; the next sign-in starts afresh.
    const [exhausted] = await db
      .update(mfaAttempts)
      .set({ closedAt: now, closedReason: 'max_resends' })
      .where(and(eq(mfaAttempts.userRef, who.user.id), isNull(mfaAttempts.closedAt)))
      .returning({ requestUrn: mfaAttempts.requestUrn });
    if (exhausted) {
      await audit(db, {
        ...auditFor(who, meta),
        action: 'auth.mfa_max_resends',
        target: exhausted.requestUrn,
      });
      throw new AppError(429, 'max_resends', AUTH_MESSAGES.maxResends);
    }
    const inserted = await db
      .insert(mfaAttempts)
      .values({ requestUrn, userRef: who.user.id, codeHash, expiresAt, ip: meta.ip })
      .onConflictDoNothing()
      .returning({ id: mfaAttempts.id });
    // A concurrent sign-in opened an attempt first: this request becomes a resend of it.
    if (!inserted.length) {
      if (retried) throw new AppError(409, 'conflict', 'Another sign-in is in progress. Please try again.');
      return startOrResendOtp(deps, who, phone, meta, true);
    }
    await audit(db, { ...auditFor(who, meta), action: 'auth.mfa_initiated', target: requestUrn });
  }

  await deliver(db, deps.sms, 'sms', { to: phone, text: otpSmsText(code), redacted: otpSmsText('******') });
  return {
    response_key: 'success_initiate_auth_sms',
    request_urn: requestUrn,
    response_message: AUTH_MESSAGES.otpSent,
    resend_count: resendCount,
  };
}

/** `POST /v2/mfa/verify`: a right code (single use, within 10 minutes, < 5 failures) opens a session. */
export async function verifyOtp(
  deps: AppDeps,
  input: { request_urn: string; otp: string },
  meta: RequestMeta,
): Promise<MfaVerifyResponse> {
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
    .where(eq(mfaAttempts.requestUrn, input.request_urn))
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

  // An SMS attempt takes the texted code; an authenticator-app attempt the app's code or a recovery code.
  let method: 'sms' | 'totp' | 'recovery_code' | null = null;
  if (attempt.kind === 'totp') {
    const failures = await limits.peek(db, `mfa-fail:user:${who.user.id}`);
    if (failures.count >= SECOND_FACTOR_FAILURES_PER_WINDOW)
      throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(failures.resetIn) },
      });
    method = await checkTotpOrRecovery(deps, who, input.otp, now.getTime());
    if (!method) await limits.hit(db, `mfa-fail:user:${who.user.id}`, config.RATE_LIMIT_WINDOW_SECONDS);
  } else if (
    attempt.codeHash !== null &&
    safeEqual(hashOtp(deps.keys.tokenKey, attempt.requestUrn, input.otp), attempt.codeHash)
  )
    method = 'sms';
  if (!method) {
    const [after] = await db
      .update(mfaAttempts)
      .set({ failedAttempts: sql`${mfaAttempts.failedAttempts} + 1` })
      .where(and(eq(mfaAttempts.id, attempt.id), isNull(mfaAttempts.closedAt)))
      .returning({ failedAttempts: mfaAttempts.failedAttempts });
    const failed = after?.failedAttempts ?? OTP_MAX_FAILURES;
    await audit(db, {
      ...auditFor(who, meta),
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

  // Single use: only one request can close the attempt.
  const [closed] = await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'verified' })
    .where(and(eq(mfaAttempts.id, attempt.id), isNull(mfaAttempts.closedAt)))
    .returning({ id: mfaAttempts.id });
  if (!closed) throw new AppError(400, 'invalid_request_urn', AUTH_MESSAGES.otpInvalid);
  const tokens = await startSession(deps, who, meta);
  await audit(db, {
    ...auditFor(who, meta),
    action: 'auth.sign_in',
    target: attempt.requestUrn,
    metadata: { mfa: true, method },
  });
  if (method === 'recovery_code')
    await audit(db, {
      ...auditFor(who, meta),
      action: 'auth.mfa_recovery_code_used',
      target: attempt.requestUrn,
      metadata: { remaining: await recoveryCodesRemaining(db, who.user.id) },
    });
  return { response_key: 'success_login', ...tokens };
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
      ...auditFor(who, meta),
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
