import { lt, or, sql, isNotNull, and } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';
import { authSessions, mfaAttempts, passwordResets, rateLimits, refreshTokens } from '../db/schema.ts';
import { ensureQueue } from './boss.ts';

export const PURGE_QUEUE = 'maintenance.purge-expired';
/** Keep closed/expired sign-in material one day for investigations, then delete it. */
const GRACE = sql`now() - interval '1 day'`;

export type PurgeResult = {
  mfaAttempts: number;
  rateLimits: number;
  refreshTokens: number;
  sessions: number;
  passwordResets: number;
};

/** Deletes expired MFA attempts, rate-limit counters, refresh tokens and sessions. Idempotent. */
export async function purgeExpired(db: Db): Promise<PurgeResult> {
  const mfa = await db
    .delete(mfaAttempts)
    .where(lt(mfaAttempts.expiresAt, GRACE))
    .returning({ id: mfaAttempts.id });
  const rl = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEndsAt, sql`now()`))
    .returning({ key: rateLimits.key });
  const rt = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, sql`now()`),
        and(isNotNull(refreshTokens.usedAt), lt(refreshTokens.usedAt, GRACE)),
      ),
    )
    .returning({ id: refreshTokens.id });
  const ses = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, GRACE),
        and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, GRACE)),
      ),
    )
    .returning({ id: authSessions.id });
  const pr = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, GRACE))
    .returning({ id: passwordResets.id });
  return {
    mfaAttempts: mfa.length,
    rateLimits: rl.length,
    refreshTokens: rt.length,
    sessions: ses.length,
    passwordResets: pr.length,
  };
}

/** Registers the purge worker and schedules it every 15 minutes. */
export async function registerMaintenance(
  boss: PgBoss,
  db: Db,
  log: (msg: string, data?: object) => void,
): Promise<void> {
  await ensureQueue(boss, PURGE_QUEUE, { retryLimit: 5 });
  await boss.work(PURGE_QUEUE, async () => {
    const result = await purgeExpired(db);
    log('purged expired auth material', result);
    return result;
  });
  await boss.schedule(PURGE_QUEUE, '*/15 * * * *');
}
