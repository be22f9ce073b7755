import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';

// Per-client counters.

/** Per-client counters (e.g. the payout sequence used for O(log n) paging and counting). */
export const clientSequences = pgTable(
  'client_sequences',
  {
    clientRef: clientRefColumn(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientRef, t.name] })],
);
