import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';

// The clients (companies) of Meridian and their feature switches.

/** A business client of Meridian (a company). `client_id` is the public, unguessable id. */
export const clients = pgTable('clients', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: text('client_id').notNull().unique(),
  companyCommonName: text('company_common_name').notNull(),
  /** The public urn of the company (`{product}_company_urn` in fabric's search keys): `CMP` + 32 hex digits. */
  companyUrn: text('company_urn')
    .notNull()
    .unique()
    .default(sql`('CMP' || upper(replace(gen_random_uuid()::text, '-', '')))`),
  /** `customer` for business clients, `internal` for Meridian's own staff. */
  kind: text('kind').notNull().default('customer'),
  /** Set by a client admin: every user of the company must sign in with a second factor. */
  mfaRequired: boolean('mfa_required').notNull().default(false),
  createdAt: createdAt(),
});

export const clientFeatures = pgTable('client_features', {
  clientRef: bigint('client_ref', { mode: 'number' })
    .primaryKey()
    .references(() => clients.id),
  frontendPayout: boolean('frontend_payout').notNull().default(true),
  bulkFrontendPayout: boolean('bulk_frontend_payout').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
