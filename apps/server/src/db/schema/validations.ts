import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt } from './columns.ts';

// Bank-account validations (penny drops).

export const validations = pgTable(
  'validations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    urn: text('urn').notNull(),
    clientRef: clientRefColumn(),
    customerReferenceNumber: text('customer_reference_number'),
    bankReferenceNumber: text('bank_reference_number'),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name').notNull(),
    nameGiven: text('name_given').notNull(),
    registeredName: text('registered_name'),
    nameMatchScore: integer('name_match_score'),
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'validations_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('validations_client_urn_uq').on(t.clientRef, t.urn),
    index('validations_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('validations_client_account_idx').on(t.clientRef, t.accountNumber),
    index('validations_client_utr_idx').on(t.clientRef, t.bankReferenceNumber),
  ],
);
