import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

/**
 * A database for one benchmark run: a new PostgreSQL database beside `databaseUrl` (dropped by `drop`), or an
 * in-memory PGlite when no URL is given.
 */
export async function freshDatabase(
  databaseUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; name: string; drop: () => Promise<void> }> {
  if (!databaseUrl)
    return { handle: await openDatabase({ dataDir: null }), name: 'in-memory', drop: async () => {} };
  const name = `meridian_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  try {
    return { handle: await openDatabase({ url: url.toString(), dataDir: null }), name, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}
