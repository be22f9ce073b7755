import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../src/db/database.ts';
import { DISTRIBUTION, DISTRIBUTION_COLUMN, type Placement } from '../src/db/distribution.ts';
import { freshDatabase } from './helpers.ts';

/**
 * Reads the catalogue of a migrated database and lists what would stop it from becoming a Citus cluster
 * distributed by client (docs/operating/scaling.md): a table that `DISTRIBUTION` does not classify; a distributed table
 * without a NOT NULL `client_ref`, whose primary key or a unique constraint/index lacks it, or that references
 * another distributed table without carrying it (client_ref ↔ client_ref, at the same position); and foreign keys
 * Citus refuses (a reference or local table pointing at a distributed one, a distributed or reference table
 * pointing at a local one).
 */
async function citusViolations(
  handle: DatabaseHandle,
  schemaName: string,
  placements: Record<string, Placement>,
): Promise<string[]> {
  const db = handle.db;
  const tables = await queryRows<{ table: string }>(
    db,
    // A partition (request_log's days) is placed with its parent: Citus distributes a partitioned table whole.
    sql`SELECT table_name AS "table" FROM information_schema.tables
        WHERE table_schema = ${schemaName} AND table_type = 'BASE TABLE'
          AND table_name NOT IN (SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                 WHERE n.nspname = ${schemaName} AND c.relispartition)
        ORDER BY 1`,
  );
  const columns = await queryRows<{ table: string; column: string; nullable: string }>(
    db,
    sql`SELECT table_name AS "table", column_name AS "column", is_nullable AS nullable
        FROM information_schema.columns WHERE table_schema = ${schemaName}`,
  );
  // Key columns of every unique index (primary keys and unique constraints included); null for an expression.
  const uniques = await queryRows<{
    table: string;
    index: string;
    primary: boolean;
    columns: (string | null)[];
  }>(
    db,
    sql`SELECT t.relname::text AS "table", ix.relname::text AS "index", i.indisprimary AS "primary",
          (SELECT array_agg(a.attname::text ORDER BY k.ord)
             FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
             LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
            WHERE k.ord <= i.indnkeyatts) AS columns
        FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid
        JOIN pg_class ix ON ix.oid = i.indexrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = ${schemaName} AND i.indisunique`,
  );
  const foreignKeys = await queryRows<{
    name: string;
    table: string;
    target: string;
    columns: string[];
    targetColumns: string[];
  }>(
    db,
    sql`SELECT c.conname::text AS name, src.relname::text AS "table", dst.relname::text AS target,
          (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
          (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS "targetColumns"
        FROM pg_constraint c
        JOIN pg_class src ON src.oid = c.conrelid
        JOIN pg_class dst ON dst.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = src.relnamespace
        WHERE c.contype = 'f' AND n.nspname = ${schemaName}`,
  );

  const found: string[] = [];
  const names = new Set(tables.map((t) => t.table));
  for (const table of names) if (!placements[table]) found.push(`${table}: not classified in DISTRIBUTION`);
  for (const table of Object.keys(placements))
    if (!names.has(table)) found.push(`${table}: classified but not in the database`);

  const C = DISTRIBUTION_COLUMN;
  const distributed = [...names].filter((t) => placements[t] === 'distributed');
  for (const table of distributed) {
    const column = columns.find((c) => c.table === table && c.column === C);
    if (!column) found.push(`${table}: no ${C} column`);
    else if (column.nullable !== 'NO') found.push(`${table}: ${C} may be null`);
    if (!uniques.some((u) => u.table === table && u.primary)) found.push(`${table}: no primary key`);
    for (const u of uniques.filter((x) => x.table === table && !x.columns.includes(C)))
      found.push(`${table}: ${u.primary ? 'primary key' : 'unique index'} ${u.index} lacks ${C}`);
  }
  for (const fk of foreignKeys) {
    const from = placements[fk.table];
    const to = placements[fk.target];
    if (!from || !to) continue; // reported above
    if (from === 'distributed' && to === 'distributed') {
      const carries = fk.columns.some((c, i) => c === C && fk.targetColumns[i] === C);
      if (!carries) found.push(`${fk.table}: foreign key ${fk.name} to ${fk.target} does not carry ${C}`);
    } else if (to === 'distributed' || (to === 'local' && from !== 'local'))
      found.push(`${fk.table}: foreign key ${fk.name} from a ${from} table to a ${to} table`);
  }
  return found.sort();
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await db?.handle.close();
  await db?.drop();
});

