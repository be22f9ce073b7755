import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';
import { users } from './users.ts';

// Support tickets.

/**
 * A support ticket a client's user sent from the help centre ("Contact support"). OPEN when sent; Meridian
 * operations move it to IN_PROGRESS, RESOLVED or CLOSED, and the client sees its status.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `TKT…` */
    urn: text('urn').notNull(),
    subject: text('subject').notNull(),
    /** PAYOUTS, ACCOUNTS, KYC, REPORTS, CALLBACKS, ACCOUNT_ACCESS or OTHER. */
    category: text('category').notNull(),
    message: text('message').notNull(),
    /** OPEN, IN_PROGRESS, RESOLVED or CLOSED. */
    status: text('status').notNull().default('OPEN'),
    /** The user who sent it (a reference table row), and their e-mail as it was then. */
    createdByRef: bigint('created_by_ref', { mode: 'number' }).references(() => users.id),
    createdBy: text('created_by').notNull(),
    statusChangedAt: ts('status_changed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'support_tickets_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('support_tickets_client_urn_uq').on(t.clientRef, t.urn),
    index('support_tickets_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('support_tickets_client_status_created_idx').on(
      t.clientRef,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    // Operations' queue across clients: tickets by status, newest first.
    index('support_tickets_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    check('support_tickets_status', sql`${t.status} IN ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED')`),
  ],
);
