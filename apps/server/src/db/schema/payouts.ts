import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { beneficiaries } from './beneficiaries.ts';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';

// Payouts and their state changes.

export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    urn: text('urn').notNull(),
    clientRef: clientRefColumn(),
    /** 1, 2, 3… per client in creation order (created_at is non-decreasing in seq). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    /** Null for a settlement payout (to the client's own settlement account, not a beneficiary). */
    beneficiaryRef: bigint('beneficiary_ref', { mode: 'number' }),
    /** PAYOUT (to a beneficiary) or SETTLEMENT (collections swept to the client's settlement account). */
    kind: text('kind').notNull().default('PAYOUT'),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    bankReferenceNumber: text('bank_reference_number'),
    beneficiaryCode: text('beneficiary_code').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryAccountNumber: text('beneficiary_account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferType: text('transfer_type').notNull(),
    purposeMessage: text('purpose_message').notNull(),
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    /** When the sandbox rail's next step for this payout is due (settle, or return); null when final. */
    railDueAt: ts('rail_due_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payouts_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payouts_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    foreignKey({
      name: 'payouts_beneficiary_fk',
      columns: [t.clientRef, t.beneficiaryRef],
      foreignColumns: [beneficiaries.clientRef, beneficiaries.id],
    }),
    index('payouts_rail_due_idx')
      .on(t.railDueAt)
      .where(sql`rail_due_at IS NOT NULL`),
    uniqueIndex('payouts_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('payouts_client_seq_uq').on(t.clientRef, t.seq),
    uniqueIndex('payouts_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    index('payouts_client_created_idx').on(t.clientRef, t.createdAt, t.seq),
    // text_pattern_ops: equality (list search) and prefix LIKE (global search) whatever the collation.
    index('payouts_client_utr_idx').on(t.clientRef, t.bankReferenceNumber.op('text_pattern_ops')),
    index('payouts_client_urn_prefix_idx').on(t.clientRef, t.urn.op('text_pattern_ops')),
    index('payouts_client_crn_prefix_idx').on(
      t.clientRef,
      sql`lower(${t.customerReferenceNumber}) text_pattern_ops`,
    ),
  ],
);

export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    payoutRef: bigint('payout_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payout_events_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payout_events_payout_fk',
      columns: [t.clientRef, t.payoutRef],
      foreignColumns: [payouts.clientRef, payouts.id],
    }),
    index('payout_events_payout_idx').on(t.clientRef, t.payoutRef),
  ],
);
