import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from '../src/db/database.ts';

// Moving a database made by an earlier version forward: the migrations up to a point, and that version's data.

/** A copy of the migrations folder that stops after the first `count` migrations. */
export function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(dir, `${tag}.sql`));
  return dir;
}

/** The demo data of the version of migration 0001 (fixtures/demo-data-0001.sql), loaded at that migration. */
export async function loadFixture(handle: DatabaseHandle): Promise<void> {
  const text = readFileSync(join(import.meta.dirname, 'fixtures', 'demo-data-0001.sql'), 'utf8');
  if (handle.pool) await handle.pool.query(text);
  else await handle.pglite!.exec(text);
}
