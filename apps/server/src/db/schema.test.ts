import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

const META = join(import.meta.dirname, '..', '..', 'drizzle', 'meta');

/** The snapshot drizzle-kit wrote with the journal's latest migration: the tables the migrations make. */
function latestSnapshot(): DrizzleSnapshotJSON {
  const journal = JSON.parse(readFileSync(join(META, '_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const latest = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(join(META, `${String(latest).padStart(4, '0')}_snapshot.json`), 'utf8'));
}

/** The SQL statements `drizzle-kit generate` would write to bring `migrated` to the tables of `tables`. */
const statements = (migrated: DrizzleSnapshotJSON, tables: Record<string, unknown>) =>
  generateMigration(migrated, generateDrizzleJson(tables, migrated.id));

describe('the schema', () => {
  it('is the tables of the latest migration: drizzle-kit would generate nothing', async () => {
    expect(await statements(latestSnapshot(), schema)).toEqual([]);
  });

  it('differs from the migrations when a table or a column is added', async () => {
    const extra = pgTable('schema_test_extra', { id: text('id').primaryKey() });
    expect((await statements(latestSnapshot(), { ...schema, extra })).join('\n')).toContain(
      'CREATE TABLE "schema_test_extra"',
    );

    const withoutColumn = latestSnapshot();
    delete withoutColumn.tables['public.seed_runs']!.columns['fingerprint'];
    expect((await statements(withoutColumn, schema)).join('\n')).toContain(
      'ALTER TABLE "seed_runs" ADD COLUMN "fingerprint"',
    );
  });
});
