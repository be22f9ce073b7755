import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import * as schema from './schema.ts';
import { withMigrationLock } from './migration-lock.ts';
import { migrationsApplied } from './migration-state.ts';
import type { Db } from './db-type.ts';

export type { Db, Schema } from './db-type.ts';

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgresql';
  /** The raw connection, for pg-boss. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The primary's own URL (not a pooler's): LISTEN/NOTIFY and pg-boss connect here. */
  url?: string;
  close(): Promise<void>;
};

/**
 * Pools that reach PostgreSQL through a transaction-mode pooler (DATABASE_DIRECT_URL set): a named prepared
 * statement would be prepared on one server connection and executed on another, so they use unnamed ones.
 */
const TRANSACTION_POOLED = new WeakSet<pg.Pool>();
export const isTransactionPooled = (pool: pg.Pool): boolean => TRANSACTION_POOLED.has(pool);

/** The pool's connections when DATABASE_POOL_SIZE is not set (see config.ts). */
export const DEFAULT_POOL_SIZE = 20;

/** The migrations drizzle-kit generates from schema.ts. */
export const MIGRATIONS_FOLDER = join(import.meta.dirname, '..', '..', 'drizzle');

/** Applies the migrations of `folder` that the database has not seen yet (all in one transaction). */
export async function migrateDatabase(handle: DatabaseHandle, folder = MIGRATIONS_FOLDER): Promise<void> {
  // Every migration applied already (the usual start): one query, and drizzle's migrator is not even loaded.
  if (await migrationsApplied(handle.db, folder)) return;
  if (handle.kind === 'postgresql') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

/** PGlite's PostgreSQL settings (a single-user server in this process; the data files stay in the OS's cache). */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
  'wal_buffers=1MB',
];

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite (in `dataDir`, or in memory when null), and migrates
 * (with the migrations of `migrationsFolder`: tests migrate from an older state). `pgliteDump` starts PGlite from
 * a data directory `dumpDataDir` wrote instead of running initdb (~8 s): the tests' migrated template.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  /** The primary itself when `url` is a transaction-mode pooler (LISTEN, pg-boss, the migration lock). */
  directUrl?: string | undefined;
  dataDir: string | null;
  migrationsFolder?: string;
  pgliteDump?: Blob;
  /** PostgreSQL connections of the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is an 'error' on the
    // pool; without a listener it would crash the process. The pool drops that connection and opens another.
    pool.on('error', () => {});
    // A connection that ends while checked out between two queries (a transaction waiting on the code, a
    // pooler restarted) is an 'error' on its client, with no listener then: the next query fails instead, and
    // the pool drops the connection.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = opts.directUrl ?? opts.url;
    if (opts.directUrl) TRANSACTION_POOLED.add(pool);
    const handle: DatabaseHandle = { db, kind: 'postgresql', pool, url, close: () => pool.end() };
    // Several processes may start at once: they migrate one after the other. The usual start finds every
    // migration applied in one query and needs no lock (nor its extra connection).
    const folder = opts.migrationsFolder ?? MIGRATIONS_FOLDER;
    if (!(await migrationsApplied(db, folder)))
      await withMigrationLock(url, () => migrateDatabase(handle, folder));
    return handle;
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite (its WASM PostgreSQL) is loaded only by a process that runs on it.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const pglite = await PGlite.create({
    // Sized for a laptop: PostgreSQL's default 128 MB of shared buffers live in PGlite's WASM memory and fill up
    // (measured after migrations, the demo seed and 300 list queries: ~390 MB → ~270 MB RSS with these).
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const handle: DatabaseHandle = { db, kind: 'pglite', pglite, close: () => pglite.close() };
  await migrateDatabase(handle, opts.migrationsFolder);
  return handle;
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs `fn` in one transaction (both drivers); the transaction is handed over as a plain `Db`. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
