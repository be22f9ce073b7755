import type { StoredUser } from '@/lib/storage';
import { DEFAULT_SESSION_MS } from './messages';
import type { SessionUser } from './types';

/** Roles from the space-separated scope, or ['user'] when there is none. */
export function rolesFromScope(scope: string | null | undefined): string[] {
  const roles = (scope ?? '').split(' ').filter((role) => role !== '');
  return roles.length > 0 ? roles : ['user'];
}

/** The session user derived from a token answer: expiry from expires_in seconds, else 1 hour. */
export function sessionUserFrom(
  tokens: {
    client_id: string;
    email: string;
    company_common_name: string;
    scope?: string | null;
    expires_in?: number | null;
  },
  now = Date.now(),
): SessionUser {
  const lifetime =
    tokens.expires_in != null && tokens.expires_in > 0 ? tokens.expires_in * 1000 : DEFAULT_SESSION_MS;
  return {
    accountNo: tokens.client_id,
    email: tokens.email,
    roles: rolesFromScope(tokens.scope),
    expiresAt: now + lifetime,
    name: tokens.company_common_name,
    client_id: tokens.client_id,
  };
}

/** A session restored from storage has no expiry (1 hour from now) and the role 'user'. */
export function restoredSessionUser(stored: StoredUser, now = Date.now()): SessionUser {
  return {
    accountNo: stored.client_id,
    email: stored.email,
    roles: ['user'],
    expiresAt: now + DEFAULT_SESSION_MS,
    name: stored.name,
    client_id: stored.client_id,
  };
}
