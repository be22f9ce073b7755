import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';

type Journal = { entries: { tag: string; when: number }[] };
type Applied = { count: number; hash: string; created_at: string };

/**
 * Whether the database has applied every migration of `folder` already (the usual start): drizzle's table
 * `drizzle.__drizzle_migrations` holds as many migrations as the folder's journal, and its latest one is the
 * journal's last (same time, same SQL hash, as drizzle's migrator records them). One query; when it answers false,
 * or the table does not exist yet, the migrator runs (and applies what is missing). A new migration in the folder
 * changes the count and the last entry, so it is never skipped.
 */
export async function migrationsApplied(db: Db, folder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) return false;
  let applied: Applied | undefined;
  try {
    const result = (await db.execute(
      sql`SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS count, hash, created_at::text
          FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    )) as unknown as { rows: Applied[] };
    applied = result.rows[0];
  } catch {
    return false; // no migrations table yet: a new database
  }
  if (!applied) return false;
  const hash = createHash('sha256')
    .update(readFileSync(join(folder, `${last.tag}.sql`), 'utf8'))
    .digest('hex');
  return (
    applied.count === journal.entries.length &&
    applied.created_at === String(last.when) &&
    applied.hash === hash
  );
}
