import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrateDatabase, queryRows, type DatabaseHandle } from '../src/db/database.ts';
import { migrationsApplied } from '../src/db/migration-state.ts';
import { freshDatabase } from './helpers.ts';

/**
 * A start skips the migrator when every migration of the folder is applied (one query), and still applies a
 * migration that is missing: a copy of the migrations folder with one more migration is applied to the database.
 */
describe('migrations at start', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const applied = async () =>
    (
      await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )
    )[0]!.n;

  it('skips them when every migration is applied', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(await applied()).toBe(journal.entries.length);
    expect(await migrationsApplied(handle.db, MIGRATIONS_FOLDER)).toBe(true);
    await migrateDatabase(handle);
    expect(await applied()).toBe(journal.entries.length);
  });

  it('applies a new migration, then skips again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'meridian-migrations-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    const tag = `${String(last.idx + 1).padStart(4, '0')}_test_added`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(join(folder, `${tag}.sql`), 'CREATE TABLE "test_added" ("id" integer PRIMARY KEY);');
    const before = await applied();

    expect(await migrationsApplied(handle.db, folder)).toBe(false);
    await migrateDatabase(handle, folder);
    expect(await applied()).toBe(before + 1);
    expect(await queryRows(handle.db, sql`SELECT * FROM test_added`)).toEqual([]);
    expect(await migrationsApplied(handle.db, folder)).toBe(true);
    // The original folder now lags behind the database: not "applied" by the check, and the migrator has nothing
    // to do (it applies only migrations newer than the latest applied).
    expect(await migrationsApplied(handle.db, MIGRATIONS_FOLDER)).toBe(false);
    await migrateDatabase(handle);
    expect(await applied()).toBe(before + 1);
  });

  it('answers false on a database without the migrations table', async () => {
    await handle.db.execute(
      sql`ALTER TABLE drizzle.__drizzle_migrations RENAME TO __drizzle_migrations_away`,
    );
    try {
      expect(await migrationsApplied(handle.db, MIGRATIONS_FOLDER)).toBe(false);
    } finally {
      await handle.db.execute(
        sql`ALTER TABLE drizzle.__drizzle_migrations_away RENAME TO __drizzle_migrations`,
      );
    }
  });
});
