import type { FastifyRequest } from 'fastify';
import type { SessionCache } from '../db/session-cache.ts';
import type { Config } from '../config/config.ts';
import type { KeyMaterial } from '../config/keys.ts';
import type { Db } from '../db/database.ts';
import type { EmailSender, SmsSender } from '../notify/senders.ts';

/** What the domains need from the outside world (database, settings, keys, senders). */
export type AppDeps = {
  db: Db;
  config: Config;
  keys: KeyMaterial;
  sms: SmsSender;
  email: EmailSender;
  /** Where a domain reports the sessions it has revoked, once committed (db/session-cache.ts). */
  sessions: SessionRevocations;
};

/**
 * The guard caches live sessions in each process; code that revokes sessions tells this process's cache at
 * once (the others hear it from the database).
 */
export type SessionRevocations = {
  revoked(sessionIds: string[]): Promise<void>;
  /**
   * Resolves once every process has heard of every change committed before the call (the triggers' notices of
   * a changed user or client): for a change the guard reads that revokes nothing. Absent where nothing is cached.
   */
  sync?(): Promise<boolean>;
  /** A cache on the same invalidation feed (the API-key guard's); absent where nothing is cached. */
  companion?<W>(): SessionCache<W>;
};

/** Who is calling: recorded in audit entries and used for per-IP rate limits. */
export type RequestMeta = { ip: string; userAgent: string | null; requestId: string };

export const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});
