import { audit } from '../audit/audit.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import type { SessionAuth } from './guard-types.ts';
import { verifyPassword } from './passwords.ts';
import { decryptOrThrow } from './service.ts';
import { findUserById } from './sessions.ts';
import * as limits from './rate-limit.ts';

/** Wrong step-up passwords a user may send per rate-limit window before step-ups are refused (429). */
export const STEP_UP_MAX_FAILURES = 5;

/**
 * Step-up: a signed-in user confirms a sensitive change (the IP allow-list) with their password again, sent
 * `encrypted_password` exactly as at sign-in. An undecryptable value is a 400; a wrong password a 403
 * `step_up_failed` (not a 401: the session itself is fine, and a 401 would sign the dashboard out), counted and
 * audited; after STEP_UP_MAX_FAILURES wrong ones in the sign-in rate-limit window every step-up of that user is a
 * 429 until the window ends. A right password clears the count. The password is never logged.
 */
export async function confirmPassword(
  deps: AppDeps,
  auth: SessionAuth,
  encryptedPassword: string,
  meta: RequestMeta,
  purpose: string,
): Promise<void> {
  const { db, config } = deps;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const failuresKey = `stepup-fail:user:${auth.userRef}`;
  const failures = await limits.peek(db, failuresKey);
  if (failures.count >= STEP_UP_MAX_FAILURES)
    throw new AppError(
      429,
      'rate_limited',
      'Too many wrong passwords: wait a few minutes before you try again',
      { headers: { 'retry-after': String(failures.resetIn) } },
    );
  const password = decryptOrThrow(deps, encryptedPassword);
  const who = await findUserById(db, auth.userRef);
  if (who && (await verifyPassword(password, who.user.passwordHash))) {
    if (failures.count > 0) await limits.reset(db, failuresKey);
    return;
  }
  await limits.hit(db, failuresKey, window);
  await audit(db, {
    action: 'auth.step_up_failed',
    clientRef: auth.clientRef,
    userRef: auth.userRef,
    actor: auth.email,
    ip: meta.ip,
    requestId: meta.requestId,
    metadata: { purpose },
  });
  throw new AppError(
    403,
    'step_up_failed',
    'The password is not correct: enter the password you sign in with to confirm this change',
    { fields: { encrypted_password: 'is not your password' } },
  );
}
