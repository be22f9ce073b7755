import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { metaOf } from '../http/context.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { touchApiKey, verifyApiKey } from './service.ts';

/** Who called a public (fabric) endpoint: an API key of a client's servers, or a signed-in dashboard user. */
export type ApiCaller = {
  clientRef: number;
  clientId: string;
  channel: 'api_key' | 'dashboard';
  /** The key's `key_id` on the `api_key` channel. */
  apiKeyId: string | null;
  /** Recorded as the actor of the call's writes (`api_key:key_…` or the user's e-mail). */
  actor: Actor;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: ApiCaller | null;
  }
}

const CHALLENGE = { 'www-authenticate': 'Basic realm="Meridian API", charset="UTF-8"' };
const refused = (message: string, key: string) => new AppError(401, key, message, { headers: CHALLENGE });

/** `key_id:key_secret` from an `Authorization: Basic …` header, or null when it is not one. */
export function parseBasic(
  header: string | undefined,
): { keyId: string; secret: string } | 'malformed' | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,512})\s*$/i.exec(header);
  if (!match) return /^Basic\b/i.test(header) ? 'malformed' : null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return 'malformed';
  return { keyId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The guard of fabric's public endpoints: an API key (HTTP Basic `key_id:key_secret`, as RazorpayX and Cashfree
 * take theirs) or, without one, the dashboard session through the usual guard (bearer token + `client_id`
 * header). A missing, wrong or revoked key is a 401 with a JSON error that says which. A key's last use (time
 * and address) is written at most once a minute, and only when the stored one is older: usually no write.
 */
export function makeCallerGuard(deps: {
  db: Db;
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}) {
  return async function requireCaller(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const basic = parseBasic(request.headers.authorization);
    if (basic === 'malformed')
      throw refused('Malformed HTTP Basic credentials: send base64 of key_id:key_secret', 'invalid_api_key');
    if (!basic) {
      if (!request.headers.authorization)
        throw unauthorized(
          'Authentication required: send an API key as HTTP Basic key_id:key_secret (or a dashboard session)',
        );
      await deps.requireAuth(request, reply);
      const auth = request.auth!;
      request.caller = {
        clientRef: auth.clientRef,
        clientId: auth.clientId,
        channel: 'dashboard',
        apiKeyId: null,
        actor: { clientRef: auth.clientRef, userRef: auth.userRef, email: auth.email, meta: metaOf(request) },
      };
      return;
    }
    if (basic.keyId.length > 64 || basic.secret.length > 128)
      throw refused('Invalid API key', 'invalid_api_key');
    const verified = await verifyApiKey(deps.db, basic.keyId, basic.secret);
    if (verified === 'unknown') throw refused('Invalid API key', 'invalid_api_key');
    if (verified === 'revoked') throw refused('This API key has been revoked', 'api_key_revoked');
    const { caller, lastUsedAt } = verified;
    if (!lastUsedAt || Date.now() - lastUsedAt.getTime() > 60_000)
      await touchApiKey(deps.db, caller.keyId, request.ip);
    request.caller = {
      clientRef: caller.clientRef,
      clientId: caller.clientId,
      channel: 'api_key',
      apiKeyId: caller.keyId,
      actor: {
        clientRef: caller.clientRef,
        userRef: null,
        email: `api_key:${caller.keyId}`,
        meta: metaOf(request),
      },
    };
  };
}

/** The caller of a public endpoint; only valid behind `requireCaller`. */
export function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
