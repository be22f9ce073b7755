import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenSet } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import { authSessions, clients, refreshTokens, users } from '../db/schema.ts';
import { newId, newSecret, sha256 } from '../lib/ids.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { signAccessToken, signIdToken } from './tokens.ts';

export type UserWithClient = {
  user: typeof users.$inferSelect;
  client: typeof clients.$inferSelect;
};

export async function findUserByEmail(db: Db, email: string): Promise<UserWithClient | null> {
  const rows = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(users.clientRef, clients.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, userRef: number): Promise<UserWithClient | null> {
  const rows = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(users.clientRef, clients.id))
    .where(eq(users.id, userRef))
    .limit(1);
  return rows[0] ?? null;
}

async function newRefreshToken(deps: AppDeps, sessionRef: number): Promise<string> {
  const token = newSecret(32);
  await deps.db.insert(refreshTokens).values({
    sessionRef,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

async function tokenSet(
  deps: AppDeps,
  { user, client }: UserWithClient,
  sessionId: string,
  refreshToken: string,
): Promise<TokenSet> {
  const ttl = deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const [accessToken, idToken] = await Promise.all([
    signAccessToken(
      deps.keys,
      { sub: user.publicId, client_id: client.clientId, scope: user.role, sid: sessionId },
      ttl,
    ),
    signIdToken(
      deps.keys,
      {
        sub: user.publicId,
        email: user.email,
        name: user.name,
        client_id: client.clientId,
        company: client.companyCommonName,
      },
      ttl,
    ),
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ttl,
    refresh_token: refreshToken,
    scope: user.role,
    id_token: idToken,
    company_common_name: client.companyCommonName,
    email: user.email,
    client_id: client.clientId,
  };
}

/**
 * Opens a new session (refresh-token family) and issues its first token set. A session starts only at a
 * successful sign-in (password, or its second-factor step): the member's `last_sign_in_at` is recorded here.
 */
export async function startSession(deps: AppDeps, who: UserWithClient, meta: RequestMeta): Promise<TokenSet> {
  const sessionId = newId('SES');
  await deps.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, who.user.id));
  const [session] = await deps.db
    .insert(authSessions)
    .values({
      sessionId,
      userRef: who.user.id,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: authSessions.id });
  return tokenSet(deps, who, sessionId, await newRefreshToken(deps, session!.id));
}

/** Issues the next token set of an existing session (refresh-token rotation). */
export async function continueSession(
  deps: AppDeps,
  who: UserWithClient,
  session: { id: number; sessionId: string },
) {
  return tokenSet(deps, who, session.sessionId, await newRefreshToken(deps, session.id));
}

/**
 * Revokes a session (the refresh-token family and every access token issued in it). Not inside a
 * transaction: it tells the session caches once the revocation has committed (see session-cache.ts).
 */
export async function revokeSession(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  where: { id: number } | { sessionId: string },
  reason: string,
): Promise<boolean> {
  const cond = 'id' in where ? eq(authSessions.id, where.id) : eq(authSessions.sessionId, where.sessionId);
  const rows = await deps.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(cond, isNull(authSessions.revokedAt)))
    .returning({ sessionId: authSessions.sessionId });
  await deps.sessions.revoked(rows.map((r) => r.sessionId));
  return rows.length > 0;
}

/** Revokes every session of a user (password reset). Not inside a transaction, as `revokeSession`. */
export async function revokeAllSessions(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  userRef: number,
  reason: string,
): Promise<void> {
  const rows = await deps.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userRef, userRef), isNull(authSessions.revokedAt)))
    .returning({ sessionId: authSessions.sessionId });
  await deps.sessions.revoked(rows.map((r) => r.sessionId));
}

const testTenant = alias(clients, 'test_tenant');

/**
 * The live session behind an access token's `sid`, with its user, company and the company's test-mode tenant
 * (`testRef`, null if it has none); null if revoked or expired.
 */
export async function liveSession(db: Db, sessionId: string) {
  const rows = await db
    .select({ session: authSessions, user: users, client: clients, testRef: testTenant.id })
    .from(authSessions)
    .innerJoin(users, eq(authSessions.userRef, users.id))
    .innerJoin(clients, eq(users.clientRef, clients.id))
    .leftJoin(testTenant, eq(testTenant.companyRef, clients.id))
    .where(
      and(
        eq(authSessions.sessionId, sessionId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
