import pg from 'pg';

/** The advisory lock key every process takes around its migrations (any constant; 'MERI' in ASCII). */
export const MIGRATION_LOCK_KEY = 0x4d455249;

/**
 * Runs `migrate` while holding a session advisory lock on a dedicated connection to `directUrl` (the primary,
 * not a transaction-mode pooler, which would release a session lock with the transaction that took it): several
 * processes started at once migrate one after the other, and each one after the first finds nothing to apply.
 * The lock goes with the connection, so a process that dies while migrating does not keep it.
 */
export async function withMigrationLock<T>(directUrl: string, migrate: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: directUrl, application_name: 'meridian-migrate' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await migrate();
  } finally {
    await client.end().catch(() => {});
  }
}
