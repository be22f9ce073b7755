import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { accounts } from './ledger.ts';

// Payment links and the attempts to pay them.

/**
 * A link the client sends its customer: a pay page of Meridian's (`/pay/{token}`, no sign-in) for a fixed amount
 * or one the customer enters within limits. CREATED → PAID (credited once to `account_ref` through the ledger,
 * `entry_id`, with a UTR), EXPIRED (the sweeper, or a visit after `expires_at`) or CANCELLED (the client).
 * The public token is `{client_id}.{secret}`: the client's public id leads the page to the client's rows (one
 * node on Citus, no Meridian-wide registry to write on every node); the 128-bit secret is the capability.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    /** The public token in the pay page's URL: `{client_id}.{secret}` (base64url secret, 128 bits). */
    token: text('token').notNull(),
    /** The pay page's full URL as answered when the link was made (the origin it was sent with). */
    linkUrl: text('link_url').notNull(),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    /** The fixed amount (paise); null when the customer enters it. */
    amount: bigint('amount', { mode: 'bigint' }),
    customerEntersAmount: boolean('customer_enters_amount').notNull().default(false),
    minAmount: bigint('min_amount', { mode: 'bigint' }),
    maxAmount: bigint('max_amount', { mode: 'bigint' }),
    purpose: text('purpose').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerMobile: text('customer_mobile'),
    /** The VPA in the link's UPI intent (the client's collection VPA). */
    payeeVpa: text('payee_vpa').notNull(),
    payeeName: text('payee_name').notNull(),
    /** CREATED, PAID, EXPIRED or CANCELLED. */
    status: text('status').notNull().default('CREATED'),
    expiresAt: ts('expires_at').notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }),
    utr: text('utr'),
    entryId: text('entry_id'),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_links_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payment_links_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    uniqueIndex('payment_links_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('payment_links_client_token_uq').on(t.clientRef, t.token),
    uniqueIndex('payment_links_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    index('payment_links_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    // text_pattern_ops: prefix LIKE (the global search) whatever the collation.
    index('payment_links_client_urn_prefix_idx').on(t.clientRef, t.urn.op('text_pattern_ops')),
    index('payment_links_client_crn_prefix_idx').on(
      t.clientRef,
      sql`lower(${t.customerReferenceNumber}) text_pattern_ops`,
    ),
    index('payment_links_client_status_created_idx').on(
      t.clientRef,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    // The sweeper's scan: open links by expiry.
    index('payment_links_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'CREATED'`),
    check('payment_links_amount_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

/**
 * One payment attempt on a link's pay page: SUCCESS (the link is paid; at most one per link, enforced by a
 * partial unique index) or FAILED (the link stays payable).
 */
export const paymentLinkAttempts = pgTable(
  'payment_link_attempts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    linkRef: bigint('link_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    utr: text('utr'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_link_attempts_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payment_link_attempts_link_fk',
      columns: [t.clientRef, t.linkRef],
      foreignColumns: [paymentLinks.clientRef, paymentLinks.id],
    }),
    index('payment_link_attempts_link_idx').on(t.clientRef, t.linkRef, t.createdAt),
    uniqueIndex('payment_link_attempts_one_success_uq')
      .on(t.clientRef, t.linkRef)
      .where(sql`status = 'SUCCESS'`),
  ],
);
