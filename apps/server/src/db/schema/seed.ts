import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

// The seeds that ran.

/**
 * Seeds that ran to the end, with the fingerprint of their code and options (seed/seed-runs.ts): a start whose
 * seed has the same fingerprint skips it in one query.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  finishedAt: ts('finished_at').notNull().defaultNow(),
});
