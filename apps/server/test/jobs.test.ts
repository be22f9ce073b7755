import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, mfaAttempts, rateLimits, refreshTokens } from '../src/db/schema.ts';
import { PURGE_QUEUE, purgeExpired } from '../src/jobs/maintenance.ts';
import { signIn, tokensFor, useServer } from './helpers.ts';

const server = useServer({ JOBS: 'on' });
const past = (ms: number) => new Date(Date.now() - ms);
const DAY = 24 * 3600 * 1000;

describe('maintenance job', () => {
  it('runs on pg-boss with retries, backoff, a dead-letter queue and a schedule', async () => {
    const boss = server.current.boss!;
    const queue = await boss.getQueue(PURGE_QUEUE);
    expect(queue).toMatchObject({ retryLimit: 5, retryBackoff: true, deadLetter: `${PURGE_QUEUE}.dead` });
    expect(await boss.getQueue(`${PURGE_QUEUE}.dead`)).toBeTruthy();
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(PURGE_QUEUE);
  });

  it('purges expired MFA attempts, counters, refresh tokens and sessions, and keeps live ones', async () => {
    const { db } = server.current.handle;
    const live = await tokensFor(server.current, 'admin@acme.test');
    await tokensFor(server.current, 'admin@globex.test');
    await signIn(server.current, 'finance@acme.test');
    await signIn(server.current, 'nobody@acme.test', 'x-wrong-password1');
    // Age everything but the Acme admin's session.
    await db.update(mfaAttempts).set({ expiresAt: past(2 * DAY) });
    await db.update(rateLimits).set({ windowEndsAt: past(1000) });
    const sessions = await db.select().from(authSessions);
    const acmeSession = sessions[0]!;
    for (const s of sessions.slice(1))
      await db
        .update(refreshTokens)
        .set({ expiresAt: past(1000) })
        .where(eqRef(s.id));
    const result = await purgeExpired(db);
    expect(result.mfaAttempts).toBe(1);
    expect(result.rateLimits).toBeGreaterThan(0);
    expect(result.refreshTokens).toBe(1);
    expect(await db.select().from(mfaAttempts)).toHaveLength(0);
    expect(await db.select().from(rateLimits)).toHaveLength(0);
    const left = await db.select().from(refreshTokens);
    expect(left.map((r) => r.sessionRef)).toEqual([acmeSession.id]);
    expect(live.refresh_token).toBeTruthy();
    // Idempotent: a second run finds nothing.
    expect(await purgeExpired(db)).toEqual({
      mfaAttempts: 0,
      rateLimits: 0,
      refreshTokens: 0,
      sessions: 0,
      passwordResets: 0,
    });
  });

  it('processes a queued purge job through the worker', async () => {
    const boss = server.current.boss!;
    const id = await boss.send(PURGE_QUEUE, {});
    expect(id).toBeTruthy();
    let state = '';
    for (let i = 0; i < 100 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = (await boss.getJobById(PURGE_QUEUE, id!))?.state ?? '';
    }
    expect(state).toBe('completed');
  });
});

const eqRef = (sessionRef: number) => eq(refreshTokens.sessionRef, sessionRef);
