import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { accounts } from './ledger.ts';

// Virtual accounts and the money arriving in them.

/**
 * A client's virtual account: a number (registered in `account_numbers`) and IFSC that receive NEFT/IMPS/RTGS/UPI
 * from the client's customers. Its money is held in its own ledger account (`accounts.kind = 'virtual'`,
 * `account_ref`), with a running balance, until a settlement sweeps it to the client's own bank account.
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    /** The UPI address that pays into this account. */
    upiId: text('upi_id').notNull(),
    name: text('name').notNull(),
    /** The client's own id of its customer (several virtual accounts may share one). */
    customerId: text('customer_id').notNull(),
    /** Payers allowed to pay in: `[{ account_number, ifsc }]` (ifsc null: any branch); empty: anyone. */
    allowedPayers: jsonb('allowed_payers')
      .$type<{ account_number: string; ifsc: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When set, only a credit of exactly this amount (paise) is accepted. */
    expectedAmount: bigint('expected_amount', { mode: 'bigint' }),
    expiresAt: ts('expires_at'),
    /** ACTIVE or CLOSED (an expired account stays ACTIVE and refuses credits after `expires_at`). */
    status: text('status').notNull().default('ACTIVE'),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'virtual_accounts_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'virtual_accounts_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    uniqueIndex('virtual_accounts_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('virtual_accounts_client_number_uq').on(t.clientRef, t.accountNumber),
    uniqueIndex('virtual_accounts_client_account_uq').on(t.clientRef, t.accountRef),
    index('virtual_accounts_client_created_idx').on(
      t.clientRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    index('virtual_accounts_client_customer_idx').on(t.clientRef, t.customerId),
  ],
);

/**
 * Money that arrived (or tried to) in a virtual account on the sandbox rail: CREDITED (posted to the ledger,
 * `entry_id`) or RETURNED to the remitter (closed or expired account, payer not allowed, unexpected amount;
 * nothing posted). A UTR is credited once per client (unique).
 */
export const virtualAccountCredits = pgTable(
  'virtual_account_credits',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    virtualAccountRef: bigint('virtual_account_ref', { mode: 'number' }).notNull(),
    utr: text('utr').notNull(),
    /** NEFT, IMPS, RTGS or UPI. */
    mode: text('mode').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    remitterName: text('remitter_name').notNull(),
    remitterAccountNumber: text('remitter_account_number'),
    remitterIfsc: text('remitter_ifsc'),
    remitterUpiId: text('remitter_upi_id'),
    /** CREDITED or RETURNED. */
    status: text('status').notNull(),
    returnReason: text('return_reason'),
    /** The ledger entry of a CREDITED credit. */
    entryId: text('entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'virtual_account_credits_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'virtual_account_credits_va_fk',
      columns: [t.clientRef, t.virtualAccountRef],
      foreignColumns: [virtualAccounts.clientRef, virtualAccounts.id],
    }),
    uniqueIndex('virtual_account_credits_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('virtual_account_credits_client_utr_uq').on(t.clientRef, t.utr),
    index('virtual_account_credits_va_idx').on(t.clientRef, t.virtualAccountRef, t.createdAt),
    index('virtual_account_credits_client_created_idx').on(t.clientRef, t.createdAt),
  ],
);