describe('the schema is ready to be distributed by client (Citus)', () => {
  it('classifies every table and keys every distributed table by client_ref', async () => {
    expect(await citusViolations(db.handle, 'public', DISTRIBUTION)).toEqual([]);
  });

  it('reports each way a table can break the rules (the check can fail)', async () => {
    const t = (name: string) => sql.raw(`citus_probe.${name}`);
    for (const statement of [
      sql`CREATE SCHEMA citus_probe`,
      sql`CREATE TABLE ${t('tenant')} (id bigint NOT NULL, client_ref bigint NOT NULL, urn text,
            PRIMARY KEY (client_ref, id), UNIQUE (id), UNIQUE (client_ref, urn))`,
      sql`CREATE UNIQUE INDEX tenant_lower_urn_uq ON ${t('tenant')} (lower(urn))`,
      sql`CREATE TABLE ${t('bare_key')} (id bigint PRIMARY KEY, client_ref bigint)`,
      sql`CREATE TABLE ${t('child_by_id')} (id bigint NOT NULL, client_ref bigint NOT NULL, tenant_ref bigint
            REFERENCES citus_probe.tenant (id), PRIMARY KEY (client_ref, id))`,
      sql`CREATE TABLE ${t('child_crossed')} (id bigint NOT NULL, client_ref bigint NOT NULL, tenant_ref bigint,
            PRIMARY KEY (client_ref, id),
            FOREIGN KEY (client_ref, tenant_ref) REFERENCES citus_probe.tenant (id, client_ref))`,
      sql`CREATE TABLE ${t('child_ok')} (id bigint NOT NULL, client_ref bigint NOT NULL, tenant_ref bigint,
            PRIMARY KEY (client_ref, id),
            FOREIGN KEY (client_ref, tenant_ref) REFERENCES citus_probe.tenant (client_ref, id))`,
      sql`CREATE TABLE ${t('lookup')} (id bigint PRIMARY KEY, client_ref bigint, tenant_ref bigint,
            FOREIGN KEY (client_ref, tenant_ref) REFERENCES citus_probe.tenant (client_ref, id))`,
      sql`CREATE TABLE ${t('unlisted')} (id bigint PRIMARY KEY)`,
    ])
      await db.handle.db.execute(statement);
    const violations = await citusViolations(db.handle, 'citus_probe', {
      tenant: 'distributed',
      bare_key: 'distributed',
      child_by_id: 'distributed',
      child_crossed: 'distributed',
      child_ok: 'distributed',
      lookup: 'reference',
      gone: 'local',
    });
    await db.handle.db.execute(sql`DROP SCHEMA citus_probe CASCADE`);
    expect(violations).toEqual([
      'bare_key: client_ref may be null',
      'bare_key: primary key bare_key_pkey lacks client_ref',
      'child_by_id: foreign key child_by_id_tenant_ref_fkey to tenant does not carry client_ref',
      'child_crossed: foreign key child_crossed_client_ref_tenant_ref_fkey to tenant does not carry client_ref',
      'gone: classified but not in the database',
      'lookup: foreign key lookup_client_ref_tenant_ref_fkey from a reference table to a distributed table',
      'tenant: unique index tenant_id_key lacks client_ref',
      'tenant: unique index tenant_lower_urn_uq lacks client_ref',
      'unlisted: not classified in DISTRIBUTION',
    ]);
  });
});
