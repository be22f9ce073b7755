import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { bytea, createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';
import { payouts } from './payouts.ts';

// Bulk payouts: the bulk, its input file, its rows.

/**
 * A bulk payout: a file of rows (CSV or XLSX, or JSON rows stored as CSV) submitted at once and processed by a
 * job, in row order, each row into one payout through the payouts service. `status` is the job's: QUEUED →
 * PROCESSING → COMPLETED, COMPLETED_WITH_ERRORS (some rows were refused) or FAILED (all were); answers derive the
 * bulk's status from it and its payouts (never COMPLETED while one is PENDING). `lease_until`: until when the job
 * working on it counts as alive; the sweeper re-sends the job of a QUEUED or PROCESSING bulk whose lease has run
 * out.
 */
export const bulks = pgTable(
  'bulks',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    fileName: text('file_name').notNull(),
    /** csv or xlsx */
    format: text('format').notNull(),
    /** The account debited (a current account). */
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('QUEUED'),
    totalRows: integer('total_rows').notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    /** Rows that became a payout, and rows the payouts service refused (REJECTED); the rest are pending. */
    processedRows: integer('processed_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    /** The user who submitted it (the payouts are theirs in the audit log). */
    createdByRef: bigint('created_by_ref', { mode: 'number' }),
    createdBy: text('created_by'),
    leaseUntil: ts('lease_until'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ name: 'bulks_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'bulks_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    uniqueIndex('bulks_client_urn_uq').on(t.clientRef, t.urn),
    index('bulks_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    // The sweeper's scan: unfinished bulks by lease.
    index('bulks_open_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status IN ('QUEUED', 'PROCESSING')`),
    check('bulks_counts', sql`${t.processedRows} + ${t.rejectedRows} <= ${t.totalRows}`),
  ],
);

/** A bulk's input file as uploaded (bytes), for the input download; one per bulk. */
export const bulkFiles = pgTable(
  'bulk_files',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    bulkRef: bigint('bulk_ref', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'bulk_files_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'bulk_files_bulk_fk',
      columns: [t.clientRef, t.bulkRef],
      foreignColumns: [bulks.clientRef, bulks.id],
    }),
    uniqueIndex('bulk_files_client_bulk_uq').on(t.clientRef, t.bulkRef),
  ],
);

/**
 * One row of a bulk: PENDING until the job reaches it, then PROCESSED (its payout is `payout_ref`; the answers
 * show the payout's state) or REJECTED (`failure_reason`). The row is marked in the same transaction as its
 * payout is created, so a row has at most one payout even when the process dies mid-way.
 */
export const bulkLineItems = pgTable(
  'bulk_line_items',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    bulkRef: bigint('bulk_ref', { mode: 'number' }).notNull(),
    /** 1 for the file's first data row. */
    row: integer('row').notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    beneficiaryCode: text('beneficiary_code'),
    beneficiaryName: text('beneficiary_name'),
    beneficiaryAccountNumber: text('beneficiary_account_number'),
    ifsc: text('ifsc'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferType: text('transfer_type').notNull(),
    purposeMessage: text('purpose_message').notNull(),
    status: text('status').notNull().default('PENDING'),
    payoutRef: bigint('payout_ref', { mode: 'number' }),
    failureReason: text('failure_reason'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bulk_line_items_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'bulk_line_items_bulk_fk',
      columns: [t.clientRef, t.bulkRef],
      foreignColumns: [bulks.clientRef, bulks.id],
    }),
    foreignKey({
      name: 'bulk_line_items_payout_fk',
      columns: [t.clientRef, t.payoutRef],
      foreignColumns: [payouts.clientRef, payouts.id],
    }),
    uniqueIndex('bulk_line_items_client_bulk_row_uq').on(t.clientRef, t.bulkRef, t.row),
    // The job's next batch: a bulk's PENDING rows in row order.
    index('bulk_line_items_pending_idx')
      .on(t.clientRef, t.bulkRef, t.row)
      .where(sql`status = 'PENDING'`),
    // The validation's check of references already taken by rows not processed yet.
    index('bulk_line_items_pending_crn_idx')
      .on(t.clientRef, t.customerReferenceNumber)
      .where(sql`status = 'PENDING'`),
    // One row per payout (a second claim of the same payout would fail).
    uniqueIndex('bulk_line_items_client_payout_uq')
      .on(t.clientRef, t.payoutRef)
      .where(sql`payout_ref IS NOT NULL`),
    check('bulk_line_items_amount_positive', sql`${t.amount} > 0`),
  ],
);
