import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// The audit logs: per client, and Meridian-wide.

/** The columns of an audit record: who did what, when, from which IP. */
const auditColumns = () => ({
  id: bigserial('id', { mode: 'number' }).notNull(),
  actor: text('actor'),
  action: text('action').notNull(),
  target: text('target'),
  ip: text('ip'),
  requestId: text('request_id'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});

/** What a client's users (and Meridian's rail, for that client) did: written in the transaction of the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    ...auditColumns(),
    clientRef: clientRefColumn(),
    userRef: bigint('user_ref', { mode: 'number' }).references(() => users.id),
    /** The mode the entry is about (false: test mode); null for what the company shares (team, sign-in…). */
    livemode: boolean('livemode'),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.clientRef, t.id] }),
    index('audit_log_client_created_idx').on(t.clientRef, t.createdAt),
    index('audit_log_action_idx').on(t.action),
    // The audit-log screen's search keys (actor e-mail, action, object id) within one client, newest first.
    index('audit_log_client_actor_idx').on(t.clientRef, sql`lower(${t.actor})`, t.createdAt),
    index('audit_log_client_action_idx').on(t.clientRef, t.action, t.createdAt),
    index('audit_log_client_target_idx').on(t.clientRef, t.target, t.createdAt),
  ],
);

/** Audit records that belong to no client: sign-in attempts for unknown e-mails, access requests. */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  { ...auditColumns(), id: bigserial('id', { mode: 'number' }).primaryKey() },
  (t) => [index('platform_audit_log_created_idx').on(t.createdAt)],
);
