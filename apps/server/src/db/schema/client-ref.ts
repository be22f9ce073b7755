import { bigint } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

// How each table is placed on a Citus cluster (distributed by client, reference, local) is declared in
// ../distribution.ts, and docs/operating/scaling.md explains it. A distributed table carries `client_ref` (the distribution
// column) in its primary key and in every unique constraint, and references other distributed tables with
// composite keys `(client_ref, x_ref) → (client_ref, id)`, so that a client's rows always sit on one node.

/** The distribution column of a tenant table: the client the row belongs to. */
export const clientRefColumn = () =>
  bigint('client_ref', { mode: 'number' })
    .notNull()
    .references(() => clients.id);
