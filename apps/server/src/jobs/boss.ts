import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

/** Defaults strong enough for money: retries with exponential backoff, then a dead-letter queue. */
export const QUEUE_DEFAULTS = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
} as const;

/** pg-boss on the same database as the application (PGlite or PostgreSQL). */
export async function startBoss(
  handle: DatabaseHandle,
  onError: (err: Error) => void,
  opts: { sendOnly?: boolean } = {},
): Promise<PgBoss> {
  // A process that only sends (JOBS=send) neither supervises the queues nor runs the schedules: the workers do.
  const role = opts.sendOnly ? { supervise: false, schedule: false } : {};
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite!), backend: 'pglite', schema: 'pgboss', ...role })
      : new PgBoss({ connectionString: handle.url!, max: opts.sendOnly ? 2 : 5, schema: 'pgboss', ...role });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/** Creates a queue with its dead-letter queue (idempotent). */
export async function ensureQueue(
  boss: PgBoss,
  name: string,
  options: { retryLimit?: number; retryDelay?: number; expireInSeconds?: number } = {},
): Promise<void> {
  const deadLetter = `${name}.dead`;
  await boss.createQueue(deadLetter);
  await boss.createQueue(name, { ...QUEUE_DEFAULTS, ...options, deadLetter });
}
