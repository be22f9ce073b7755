import { sql } from 'drizzle-orm';
import { inTransaction, queryRows, type Db } from '../db/database.ts';

/**
 * The request log's day partitions (`request_log_YYYYMMDD`, one UTC day each): made ahead so that a day's rows
 * never land in the default partition, and dropped whole once the day is older than the retention.
 */

const DAY_MS = 86_400_000;
/** Today's partition and the next ones made ahead. */
export const PARTITIONS_AHEAD = 2;
const PARTITION_NAME = /^request_log_(\d{4})(\d{2})(\d{2})$/;

/** The start (UTC midnight) of the day holding `at`. */
const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** `request_log_YYYYMMDD` of the UTC day starting at `day`. */
export function partitionName(day: Date): string {
  return `request_log_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The UTC day (its midnight) a partition's name stands for, or null for another table. */
export function partitionDay(name: string): Date | null {
  const m = PARTITION_NAME.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** The day partitions of request_log (not the default one), from the catalogue. */
export async function listPartitions(db: Db): Promise<{ name: string; day: Date }[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'request_log'::regclass`,
  );
  return rows
    .map((r) => ({ name: r.name, day: partitionDay(r.name) }))
    .filter((p): p is { name: string; day: Date } => p.day !== null)
    .sort((a, b) => a.day.getTime() - b.day.getTime());
}

const errorCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e.code ?? e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};
/** Another process made the same partition at the same moment. */
const ALREADY_MADE = new Set(['42P07', '23505']);
/** The default partition holds rows of the day (check_violation). */
const DEFAULT_HOLDS_DAY = '23514';

/**
 * Makes the partition of the UTC day starting at `day` if it is missing. When the default partition already
 * holds rows of that day (no partition was made in time), they move into the new partition in the same
 * transaction: PostgreSQL refuses a partition whose range the default partition has rows of.
 */
async function ensurePartition(db: Db, day: Date): Promise<boolean> {
  const name = partitionName(day);
  const from = day.toISOString();
  const to = new Date(day.getTime() + DAY_MS).toISOString();
  const create = sql.raw(
    `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "request_log" FOR VALUES FROM ('${from}') TO ('${to}')`,
  );
  try {
    await db.execute(create);
    return true;
  } catch (err) {
    if (ALREADY_MADE.has(errorCode(err) ?? '')) return false;
    if (errorCode(err) !== DEFAULT_HOLDS_DAY) throw err;
  }
  await inTransaction(db, async (tx) => {
    const moved = sql.raw(`"request_log_moved_${name.slice(12)}"`);
    await tx.execute(
      sql`CREATE TEMP TABLE ${moved} ON COMMIT DROP AS
          SELECT * FROM request_log_default WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`,
    );
    await tx.execute(
      sql`DELETE FROM request_log_default WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`,
    );
    await tx.execute(create);
    await tx.execute(sql`INSERT INTO request_log SELECT * FROM ${moved}`);
  });
  return true;
}

/**
 * Makes the partitions of today and the next PARTITIONS_AHEAD UTC days (at start, by the minute sweeper and by
 * the recorder when a new day begins). Safe to run often and from several processes at once.
 */
export async function ensurePartitions(db: Db, now = new Date()): Promise<string[]> {
  const today = dayStart(now);
  const made: string[] = [];
  for (let i = 0; i <= PARTITIONS_AHEAD; i++) {
    const day = new Date(today.getTime() + i * DAY_MS);
    const name = partitionName(day);
    const exists = await queryRows<{ n: number }>(
      db,
      sql`SELECT 1 AS n FROM pg_class WHERE relname = ${name} AND relkind IN ('r', 'p')`,
    );
    if (exists.length === 0 && (await ensurePartition(db, day))) made.push(name);
  }
  return made;
}

/**
 * Expiry: drops every day partition whose whole day ended more than `retentionDays` days before `now`, and
 * deletes the default partition's rows as old. Answers the names of the dropped partitions.
 */
export async function dropExpiredPartitions(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<string[]> {
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (p.day.getTime() + DAY_MS > cutoff) continue;
    await db.execute(sql.raw(`DROP TABLE IF EXISTS "${p.name}"`));
    dropped.push(p.name);
  }
  await db.execute(
    sql`DELETE FROM request_log_default WHERE created_at < ${new Date(cutoff).toISOString()}::timestamptz`,
  );
  return dropped;
}
