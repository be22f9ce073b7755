import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';

// The clients (companies) of Meridian, their modes and their feature switches.

/**
 * A tenant: every data row points at one (`client_ref`). A business client of Meridian (a company) is a row with
 * `company_ref` null, and that row is also the company's **live mode**; its **test mode** is a second row with
 * `company_ref` = the company and `livemode` false ("<Company> (test mode)"). What describes the company (members,
 * roles, the audit log, the IP allow-list, two-factor) keys on the company row; everything a mode moves or records
 * on the mode's row. `client_id` is the public, unguessable id.
 */
export const clients = pgTable(
  'clients',
  {
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
    /** Null on a company (its live mode); the company of a test-mode tenant. */
    companyRef: bigint('company_ref', { mode: 'number' }).references((): AnyPgColumn => clients.id),
    /** True on a company row (live mode), false on its test-mode tenant. */
    livemode: boolean('livemode').notNull().default(true),
    /** On a company row: Meridian operations have opened its live mode (live money may move). */
    liveModeEnabled: boolean('live_mode_enabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('clients_mode_check', sql`${t.livemode} = (${t.companyRef} IS NULL)`),
    uniqueIndex('clients_company_test_uq')
      .on(t.companyRef)
      .where(sql`${t.companyRef} IS NOT NULL`),
  ],
);

export const clientFeatures = pgTable('client_features', {
  clientRef: bigint('client_ref', { mode: 'number' })
    .primaryKey()
    .references(() => clients.id),
  frontendPayout: boolean('frontend_payout').notNull().default(true),
  bulkFrontendPayout: boolean('bulk_frontend_payout').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
