import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database.ts';
import { tooManyRequests } from '../http/errors.ts';
import { AUTH_MESSAGES } from '@meridian/contract';

/**
 * Counts one hit on a fixed-window counter kept in the database (so every server process shares it) and
 * answers the count in the current window and the seconds until it resets.
 */
export async function hit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetIn: number }> {
  const rows = await queryRows<{ count: number; reset_in: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, count, window_ends_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      window_ends_at = CASE WHEN rate_limits.window_ends_at <= now()
        THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.window_ends_at END
    RETURNING count, ceil(extract(epoch FROM window_ends_at - now()))::int AS reset_in`,
  );
  const row = rows[0]!;
  return { count: Number(row.count), resetIn: Math.max(1, Number(row.reset_in)) };
}

/** The current count without counting a hit. */
export async function peek(db: Db, key: string): Promise<{ count: number; resetIn: number }> {
  const rows = await queryRows<{ count: number; reset_in: number }>(
    db,
    sql`
    SELECT count, ceil(extract(epoch FROM window_ends_at - now()))::int AS reset_in
    FROM rate_limits WHERE key = ${key} AND window_ends_at > now()`,
  );
  const row = rows[0];
  return row
    ? { count: Number(row.count), resetIn: Math.max(1, Number(row.reset_in)) }
    : { count: 0, resetIn: 0 };
}

/** Counts a hit and throws 429 (with Retry-After) once the limit is passed. */
export async function enforce(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const { count, resetIn } = await hit(db, key, windowSeconds);
  if (count > limit) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests, resetIn);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
