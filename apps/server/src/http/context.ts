import type { FastifyRequest } from 'fastify';
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
};

/** Who is calling: recorded in audit entries and used for per-IP rate limits. */
export type RequestMeta = { ip: string; userAgent: string | null; requestId: string };

export const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});
