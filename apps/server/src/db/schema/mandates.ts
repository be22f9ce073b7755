import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';

// E-mandates, their events and presentations.

/**
 * An e-mandate registration (NACH or UPI autopay): the payer's standing authorisation for the client to debit up
 * to `max_amount` at `frequency` between `start_date` and `end_date` (null: until cancelled). The customer
 * answers on our hosted page (`auth_token`, 256 random bits, is the capability); presentations credit
 * `account_ref`, the client's current account.
 */
export const mandates = pgTable(
  'mandates',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    /** NACH or UPI_AUTOPAY. */
    type: text('type').notNull(),
    /** PENDING, ACTIVE, REJECTED, PAUSED, CANCELLED, EXPIRED. */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    umrn: text('umrn'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerMobile: text('customer_mobile').notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    accountType: text('account_type'),
    bankName: text('bank_name'),
    vpa: text('vpa'),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    authToken: text('auth_token').notNull(),
    authorisationUrl: text('authorisation_url').notNull(),
    authExpiresAt: ts('auth_expires_at').notNull(),
    authorisedAt: ts('authorised_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mandates_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandates_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    check('mandates_max_amount_positive', sql`${t.maxAmount} > 0`),
    uniqueIndex('mandates_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('mandates_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    index('mandates_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    // text_pattern_ops: equality (list search) and prefix LIKE (the global search) whatever the collation.
    index('mandates_client_umrn_idx').on(t.clientRef, t.umrn.op('text_pattern_ops')),
    index('mandates_client_urn_prefix_idx').on(t.clientRef, t.urn.op('text_pattern_ops')),
    index('mandates_client_crn_prefix_idx').on(
      t.clientRef,
      sql`lower(${t.customerReferenceNumber}) text_pattern_ops`,
    ),
    /** The hosted page finds a mandate by its token before it knows the client (every node, on Citus). */
    index('mandates_auth_token_idx').on(t.authToken),
    /** The sweeper: PENDING mandates whose authorisation window closed, and mandates past their end date. */
    index('mandates_auth_expiry_idx')
      .on(t.authExpiresAt)
      .where(sql`status = 'PENDING'`),
    index('mandates_end_date_idx')
      .on(t.endDate)
      .where(sql`status IN ('ACTIVE', 'PAUSED') AND end_date IS NOT NULL`),
  ],
);

export const mandateEvents = pgTable(
  'mandate_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    mandateRef: bigint('mandate_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mandate_events_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandate_events_mandate_fk',
      columns: [t.clientRef, t.mandateRef],
      foreignColumns: [mandates.clientRef, mandates.id],
    }),
    index('mandate_events_mandate_idx').on(t.clientRef, t.mandateRef),
  ],
);

/**
 * A debit under a mandate (a presentation): PENDING on the rail, then SUCCESS (credited to the mandate's client
 * account) or BOUNCED. `period_key` names the mandate's frequency period it uses (`2026-11` for MONTHLY; null
 * for ADHOC): at most one live (not bounced) presentation per mandate and period.
 */
export const mandatePresentations = pgTable(
  'mandate_presentations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    mandateRef: bigint('mandate_ref', { mode: 'number' }).notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    remarks: text('remarks'),
    periodKey: text('period_key'),
    /** PENDING, SUCCESS, BOUNCED. */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    bankReferenceNumber: text('bank_reference_number'),
    /** When the sandbox rail's step for this presentation is due; null when final. */
    railDueAt: ts('rail_due_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mandate_presentations_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandate_presentations_mandate_fk',
      columns: [t.clientRef, t.mandateRef],
      foreignColumns: [mandates.clientRef, mandates.id],
    }),
    check('mandate_presentations_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('mandate_presentations_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('mandate_presentations_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    uniqueIndex('mandate_presentations_period_uq')
      .on(t.clientRef, t.mandateRef, t.periodKey)
      .where(sql`period_key IS NOT NULL AND status <> 'BOUNCED'`),
    index('mandate_presentations_client_created_idx').on(
      t.clientRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    index('mandate_presentations_mandate_idx').on(t.clientRef, t.mandateRef, t.createdAt),
    index('mandate_presentations_client_utr_idx').on(t.clientRef, t.bankReferenceNumber),
    index('mandate_presentations_rail_due_idx')
      .on(t.railDueAt)
      .where(sql`rail_due_at IS NOT NULL`),
  ],
);
