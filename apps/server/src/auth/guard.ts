import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  permissionDeniedMessage,
  type OperationPermission,
  type Permission,
} from '@meridian/contract/permissions';
import type { LiveSessionCache, Loaded } from '../db/session-cache.ts';
import { liveSession } from './sessions.ts';
import { verifyAccessToken } from './tokens.ts';
import { checkStepUp } from './step-up.ts';
import { permissionsOf } from './permissions.ts';
import type { Actor } from '../audit/actor.ts';
import { metaOf, type AppDeps } from '../http/context.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { parseBasic, type BasicCredentials } from './basic.ts';
import type { AuthContext, SessionAuth } from './guard-types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route requires (published as `x-permission`): a catalogue permission (a member's session or an API
     * key whose role holds it), `self` (a member's own settings: a session only) or `public` (no credentials).
     */
    permission?: OperationPermission;
    /** A catalogue permission that only a member's session may use (team and approval decisions): no API key. */
    sessionOnly?: true;
    /**
     * A money movement (payout, bulk submission, approval decision): a member's session must also send a valid
     * `X-Step-Up-Token` of this session (`POST /v2/auth/step-up`), else 401 `step_up_required`. API keys pass:
     * approval rules cover them.
     */
    stepUp?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

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

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Verifies an API key's HTTP Basic credentials (api-keys/guard.ts `makeApiKeyAuthenticator`, given by the
 * composition so that this folder never imports a domain): the key's client and role, or a 401/403 thrown.
 */
export type ApiKeyAuthenticator = (
  request: FastifyRequest,
  basic: BasicCredentials | 'malformed',
) => Promise<{
  keyId: string;
  clientRef: number;
  clientId: string;
  role: string;
  permissions: ReadonlySet<Permission>;
}>;

/** A cache miss: the token's signature and claims, then its session, user, client and role in the database. */
async function loadSession(deps: Pick<AppDeps, 'db' | 'keys'>, token: string): Promise<Loaded<AuthContext>> {
  const claims = await verifyAccessToken(deps.keys, token);
  if (!claims) throw unauthorized('Invalid or expired access token', 'invalid_token');
  const live = await liveSession(deps.db, claims.sid);
  if (!live || live.user.publicId !== claims.sub || live.user.status !== 'active')
    throw unauthorized('Session expired. Please login again.', 'session_revoked');
  const auth: SessionAuth = Object.freeze({
    channel: 'dashboard' as const,
    userRef: live.user.id,
    userId: live.user.publicId,
    email: live.user.email,
    clientRef: live.client.id,
    clientId: live.client.clientId,
    role: live.user.role,
    permissions: await permissionsOf(deps.db, live.client.id, live.user.role),
    sessionId: live.session.sessionId,
    apiKeyId: null,
    twoFactorSetupRequired: live.client.mfaRequired && live.user.mfaPreference === 'none',
  });
  return {
    value: auth,
    owner: { sessionId: auth.sessionId, userRef: auth.userRef, clientRef: auth.clientRef },
    expiresAt: Math.min(claims.exp * 1000, live.session.expiresAt.getTime()),
  };
}

/**
 * The one guard of every API route, in two entry points:
 *
 * - `requireAuth`: a member's session. A valid bearer token whose session is not revoked, of an active member,
 *   and a `client_id` header equal to the token's client (else 403). The answer for a token is kept in this
 *   process's session cache until the token or session expires, the cache's TTL passes, or the database
 *   reports a change of the session, its user (role, status…), its client or the client's custom roles: then
 *   the next request checks the database again.
 * - `requireCaller`: an API key (HTTP Basic `key_id:key_secret`, limited to its role; the client's IP allow-list
 *   applies) or, without one, a member's session as above.
 */
export function makeGuard(
  deps: Pick<AppDeps, 'db' | 'keys'> & {
    sessions: LiveSessionCache<AuthContext>;
    authenticateKey: ApiKeyAuthenticator;
  },
) {
  const requireAuth: Guard = async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) {
      if (parseBasic(header))
        throw forbidden('API keys cannot call this operation: it is a signed-in member’s own setting');
      throw unauthorized('Authentication required', 'unauthorized');
    }
    const token = match[1]!;
    const auth = await deps.sessions.lookup(token, () => loadSession(deps, token));
    const clientHeader = request.headers['client_id'];
    if (typeof clientHeader !== 'string' || clientHeader !== auth.clientId)
      throw forbidden('The client_id header does not match your account');
    // Enforced here, not only by the dashboard's redirect: a token alone cannot skip the company's requirement.
    const route = request.routeOptions.url ?? request.url;
    if (auth.twoFactorSetupRequired && !OPEN_BEFORE_TWO_FACTOR.some((open) => open.test(route)))
      throw new AppError(403, 'two_factor_setup_required', TWO_FACTOR_SETUP_MESSAGE);
    request.auth = auth;
  };

  const { authenticateKey } = deps;
  const requireCaller: Guard = async (request, reply) => {
    const basic = parseBasic(request.headers.authorization);
    if (basic === null) {
      if (!request.headers.authorization)
        throw unauthorized(
          'Authentication required: send an API key as HTTP Basic key_id:key_secret (or a dashboard session)',
        );
      return requireAuth(request, reply);
    }
    const key = await authenticateKey(request, basic);
    request.auth = {
      channel: 'api_key',
      userRef: null,
      userId: null,
      email: `api_key:${key.keyId}`,
      clientRef: key.clientRef,
      clientId: key.clientId,
      role: key.role,
      permissions: key.permissions,
      sessionId: null,
      apiKeyId: key.keyId,
      twoFactorSetupRequired: false,
    };
  };

  /** Behind `requireAuth`/`requireCaller`: a member's session needs its step-up token; an API key passes. */
  const requireStepUp: Guard = async (request) => {
    const auth = authOf(request);
    if (auth.channel !== 'dashboard') return;
    await checkStepUp(deps.keys, sessionOf(request), request.headers['x-step-up-token']);
  };

  return { requireAuth, requireCaller, requireStepUp };
}

