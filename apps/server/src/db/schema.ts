import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A business client of Meridian (a company). `client_id` is the public, unguessable id. */
export const clients = pgTable('clients', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: text('client_id').notNull().unique(),
  companyCommonName: text('company_common_name').notNull(),
  /** `customer` for business clients, `internal` for Meridian's own staff. */
  kind: text('kind').notNull().default('customer'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    clientRef: bigint('client_ref', { mode: 'number' })
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    /** `none` or `sms` */
    mfaPreference: text('mfa_preference').notNull().default('none'),
    /** Space-separated scopes; roles are derived from them (none → `user`). */
    scopes: text('scopes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_client_idx').on(t.clientRef),
  ],
);

/** A sign-in session = a refresh-token family. Revoking it revokes every token issued in it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: text('session_id').notNull().unique(),
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userRef), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionRef: bigint('session_ref', { mode: 'number' })
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionRef),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** One SMS sign-in attempt: the current code (hashed), its urn, failures and resends. */
export const mfaAttempts = pgTable(
  'mfa_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestUrn: text('request_urn').notNull().unique(),
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    resendCount: integer('resend_count').notNull().default(0),
    /** Set when the attempt ends: verified, expired, too many failures or resends. */
    closedAt: ts('closed_at'),
    closedReason: text('closed_reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one open attempt per user, even when sign-ins race.
    uniqueIndex('mfa_attempts_one_open_uq')
      .on(t.userRef)
      .where(sql`closed_at IS NULL`),
    index('mfa_attempts_expires_idx').on(t.expiresAt),
  ],
);

/** Fixed-window rate-limit counters, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_expires_idx').on(t.expiresAt)],
);

/** Every SMS and e-mail the server sent (one-time codes are redacted: they are stored only as hashes). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientRef: bigint('client_ref', { mode: 'number' }).references(() => clients.id),
    userRef: bigint('user_ref', { mode: 'number' }).references(() => users.id),
    actor: text('actor'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    requestId: text('request_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_client_created_idx').on(t.clientRef, t.createdAt),
    index('audit_log_action_idx').on(t.action),
  ],
);

/** Requests for dashboard access from the public sign-up form. */
export const accessRequests = pgTable('access_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  requestUrn: text('request_urn').notNull().unique(),
  companyName: text('company_name').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message'),
  status: text('status').notNull().default('received'),
  ip: text('ip'),
  createdAt: createdAt(),
});
