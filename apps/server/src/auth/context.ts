import type { Config } from '../config/config.ts';
import type { KeyMaterial } from '../config/keys.ts';
import type { Db } from '../db/database.ts';
import type { EmailSender, SmsSender } from '../notify/senders.ts';

/** What the auth domain needs from the outside world. */
export type AuthDeps = {
  db: Db;
  config: Config;
  keys: KeyMaterial;
  sms: SmsSender;
  email: EmailSender;
};

/** Who is calling: recorded in audit entries and used for per-IP rate limits. */
export type RequestMeta = { ip: string; userAgent: string | null; requestId: string };
