import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES, PASSWORD_POLICY } from '@meridian/contract';
import { audit } from '../audit/audit.ts';
import { mfaAttempts, passwordResets, users } from '../db/schema.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { newSecret, sha256 } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import * as limits from './rate-limit.ts';
import { decryptOrThrow } from './service.ts';
import { findUserByEmail, revokeAllSessions } from './sessions.ts';

export const RESET_TTL_SECONDS = 30 * 60;
const RESETS_PER_ACCOUNT_PER_HOUR = 5;

const resetMail = (link: string) =>
  `Someone asked to reset the password of your Meridian Dashboard account.\n` +
  `Open this link within ${RESET_TTL_SECONDS / 60} minutes to choose a new password: ${link}\n` +
  `If it was not you, ignore this e-mail: your password stays as it is.`;

/** Sends a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  meta: RequestMeta,
  publicUrl: string,
): Promise<string> {
  const { db, config } = deps;
  await limits.enforce(db, `reset:ip:${meta.ip}`, config.RATE_LIMIT_RESET_PER_IP, 3600);
  const who = await findUserByEmail(db, email);
  if (who) {
    const perAccount = await limits.hit(db, `reset:acct:${email}`, 3600);
    if (perAccount.count <= RESETS_PER_ACCOUNT_PER_HOUR) {
      const token = newSecret(32);
      await db.insert(passwordResets).values({
        userRef: who.user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL_SECONDS * 1000),
      });
      const link = `${publicUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
      await deliver(db, deps.email, 'email', {
        to: who.user.email,
        subject: 'Reset your Meridian Dashboard password',
        text: resetMail(link),
        redacted: resetMail(`${publicUrl.replace(/\/$/, '')}/reset-password?token=[redacted]`),
      });
      await audit(db, {
        action: 'auth.password_reset_requested',
        clientRef: who.client.id,
        userRef: who.user.id,
        actor: who.user.email,
        ip: meta.ip,
        requestId: meta.requestId,
      });
    }
  }
  return AUTH_MESSAGES.resetLinkSent;
}

/** Sets a new password from a valid, unused reset token and revokes every session of that user. */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; encrypted_password: string },
  meta: RequestMeta,
): Promise<string> {
  const { db, config } = deps;
  await limits.enforce(db, `reset:ip:${meta.ip}`, config.RATE_LIMIT_RESET_PER_IP, 3600);
  const password = decryptOrThrow(deps, input.encrypted_password);
  if (!checkPasswordPolicy(password))
    throw badRequest(PASSWORD_POLICY.message, { password: PASSWORD_POLICY.message });
  const now = new Date();
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userRef: passwordResets.userRef });
  if (!reset) throw new AppError(400, 'invalid_reset_token', AUTH_MESSAGES.resetTokenInvalid);
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where(eq(users.id, reset.userRef))
    .returning();
  await revokeAllSessions(deps, reset.userRef, 'password_reset');
  await db
    .update(mfaAttempts)
    .set({ closedAt: now, closedReason: 'password_reset' })
    .where(and(eq(mfaAttempts.userRef, reset.userRef), isNull(mfaAttempts.closedAt)));
  await audit(db, {
    action: 'auth.password_reset',
    clientRef: user!.clientRef,
    userRef: user!.id,
    actor: user!.email,
    ip: meta.ip,
    requestId: meta.requestId,
  });
  return AUTH_MESSAGES.passwordChanged;
}
