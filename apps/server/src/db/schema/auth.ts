import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { users } from './users.ts';

// Signing in: sessions and refresh tokens, second factors, password resets, rate limits.

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
    /** `sms` (a code was texted) or `totp` (the authenticator app's code or a recovery code answers it). */
    kind: text('kind').notNull().default('sms'),
    /** HMAC of the texted code; null for a `totp` attempt (nothing is sent). */
    codeHash: text('code_hash'),
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

/**
 * A user's authenticator app (TOTP, RFC 6238) and step-up state: one row per user. Secrets are AES-256-GCM
 * encrypted with a key derived from the server's signing key (auth/totp-secret.ts), never stored in clear. Kept
 * apart from `users` so that the session guard, which reads `users`, never loads them.
 */
export const userTotp = pgTable('user_totp', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userRef: bigint('user_ref', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.id),
  /** The confirmed secret (encrypted); null while none is enrolled. */
  secretEnc: text('secret_enc'),
  /** The newest 30-second step whose code was accepted: an older or equal step is a replay. */
  lastStep: bigint('last_step', { mode: 'number' }),
  enabledAt: ts('enabled_at'),
  /** An enrolment started but not yet confirmed with a first code (encrypted), and when it lapses. */
  pendingSecretEnc: text('pending_secret_enc'),
  pendingExpiresAt: ts('pending_expires_at'),
  /** A step-up code texted to an SMS user before a change of their two-factor setting (HMAC), and its expiry. */
  stepUpCodeHash: text('step_up_code_hash'),
  stepUpExpiresAt: ts('step_up_expires_at'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Single-use recovery codes of a TOTP user (10 per set), stored only as an HMAC. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_uq').on(t.userRef, t.codeHash)],
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
