import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSessionCache, Loaded } from '../db/session-cache.ts';
import { liveSession } from './sessions.ts';
import { rolesFromScope, verifyAccessToken } from './tokens.ts';
import type { Actor } from '../audit/actor.ts';
import { metaOf, type AppDeps } from '../http/context.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { SESSION } from '../http/openapi.ts';

/** The verified caller of a data route. `clientRef` scopes every read and write. */
export type AuthContext = {
  userRef: number;
  userId: string;
  email: string;
  clientRef: number;
  clientId: string;
  roles: string[];
  sessionId: string;
  /** The company requires two-factor sign-in and this user has not chosen a method yet. */
  twoFactorSetupRequired: boolean;
};

/**
 * What a user who must still set up two-factor sign-in may call: their own profile and two-factor settings, the
 * session itself, the company requirement (an admin may lift it) and the feature flags the shell reads.
 */
const OPEN_BEFORE_TWO_FACTOR = [
  /^\/v2\/user\//,
  /^\/v2\/auth\//,
  /^\/v2\/company\/mfa-requirement$/,
  /\/read\/fetch\/feature_flags$/,
];
export const TWO_FACTOR_SETUP_MESSAGE =
  'Your company requires two-factor sign-in: choose SMS codes or an authenticator app in Configurations → Two-factor authentication first';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * The one guard for every data route: a valid bearer token whose session is not revoked, and a `client_id`
 * header equal to the token's client (else 403). The answer for a token is kept in this process's session
 * cache until the token or session expires, the cache's TTL passes, or the database reports a change of the
 * session, its user or its client (logout, refresh-token reuse, password reset, anything else): then the
 * next request checks the database again.
 */
export function makeGuard(deps: Pick<AppDeps, 'db' | 'keys'> & { sessions: LiveSessionCache<AuthContext> }) {
  /** A cache miss: the token's signature and claims, then its session, user and client in the database. */
  async function check(token: string): Promise<Loaded<AuthContext>> {
    const claims = await verifyAccessToken(deps.keys, token);
    if (!claims) throw unauthorized('Invalid or expired access token', 'invalid_token');
    const live = await liveSession(deps.db, claims.sid);
    if (!live || live.user.publicId !== claims.sub)
      throw unauthorized('Session expired. Please login again.', 'session_revoked');
    const auth: AuthContext = Object.freeze({
      userRef: live.user.id,
      userId: live.user.publicId,
      email: live.user.email,
      clientRef: live.client.id,
      clientId: live.client.clientId,
      roles: rolesFromScope(live.user.scopes),
      sessionId: live.session.sessionId,
      twoFactorSetupRequired: live.client.mfaRequired && live.user.mfaPreference === 'none',
    });
    return {
      value: auth,
      owner: { sessionId: auth.sessionId, userRef: auth.userRef, clientRef: auth.clientRef },
      expiresAt: Math.min(claims.exp * 1000, live.session.expiresAt.getTime()),
    };
  }

  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized('Authentication required', 'unauthorized');
    const token = match[1]!;
    const auth = await deps.sessions.lookup(token, () => check(token));
    const clientHeader = request.headers['client_id'];
    if (typeof clientHeader !== 'string' || clientHeader !== auth.clientId)
      throw forbidden('The client_id header does not match your account');
    // Enforced here, not only by the dashboard's redirect: a token alone cannot skip the company's requirement.
    const route = request.routeOptions.url ?? request.url;
    if (auth.twoFactorSetupRequired && !OPEN_BEFORE_TWO_FACTOR.some((open) => open.test(route)))
      throw new AppError(403, 'two_factor_setup_required', TWO_FACTOR_SETUP_MESSAGE);
    request.auth = auth;
  };
}

/**
 * Authentication first, in one place: every route the OpenAPI document shows as needing the dashboard session
 * (`schema.security` absent or `SESSION`; not hidden) runs `requireAuth` as its first own `onRequest` hook, before
 * its body is read and its input validated, so a caller without valid credentials is a 401 whatever it sent
 * (never a 400 that tells the schema). Public routes say `security: PUBLIC`; fabric's public endpoints
 * (`API_KEY_OR_SESSION`) run their own guard; hidden routes (pages, the health check) are not the API's. Call it
 * before the routes are registered: it applies to every route registered after it, in any plugin.
 */
export function authenticateSecuredRoutes(
  app: FastifyInstance,
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; security?: unknown } | undefined;
    if (!schema || schema.hide) return;
    const security = schema.security ?? SESSION;
    if (JSON.stringify(security) !== JSON.stringify(SESSION)) return;
    route.onRequest = [requireAuth, ...[route.onRequest ?? []].flat()];
  });
}

/**
 * A route guard behind `requireAuth`: the signed-in user must have `role` (from their scopes), else 403
 * `forbidden_role` with `message`. Roles are set on the user's record only (no API changes them).
 */
export function requireRole(role: string, message = `This needs the ${role} role`) {
  return async function roleGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!authOf(request).roles.includes(role)) throw new AppError(403, 'forbidden_role', message);
  };
}

/** The signed-in caller; only valid behind the guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The signed-in caller as the actor of a write (audited with the request's address and id). */
export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return { clientRef: auth.clientRef, userRef: auth.userRef, email: auth.email, meta: metaOf(request) };
}
