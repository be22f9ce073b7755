import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

// The database's type, apart from the code that opens it (database.ts) so that what that code calls can name it.

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
