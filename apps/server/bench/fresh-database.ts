import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

/**
 * A new, empty PostgreSQL database beside the one `databaseUrl` names (same server and credentials): its URL,
 * its name and `drop` (forced: connections still open are ended).
 */
export async function databaseBeside(
  databaseUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
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
  return { url: url.toString(), name, drop };
}

/**
 * A database for one benchmark run, opened and migrated: a new PostgreSQL database beside `databaseUrl` (dropped
 * by `drop`), or an in-memory PGlite when no URL is given.
 */
export async function freshDatabase(
  databaseUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; name: string; drop: () => Promise<void> }> {
  if (!databaseUrl)
    return { handle: await openDatabase({ dataDir: null }), name: 'in-memory', drop: async () => {} };
  const { url, name, drop } = await databaseBeside(databaseUrl);
  try {
    return { handle: await openDatabase({ url, dataDir: null }), name, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}
