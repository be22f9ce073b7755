import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { clients } from './clients.ts';
import { createdAt, ts } from './columns.ts';

// The double-entry ledger: Meridian's system accounts, the clients' accounts, entries and postings.

/**
 * Meridian's own ledger accounts (rail clearing, fee income, client funding): Meridian's side of every entry. They
 * have no cached balance: it is the sum of their postings, which live with the client of each entry (see
 * `ledgerPostings`), so they are never a hot row that serialises every client's payouts.
 */
export const systemAccounts = pgTable('system_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull().unique(),
  accountNumber: text('account_number').notNull().unique(),
  ifsc: text('ifsc').notNull(),
  name: text('name').notNull(),
  provider: text('provider').notNull(),
  providerCode: text('provider_code').notNull(),
  createdAt: createdAt(),
});

/**
 * Every client account number, Meridian-wide: a number is unique across clients (which `accounts`, distributed
 * by client, cannot enforce), and this is where a number leads back to its client.
 */
export const accountNumbers = pgTable('account_numbers', {
  accountNumber: text('account_number').primaryKey(),
  clientRef: bigint('client_ref', { mode: 'number' })
    .notNull()
    .references(() => clients.id),
  createdAt: createdAt(),
});

/**
 * A client's current accounts. The cached balance is updated in the same transaction as their postings and can
 * never go negative.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `client_current` (the client's current account) or `virtual` (a virtual account's collections). */
    kind: text('kind').notNull(),
    accountNumber: text('account_number')
      .notNull()
      .references(() => accountNumbers.accountNumber),
    ifsc: text('ifsc').notNull(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    providerCode: text('provider_code').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('accounts_client_number_uq').on(t.clientRef, t.accountNumber),
    check('accounts_balance_never_negative', sql`${t.balance} >= 0`),
  ],
);

/** One balanced movement of money: its postings sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    entryId: text('entry_id').notNull(),
    clientRef: clientRefColumn(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    referenceUrn: text('reference_urn'),
    bankReferenceNumber: text('bank_reference_number'),
    customerReferenceNumber: text('customer_reference_number'),
    /** Makes an entry idempotent: a rail job that runs twice cannot post twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_entries_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('ledger_entries_client_entry_uq').on(t.clientRef, t.entryId),
    uniqueIndex('ledger_entries_client_idempotency_uq').on(t.clientRef, t.idempotencyKey),
    index('ledger_entries_client_reference_idx').on(t.clientRef, t.referenceUrn),
    index('ledger_entries_client_utr_idx').on(t.clientRef, t.bankReferenceNumber),
    index('ledger_entries_client_crn_idx').on(t.clientRef, t.customerReferenceNumber),
  ],
);

/**
 * A leg of an entry, + credit, − debit, in paise: on one of the client's accounts (`account_ref`, with the
 * balance after it) or on a Meridian system account (`system_account`, its code). Every leg carries the client of
 * its entry, so an entry and all its legs live together; a system account's balance is the sum of its legs over
 * every client.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    entryRef: bigint('entry_ref', { mode: 'number' }).notNull(),
    accountRef: bigint('account_ref', { mode: 'number' }),
    /** The system account's code: a constant of the code, so a posting names it without a lookup. */
    systemAccount: text('system_account').references(() => systemAccounts.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Balance of the client account after this posting; null on system accounts. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_postings_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'ledger_postings_entry_fk',
      columns: [t.clientRef, t.entryRef],
      foreignColumns: [ledgerEntries.clientRef, ledgerEntries.id],
    }),
    foreignKey({
      name: 'ledger_postings_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    check(
      'ledger_postings_one_account',
      sql`(${t.accountRef} IS NULL) <> (${t.systemAccount} IS NULL) AND (${t.accountRef} IS NULL) = (${t.balanceAfter} IS NULL)`,
    ),
    index('ledger_postings_entry_idx').on(t.clientRef, t.entryRef),
    /** One account's statement (account transactions), newest first. */
    index('ledger_postings_account_idx').on(
      t.clientRef,
      t.accountRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    index('ledger_postings_system_account_idx')
      .on(t.systemAccount)
      .where(sql`system_account IS NOT NULL`),
    /** The statement: the client's own legs, newest first. */
    index('ledger_postings_statement_idx')
      .on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc())
      .where(sql`account_ref IS NOT NULL`),
  ],
);
