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
import { createdAt, ts } from './columns.ts';

// Fabric credits: a client's balance, its operations, the company meters.

/** A client's credit balance (whole credits), changed only with its operations, never below zero. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    clientRef: clientRefColumn().primaryKey(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('credit_accounts_balance_never_negative', sql`${t.balance} >= 0`)],
);

/** The credit ledger: LOAD and REFUND add, UNLOAD and CONSUME take away (`credits` is signed). */
export const creditOperations = pgTable(
  'credit_operations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    kind: text('kind').notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** The call's urn (CONSUME, REFUND) or the load's reference. */
    reference: text('reference').notNull(),
    /** Why Meridian operations loaded or unloaded credits (LOAD and UNLOAD by a person). */
    reason: text('reason'),
    /** Makes an operation idempotent per client (`consume:{urn}`, `load:{reference}`). */
    idempotencyKey: text('idempotency_key').notNull(),
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'credit_operations_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'credit_operations_account_fk',
      columns: [t.clientRef],
      foreignColumns: [creditAccounts.clientRef],
    }),
    uniqueIndex('credit_operations_client_idempotency_uq').on(t.clientRef, t.idempotencyKey),
    index('credit_operations_client_created_idx').on(t.clientRef, t.createdAt),
    check(
      'credit_operations_kind',
      sql`(${t.kind} IN ('LOAD', 'REFUND') AND ${t.credits} > 0) OR (${t.kind} IN ('UNLOAD', 'CONSUME') AND ${t.credits} < 0)`,
    ),
  ],
);

/** A company's price of one call of a fabric product, in credits (Meridian operations set it; else the default). */
export const companyMeters = pgTable(
  'company_meters',
  {
    clientRef: clientRefColumn(),
    product: text('product').notNull(),
    price: integer('price').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientRef, t.product] }),
    check('company_meters_price_whole', sql`${t.price} >= 0`),
  ],
);
