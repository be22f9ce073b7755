import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';

// Settlements: the client's settlement account, the cycles and each settlement.

/**
 * The client's own bank account that settlements pay into, checked by penny drop (a bank-account validation)
 * before use: VERIFIED or REJECTED (with the reason). At most one is active per client.
 */
export const settlementAccounts = pgTable(
  'settlement_accounts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    bankName: text('bank_name'),
    /** VERIFIED or REJECTED. */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    /** The penny drop: the validation's urn, the name the bank gave and the match score. */
    validationUrn: text('validation_urn'),
    registeredName: text('registered_name'),
    nameMatchScore: integer('name_match_score'),
    isActive: boolean('is_active').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'settlement_accounts_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('settlement_accounts_one_active_uq')
      .on(t.clientRef)
      .where(sql`is_active`),
  ],
);

/**
 * A settlement cycle: T0 (same day, at each of `run_times`, HH:mm in `time_zone`) or T1 (the previous day's
 * collections, at the first of `run_times`); skipped below `min_amount`; `enabled` on/off. `next_run_at` is when
 * the scheduler runs it next (null when disabled).
 */
export const settlementCycles = pgTable(
  'settlement_cycles',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    cycleId: text('cycle_id').notNull(),
    name: text('name').notNull(),
    /** T0 or T1. */
    type: text('type').notNull(),
    runTimes: jsonb('run_times').$type<string[]>().notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    minAmount: bigint('min_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'settlement_cycles_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('settlement_cycles_client_cycle_uq').on(t.clientRef, t.cycleId),
    index('settlement_cycles_due_idx')
      .on(t.nextRunAt)
      .where(sql`enabled AND next_run_at IS NOT NULL`),
  ],
);

/**
 * One settlement: the collected money of one virtual account up to `window_end`, swept by one run of a cycle to
 * the settlement account as a payout (`payout_urn`, the current attempt; `attempts` counts them). Unique per
 * (cycle, window, account): a run repeated for the same window moves money once.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    cycleRef: bigint('cycle_ref', { mode: 'number' }).notNull(),
    /** T0 or T1 (the cycle's type when it ran). */
    type: text('type').notNull(),
    /** SCHEDULED or MANUAL. */
    trigger: text('trigger').notNull(),
    windowStart: ts('window_start').notNull(),
    windowEnd: ts('window_end').notNull(),
    /** The ledger account swept (a virtual account's). */
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    settlementAccountRef: bigint('settlement_account_ref', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** PENDING, SETTLED, FAILED (the money is back where it was; it may be reattempted). */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    payoutUrn: text('payout_urn'),
    bankReferenceNumber: text('bank_reference_number'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'settlements_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'settlements_cycle_fk',
      columns: [t.clientRef, t.cycleRef],
      foreignColumns: [settlementCycles.clientRef, settlementCycles.id],
    }),
    foreignKey({
      name: 'settlements_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    foreignKey({
      name: 'settlements_settlement_account_fk',
      columns: [t.clientRef, t.settlementAccountRef],
      foreignColumns: [settlementAccounts.clientRef, settlementAccounts.id],
    }),
    uniqueIndex('settlements_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('settlements_window_uq').on(t.clientRef, t.cycleRef, t.windowEnd, t.accountRef),
    index('settlements_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('settlements_client_payout_idx').on(t.clientRef, t.payoutUrn),
  ],
);
