import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Serialises one client's writes of one kind (setting the account, creating the default cycles). */
export const lockClient = (tx: Db, kind: number, clientRef: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${kind}::int, ${clientRef}::int)`);
export const LOCK_ACCOUNT = 7301;
export const LOCK_CYCLES = 7302;
