import { SignJWT, jwtVerify } from 'jose';
import {
  STEP_UP_REQUIRED,
  STEP_UP_TTL_SECONDS,
  type StepUpTokenRequest,
  type StepUpTokenResponse,
} from '@meridian/contract/two-factor';
import { audit } from '../audit/audit.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { confirmPassword } from './confirm-password.ts';
import type { SessionAuth } from './guard-types.ts';
import { findUserById } from './sessions.ts';
import type { TokenKeys } from './tokens.ts';
import { verifySecondFactorCode } from './second-factor.ts';

// A step-up token is a JWT of its own type and audience, signed with the server's token key: an access token is
// never taken for one, nor the other way round.
const ISSUER = 'meridian';
const AUDIENCE = 'meridian-step-up';
const TYPE = 'step-up+jwt';
/** What the audit log and the failure counts call a step-up before a money movement. */
const PURPOSE = 'money_movement';

export const STEP_UP_MESSAGES = {
  required:
    "Confirm it's you: a payout, bulk submission or approval from the dashboard needs a step-up token in the X-Step-Up-Token header (POST /v2/auth/step-up with your two-factor code, or your password if you have no second factor)",
  invalid:
    "Confirm it's you again: the step-up token has expired (it is valid 5 minutes) or belongs to another session",
  passwordRequired: 'Enter the password you sign in with to confirm',
} as const;

/** A step-up token of one session of one member, valid `ttlSeconds`. */
export async function signStepUpToken(
  keys: TokenKeys,
  claims: { sub: string; sid: string },
  ttlSeconds = STEP_UP_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'EdDSA', typ: TYPE })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.tokenKey);
}

/** The session and member a step-up token was issued to; null when it is not one of ours or has expired. */
export async function verifyStepUpToken(
  keys: TokenKeys,
  token: string,
): Promise<{ sub: string; sid: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keys.tokenPublicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['EdDSA'],
      typ: TYPE,
    });
    const { sub, sid } = payload;
    return typeof sub === 'string' && typeof sid === 'string' ? { sub, sid } : null;
  } catch {
    return null;
  }
}

/**
 * The step-up a dashboard session needs before a money movement (a payout, a bulk submission, an approval
 * decision): the token is bound to the session (its `sid`), so it ends with the session, since the guard refuses
 * a revoked session before it reads the token. A token of another session or member, or an expired one, is
 * refused as if none were sent.
 */
export async function checkStepUp(keys: TokenKeys, auth: SessionAuth, header: unknown): Promise<void> {
  if (typeof header !== 'string' || header === '')
    throw new AppError(401, STEP_UP_REQUIRED, STEP_UP_MESSAGES.required);
  const claims = await verifyStepUpToken(keys, header);
  if (!claims || claims.sid !== auth.sessionId || claims.sub !== auth.userId)
    throw new AppError(401, STEP_UP_REQUIRED, STEP_UP_MESSAGES.invalid);
}

/**
 * `POST /v2/auth/step-up`: a member with a second factor confirms with a current code (SMS: the code texted by
 * `POST /v2/user/mfa/sms/step-up`; app: its code or a recovery code), a member without one with the password.
 * Wrong codes and passwords are counted (429 past the limits of the two-factor step-ups) and audited; a
 * success is audited and answers a token valid 300 s for this session.
 */
export async function issueStepUpToken(
  deps: AppDeps,
  auth: SessionAuth,
  input: StepUpTokenRequest,
  meta: RequestMeta,
): Promise<StepUpTokenResponse> {
  const who = await findUserById(deps.db, auth.userRef);
  if (!who || who.client.id !== auth.clientRef) throw new AppError(404, 'not_found', 'User not found');
  const pref = who.user.mfaPreference;
  const method = pref === 'sms' || pref === 'totp' ? pref : 'password';
  if (method === 'password') {
    if (!input.encrypted_password)
      throw new AppError(400, 'password_required', STEP_UP_MESSAGES.passwordRequired, {
        fields: { encrypted_password: STEP_UP_MESSAGES.passwordRequired },
      });
    await confirmPassword(deps, auth, input.encrypted_password, meta, PURPOSE);
  } else {
    // A member with a second factor confirms with it: the password alone is not enough.
    await verifySecondFactorCode(deps, who, input.code, meta, PURPOSE);
  }
  await audit(deps.db, {
    action: 'auth.step_up',
    clientRef: auth.clientRef,
    userRef: auth.userRef,
    actor: auth.email,
    ip: meta.ip,
    requestId: meta.requestId,
    metadata: { method, purpose: PURPOSE },
  });
  return {
    step_up_token: await signStepUpToken(deps.keys, { sub: auth.userId, sid: auth.sessionId }),
    expires_in: STEP_UP_TTL_SECONDS,
  };
}
