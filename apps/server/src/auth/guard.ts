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
import type { AuthContext, SessionAuth, SessionModes } from './guard-types.ts';
import { rememberTenant } from '../db/tenants.ts';

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
    /**
     * What the company shares by both modes (members, roles, the audit log, the IP allow-list, two-factor): the
     * route works on the company (`companyActorOf`), whatever mode the caller is in.
     */
    companyLevel?: true;
    /**
     * Moves or promises money (a payout, bulk, validation, mandate, link): in live mode it needs the company's
     * live mode opened by Meridian operations, else 403 `live_mode_not_enabled`.
     */
    liveGate?: true;
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
  /** The key's tenant: the mode it was made in. */
  clientRef: number;
  companyRef: number;
  clientId: string;
  livemode: boolean;
  liveModeEnabled: boolean;
  role: string;
  permissions: ReadonlySet<Permission>;
}>;

/** The header a member's session names its mode with (absent = live); an API key's mode is its tenant's. */
export const MODE_HEADER = 'meridian-mode';

/** The mode a request asks for in `Meridian-Mode`: undefined when absent; 400 `invalid_mode` when not test/live. */
export function requestedMode(request: FastifyRequest): 'test' | 'live' | undefined {
  const header = request.headers[MODE_HEADER];
  if (header === undefined) return undefined;
  if (header === 'test' || header === 'live') return header;
  throw new AppError(400, 'invalid_mode', 'The Meridian-Mode header must be test or live (absent: live)');
}

export const LIVE_MODE_NOT_ENABLED_MESSAGE =
  'Live mode is not enabled for your company yet: use test mode (the switch in the header, or an mk_test_ key) until Meridian operations turn live mode on. Ask for it from Help & support.';

/** A cache miss: the token's signature and claims, then its session, user, company and modes in the database. */
async function loadSession(deps: Pick<AppDeps, 'db' | 'keys'>, token: string): Promise<Loaded<SessionModes>> {
  const claims = await verifyAccessToken(deps.keys, token);
  if (!claims) throw unauthorized('Invalid or expired access token', 'invalid_token');
  const live = await liveSession(deps.db, claims.sid);
  if (!live || live.user.publicId !== claims.sub || live.user.status !== 'active')
    throw unauthorized('Session expired. Please login again.', 'session_revoked');
  const companyRef = live.client.id;
  const auth: SessionAuth = Object.freeze({
    channel: 'dashboard' as const,
    userRef: live.user.id,
    userId: live.user.publicId,
    email: live.user.email,
    clientRef: companyRef,
    companyRef,
    clientId: live.client.clientId,
    livemode: true,
    liveModeEnabled: live.client.liveModeEnabled,
    role: live.user.role,
    permissions: await permissionsOf(deps.db, companyRef, live.user.role),
    sessionId: live.session.sessionId,
    apiKeyId: null,
    twoFactorSetupRequired: live.client.mfaRequired && live.user.mfaPreference === 'none',
  });
  rememberTenant({ id: companyRef, companyRef: null, livemode: true });
  if (live.testRef !== null) rememberTenant({ id: live.testRef, companyRef, livemode: false });
  const test =
    live.testRef === null ? null : Object.freeze({ ...auth, clientRef: live.testRef, livemode: false });
  return {
    value: { live: auth, test },
    // Owned by the company: a change of it (two-factor, live mode, roles) drops both modes' contexts.
    owner: { sessionId: auth.sessionId, userRef: auth.userRef, clientRef: companyRef },
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
    sessions: LiveSessionCache<SessionModes>;
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
    const modes = await deps.sessions.lookup(token, () => loadSession(deps, token));
    const mode = requestedMode(request);
    const auth = mode === 'test' ? modes.test : modes.live;
    if (!auth)
      throw new AppError(403, 'test_mode_unavailable', 'Your company has no test mode: use live mode');
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
    const mode = requestedMode(request);
    if (mode !== undefined && (mode === 'test') === key.livemode)
      throw new AppError(
        400,
        'mode_mismatch',
        `This is a ${key.livemode ? 'live' : 'test'} mode API key: its mode is the key's, drop the Meridian-Mode header or send ${key.livemode ? 'live' : 'test'}`,
      );
    request.auth = {
      channel: 'api_key',
      userRef: null,
      userId: null,
      email: `api_key:${key.keyId}`,
      clientRef: key.clientRef,
      companyRef: key.companyRef,
      clientId: key.clientId,
      livemode: key.livemode,
      liveModeEnabled: key.liveModeEnabled,
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
    const auth = request.auth;
    if (request.routeOptions.config.liveGate && auth?.livemode && !auth.liveModeEnabled)
      throw new AppError(403, 'live_mode_not_enabled', LIVE_MODE_NOT_ENABLED_MESSAGE);
    // What both modes share is the company's: its routes read and write the company, whatever the mode.
    if (request.routeOptions.config.companyLevel && auth && auth.clientRef !== auth.companyRef)
      request.auth = { ...auth, clientRef: auth.companyRef };
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

/**
 * The signed-in caller as the actor of a write (audited with the request's address and id): in its mode, or, on a
 * `companyLevel` route, on the company without a mode.
 */
export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return {
    clientRef: auth.clientRef,
    companyRef: auth.companyRef,
    livemode: request.routeOptions.config.companyLevel ? null : auth.livemode,
    userRef: auth.userRef,
    email: auth.email,
    meta: metaOf(request),
  };
}

/**
 * Marks every route of the calling plugin `companyLevel`: what both modes share (members, roles, the audit log,
 * the IP allow-list, two-factor, support, feature switches). The guard then scopes the caller to the company.
 */
export function companyLevelRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), companyLevel: true } as never;
  });
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
