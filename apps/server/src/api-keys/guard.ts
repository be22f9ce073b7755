import type { FastifyRequest } from 'fastify';
import type { Permission } from '@meridian/contract/permissions';
import { permissionsOf } from '../auth/permissions.ts';
import type { Db } from '../db/database.ts';
import type { SessionRevocations } from '../http/context.ts';
import { sha256 } from '../lib/ids.ts';
import { AppError } from '../http/errors.ts';
import { formatAddress, parseAddress, type ParsedCidr } from '@meridian/contract/ip-allowlist';
import { allowedRanges, allowlistOwner, isAllowed, recordRefusal } from '../ip-allowlist/service.ts';
import type { BasicCredentials } from '../auth/basic.ts';
import { touchApiKey, verifyApiKey, type ApiKeyCaller } from './service.ts';

/** The session-cache owner of a key's entries: `revoked(['key:<key_id>'])` drops them in every process. */
export const apiKeyOwner = (keyId: string) => `key:${keyId}`;

export type VerifiedKey = ApiKeyCaller & {
  permissions: ReadonlySet<Permission>;
  refused: null | 'unknown' | 'revoked';
  touchedAt: number;
};

/** A caller's address as people write it (an IPv4-mapped IPv6 address as its IPv4 one). */
const shownAddress = (ip: string) => {
  const parsed = parseAddress(ip, { allowZone: true });
  return parsed ? formatAddress(parsed.family, parsed.value) : ip;
};

/** A refused key's answer (never cached). */
const refusedKey = (keyId: string, refused: 'unknown' | 'revoked'): VerifiedKey => ({
  keyId,
  clientRef: -1,
  companyRef: -1,
  clientId: '',
  livemode: true,
  liveModeEnabled: false,
  createdBy: '',
  role: '',
  permissions: new Set(),
  refused,
  touchedAt: 0,
});

const CHALLENGE = { 'www-authenticate': 'Basic realm="Meridian API", charset="UTF-8"' };
const refused = (message: string, key: string) => new AppError(401, key, message, { headers: CHALLENGE });

/**
 * Authenticates an API key (HTTP Basic `key_id:key_secret`, as RazorpayX and Cashfree take theirs) for the one
 * guard (auth/guard.ts): the caller it answers holds the permissions of the key's role. A wrong or revoked key is a
 * 401 with a JSON error that says which. A key's last use (time and address) is written at most once a minute,
 * and only when the stored one is older: usually no write.
 *
 * A verified key is kept in this process (keyed by key id and the SHA-256 of the secret sent, so a hit means
 * exactly that pair was verified) in a companion of the session cache: the same invalidation feed, the same TTL,
 * off while the feed is down. Revoking a key or changing its role notifies `s:key:<key_id>` (and a custom role's
 * change its client's `c:<client_ref>`), which drops it here and in every process. Refusals are never cached.
 *
 * The client's IP allow-list is enforced here, for every API-key call (the dashboard channel is protected by
 * sign-in and MFA instead): when the client's list is not empty, a call from an address outside it is a 403
 * `ip_not_allowed`, recorded in the client's audit log (at most once per address and minute). Each process keeps
 * the client's parsed list in another companion cache, owned by `ipallow:<client_ref>`: a change of the list calls
 * `sessions.revoked(['ipallow:<client_ref>'])` after its commit, so a hit costs no query and a change applies to
 * the next call everywhere. While the invalidation feed is down the list is read on every call.
 */
export function makeApiKeyAuthenticator(deps: { db: Db; sessions?: SessionRevocations }) {
  const cache = deps.sessions?.companion?.<VerifiedKey>() ?? null;
  const allowlists = deps.sessions?.companion?.<ParsedCidr[]>() ?? null;
  const rangesOf = async (clientRef: number): Promise<ParsedCidr[]> => {
    const load = async () => ({
      value: await allowedRanges(deps.db, clientRef),
      owner: { sessionId: allowlistOwner(clientRef), userRef: -1, clientRef },
      expiresAt: Number.MAX_SAFE_INTEGER,
    });
    if (!allowlists) return (await load()).value;
    return allowlists.lookup(allowlistOwner(clientRef), load);
  };
  const verify = async (keyId: string, secret: string): Promise<VerifiedKey> => {
    const load = async () => {
      const verified = await verifyApiKey(deps.db, keyId, secret);
      const value: VerifiedKey =
        typeof verified === 'string'
          ? refusedKey(keyId, verified)
          : {
              ...verified.caller,
              permissions: await permissionsOf(deps.db, verified.caller.companyRef, verified.caller.role),
              refused: null,
              touchedAt: verified.lastUsedAt?.getTime() ?? 0,
            };
      return {
        value,
        // Owned by the company: a change of its roles or live mode drops both modes' keys.
        owner: { sessionId: apiKeyOwner(keyId), userRef: -1, clientRef: value.companyRef },
        // A refusal is answered, never stored (an expiry in the past is not kept).
        expiresAt: value.refused ? 0 : Number.MAX_SAFE_INTEGER,
      };
    };
    if (!cache) return (await load()).value;
    return cache.lookup(`${keyId}:${sha256(secret)}`, load);
  };
  return async function authenticateKey(
    request: FastifyRequest,
    basic: BasicCredentials | 'malformed',
  ): Promise<VerifiedKey> {
    if (basic === 'malformed')
      throw refused('Malformed HTTP Basic credentials: send base64 of key_id:key_secret', 'invalid_api_key');
    if (basic.keyId.length > 64 || basic.secret.length > 128)
      throw refused('Invalid API key', 'invalid_api_key');
    const caller = await verify(basic.keyId, basic.secret);
    if (caller.refused === 'unknown') throw refused('Invalid API key', 'invalid_api_key');
    if (caller.refused === 'revoked') throw refused('This API key has been revoked', 'api_key_revoked');
    // The allow-list is the company's: it applies to the keys of both modes.
    if (!isAllowed(await rangesOf(caller.companyRef), request.ip)) {
      const ip = shownAddress(request.ip);
      await recordRefusal(deps.db, {
        clientRef: caller.companyRef,
        ip,
        keyId: caller.keyId,
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0]!,
        requestId: request.id,
      });
      throw new AppError(
        403,
        'ip_not_allowed',
        `This IP address (${ip}) is not in the client's IP allow-list: call from an allowed address, or have an admin add it at /configurations/manage-ips`,
      );
    }
    const now = Date.now();
    if (now - caller.touchedAt > 60_000) {
      caller.touchedAt = now;
      await touchApiKey(deps.db, caller.keyId, request.ip);
    }
    return caller;
  };
}
