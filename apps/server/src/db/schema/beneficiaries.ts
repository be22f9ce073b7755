import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';

// The people and companies a client pays.

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    provider: text('provider').notNull(),
    providerCode: text('provider_code').notNull(),
    transferType: text('transfer_type').notNull(),
    senderAccountRef: bigint('sender_account_ref', { mode: 'number' }).notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    bankName: text('bank_name'),
    upiId: text('upi_id'),
    status: text('status').notNull().default('ACTIVE'),
    /** The bank's name match of the last penny drop for this account (0–100); null when never validated. */
    nameMatchScore: integer('name_match_score'),
    /** Until when the cooling-off limits of a new or changed beneficiary apply (null: none). */
    limitedUntil: ts('limited_until'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'beneficiaries_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'beneficiaries_sender_account_fk',
      columns: [t.clientRef, t.senderAccountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    // text_pattern_ops: equality (lists, lookups) and prefix LIKE (the global search) whatever the collation.
    uniqueIndex('beneficiaries_client_code_uq').on(t.clientRef, sql`lower(${t.code}) text_pattern_ops`),
    index('beneficiaries_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('beneficiaries_client_account_idx').on(t.clientRef, t.accountNumber.op('text_pattern_ops')),
    // Word-prefix name search (`to_tsquery('simple', 'kav:*')`): core full-text search, no extension needed.
    index('beneficiaries_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
  ],
);