/** A guard behind the caller's authentication: the caller's role must hold `permission`, else 403. */
export function requirePermission(permission: Permission): Guard {
  return async function permissionGuard(request) {
    if (!authOf(request).permissions.has(permission))
      throw new AppError(403, 'permission_denied', permissionDeniedMessage(permission));
  };
}

/**
 * Authentication and permission first, in one place: every route the OpenAPI document shows (not hidden) runs
 * the guard its `config.permission` asks for as its first own `onRequest` hook, before its body is read and its
 * input validated, so a caller without valid credentials is a 401 whatever it sent (never a 400 that tells the
 * schema), and a caller whose role lacks the permission a 403 `permission_denied` naming it. `public` routes
 * (or `schema.security: PUBLIC`) take no credentials; `self` routes a member's session only; every other route
 * an API key or a session. A route with `config.stepUp` (a money movement) then asks a member's session for its
 * step-up token (401 `step_up_required` without a valid one). Call it before the routes are registered: it applies to every route registered after
 * it, in any plugin.
 */
export function authenticateSecuredRoutes(
  app: FastifyInstance,
  guards: { requireAuth: Guard; requireCaller: Guard; requireStepUp: Guard },
): void {
  const checks = new Map<Permission, Guard>();
  const checkOf = (p: Permission) => checks.get(p) ?? checks.set(p, requirePermission(p)).get(p)!;
  /** Reads the route's permission when called, so that a plugin's own `onRoute` hook may still set it. */
  const guard: Guard = async (request, reply) => {
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;
    if (permission === 'self' || permission === undefined) await guards.requireAuth(request, reply);
    else {
      if (request.routeOptions.config.sessionOnly) await guards.requireAuth(request, reply);
      else await guards.requireCaller(request, reply);
      await checkOf(permission)(request, reply);
    }
    if (request.routeOptions.config.stepUp) await guards.requireStepUp(request, reply);
  };
  /** Every documented route, its options as the onRoute hooks leave them (a plugin's hooks run after this one). */
  const documented: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; security?: unknown[] } | undefined;
    if (!schema || schema.hide) return;
    documented.push(route);
    if (schema.security && schema.security.length === 0) return;
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
  // Every documented operation names what it requires: one without a permission is a startup error, not a route
  // that any signed-in member may call. Checked once every plugin's own onRoute hook (defaultPermission) has run.
  app.addHook('onReady', async () => {
    const missing = documented.find((route) => !route.config?.permission);
    if (missing)
      throw new Error(
        `${[missing.method].flat().join(',')} ${missing.url} names no permission: give it config.permission (a catalogue permission, 'self' or 'public') or call defaultPermission in its plugin`,
      );
  });
}

/**
 * Gives every route of the calling plugin that does not name its own permission this one (the plugin's
 * `onRoute` hook; the guard reads the route's permission when it runs).
 */
export function defaultPermission(app: FastifyInstance, permission: OperationPermission): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), permission: route.config?.permission ?? permission } as never;
  });
}

/** The signed-in caller; only valid behind the guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A member's session (a `self` operation, or one that needs a person: step-up, approval decisions). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  const auth = authOf(request);
  if (auth.channel !== 'dashboard' || auth.userRef === null || !auth.sessionId || !auth.userId)
    throw forbidden('This needs a signed-in member, not an API key');
  return auth as SessionAuth;
}

/** The signed-in caller as the actor of a write (audited with the request's address and id). */
export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return { clientRef: auth.clientRef, userRef: auth.userRef, email: auth.email, meta: metaOf(request) };
}

/** Who called, as fabric's pipeline records it: an API key of a client's servers, or a signed-in member. */
export type ApiCaller = {
  clientRef: number;
  clientId: string;
  channel: 'api_key' | 'dashboard';
  /** The key's `key_id` on the `api_key` channel. */
  apiKeyId: string | null;
  /** Recorded as the actor of the call's writes (`api_key:key_…` or the member's e-mail). */
  actor: Actor;
};

/** The caller as an `ApiCaller`; only valid behind the guard. */
export function callerOf(request: FastifyRequest): ApiCaller {
  const auth = authOf(request);
  return {
    clientRef: auth.clientRef,
    clientId: auth.clientId,
    channel: auth.channel,
    apiKeyId: auth.apiKeyId,
    actor: actorOf(request),
  };
}
