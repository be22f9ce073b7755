import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadKeys } from '../src/config/keys.ts';
import { openDatabase } from '../src/db/database.ts';

export const TEST_KEYS_DIR = join(import.meta.dirname, '..', '..', '..', '.tmp', 'test-keys');

/** What every test file's fresh database is copied from (see helpers.ts `freshDatabase`). */
export type DatabaseTemplate = { pgliteDump?: string; postgresDatabase?: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Once per run, before any test file: the test key material (RSA 3072 generation is slow), and one database with
 * every migration applied that each file's fresh database is copied from instead of being built again — on
 * PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`), on PGlite a dump of its data directory (a PGlite
 * started from it skips initdb, ~8 s, and the migrations, ~1.5 s). Files that migrate from an older state
 * (`migrationsFolder`) still start empty.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(TEST_KEYS_DIR, { recursive: true });
  loadKeys({ DATA_DIR: TEST_KEYS_DIR, AUTH_RSA_PRIVATE_KEY: undefined, AUTH_JWT_PRIVATE_KEY: undefined });

  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `meridian_template_${process.pid}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), dataDir: null });
    await handle.close();
    project.provide('databaseTemplate', { postgresDatabase: name });
    return () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase({ dataDir: null });
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = join(import.meta.dirname, '..', '..', '..', '.tmp', 'test-template');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { pgliteDump: file });
  return async () => rmSync(file, { force: true });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
