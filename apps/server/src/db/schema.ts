import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Bytes (a bulk's input file). node-postgres answers a Buffer, PGlite a Uint8Array: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
});

// How each table is placed on a Citus cluster (distributed by client, reference, local) is declared in
// ./distribution.ts, and docs/scaling.md explains it. A distributed table carries `client_ref` (the distribution
// column) in its primary key and in every unique constraint, and references other distributed tables with
// composite keys `(client_ref, x_ref) → (client_ref, id)`, so that a client's rows always sit on one node.

/** The distribution column of a tenant table: the client the row belongs to. */
const clientRefColumn = () =>
  bigint('client_ref', { mode: 'number' })
    .notNull()
    .references(() => clients.id);

/** A business client of Meridian (a company). `client_id` is the public, unguessable id. */
export const clients = pgTable('clients', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: text('client_id').notNull().unique(),
  companyCommonName: text('company_common_name').notNull(),
  /** The public urn of the company (`{product}_company_urn` in fabric's search keys): `CMP` + 32 hex digits. */
  companyUrn: text('company_urn')
    .notNull()
    .unique()
    .default(sql`('CMP' || upper(replace(gen_random_uuid()::text, '-', '')))`),
  /** `customer` for business clients, `internal` for Meridian's own staff. */
  kind: text('kind').notNull().default('customer'),
  /** Set by a client admin: every user of the company must sign in with a second factor. */
  mfaRequired: boolean('mfa_required').notNull().default(false),
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
    /** `none`, `sms` or `totp` (an authenticator app: its secret lives in `user_totp`) */
    mfaPreference: text('mfa_preference').notNull().default('none'),
    /** Legacy space-separated scopes (before roles); kept for the record, read by nothing. */
    scopes: text('scopes').notNull().default(''),
    /**
     * The member's role: a built-in key (`owner`, `admin`, `finance_maker`, `finance_approver`, `developer`,
     * `viewer`, `meridian_ops`) or a custom role of the client (`custom_…`, in `roles`). The token's scope.
     */
    role: text('role').notNull().default('viewer'),
    /** `active` or `deactivated` (every session ended; sign-in refused until reactivated). */
    status: text('status').notNull().default('active'),
    lastSignInAt: ts('last_sign_in_at'),
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

/**
 * Seeds that ran to the end, with the fingerprint of their code and options (seed/seed-runs.ts): a start whose
 * seed has the same fingerprint skips it in one query.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  finishedAt: ts('finished_at').notNull().defaultNow(),
});

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

/**
 * A client's IP allow-list: the addresses and CIDR ranges its API keys may call from (an empty list allows any).
 * `cidr` is the normal form (packages/contract/src/cidr.ts), unique per client, so one network written two ways
 * is one entry.
 */
export const ipAllowlistEntries = pgTable(
  'ip_allowlist_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    entryId: text('entry_id').notNull(),
    cidr: text('cidr').notNull(),
    label: text('label').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ip_allowlist_entries_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('ip_allowlist_entries_cidr_key').on(t.clientRef, t.cidr),
    uniqueIndex('ip_allowlist_entries_entry_id_key').on(t.clientRef, t.entryId),
  ],
);

/** Audit records that belong to no client: sign-in attempts for unknown e-mails, access requests. */
export const platformAuditLog = pgTable(
  'platform_audit_log',
  { ...auditColumns(), id: bigserial('id', { mode: 'number' }).primaryKey() },
  (t) => [index('platform_audit_log_created_idx').on(t.createdAt)],
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

// ---------------------------------------------------------------------------------------------------------
// Flow: ledger, beneficiaries, payouts, validations, callbacks

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

/** Per-client counters (e.g. the payout sequence used for O(log n) paging and counting). */
export const clientSequences = pgTable(
  'client_sequences',
  {
    clientRef: clientRefColumn(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientRef, t.name] })],
);

export const clientFeatures = pgTable('client_features', {
  clientRef: bigint('client_ref', { mode: 'number' })
    .primaryKey()
    .references(() => clients.id),
  frontendPayout: boolean('frontend_payout').notNull().default(true),
  bulkFrontendPayout: boolean('bulk_frontend_payout').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    provider: text('provider').notNull(),
    providerCode: text('provider_code').notNull(),
    transferType: text('transfer_type').notNull(),
    senderAccountRef: bigint('sender_account_ref', { mode: 'number' }).notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    bankName: text('bank_name'),
    upiId: text('upi_id'),
    status: text('status').notNull().default('ACTIVE'),
    /** The bank's name match of the last penny drop for this account (0–100); null when never validated. */
    nameMatchScore: integer('name_match_score'),
    /** Until when the cooling-off limits of a new or changed beneficiary apply (null: none). */
    limitedUntil: ts('limited_until'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'beneficiaries_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'beneficiaries_sender_account_fk',
      columns: [t.clientRef, t.senderAccountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    // text_pattern_ops: equality (lists, lookups) and prefix LIKE (the global search) whatever the collation.
    uniqueIndex('beneficiaries_client_code_uq').on(t.clientRef, sql`lower(${t.code}) text_pattern_ops`),
    index('beneficiaries_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('beneficiaries_client_account_idx').on(t.clientRef, t.accountNumber.op('text_pattern_ops')),
    // Word-prefix name search (`to_tsquery('simple', 'kav:*')`): core full-text search, no extension needed.
    index('beneficiaries_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    urn: text('urn').notNull(),
    clientRef: clientRefColumn(),
    /** 1, 2, 3… per client in creation order (created_at is non-decreasing in seq). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    /** Null for a settlement payout (to the client's own settlement account, not a beneficiary). */
    beneficiaryRef: bigint('beneficiary_ref', { mode: 'number' }),
    /** PAYOUT (to a beneficiary) or SETTLEMENT (collections swept to the client's settlement account). */
    kind: text('kind').notNull().default('PAYOUT'),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    bankReferenceNumber: text('bank_reference_number'),
    beneficiaryCode: text('beneficiary_code').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryAccountNumber: text('beneficiary_account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferType: text('transfer_type').notNull(),
    purposeMessage: text('purpose_message').notNull(),
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    /** When the sandbox rail's next step for this payout is due (settle, or return); null when final. */
    railDueAt: ts('rail_due_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payouts_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payouts_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    foreignKey({
      name: 'payouts_beneficiary_fk',
      columns: [t.clientRef, t.beneficiaryRef],
      foreignColumns: [beneficiaries.clientRef, beneficiaries.id],
    }),
    index('payouts_rail_due_idx')
      .on(t.railDueAt)
      .where(sql`rail_due_at IS NOT NULL`),
    uniqueIndex('payouts_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('payouts_client_seq_uq').on(t.clientRef, t.seq),
    uniqueIndex('payouts_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    index('payouts_client_created_idx').on(t.clientRef, t.createdAt, t.seq),
    // text_pattern_ops: equality (list search) and prefix LIKE (global search) whatever the collation.
    index('payouts_client_utr_idx').on(t.clientRef, t.bankReferenceNumber.op('text_pattern_ops')),
    index('payouts_client_urn_prefix_idx').on(t.clientRef, t.urn.op('text_pattern_ops')),
    index('payouts_client_crn_prefix_idx').on(
      t.clientRef,
      sql`lower(${t.customerReferenceNumber}) text_pattern_ops`,
    ),
  ],
);

export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    payoutRef: bigint('payout_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payout_events_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'payout_events_payout_fk',
      columns: [t.clientRef, t.payoutRef],
      foreignColumns: [payouts.clientRef, payouts.id],
    }),
    index('payout_events_payout_idx').on(t.clientRef, t.payoutRef),
  ],
);

export const validations = pgTable(
  'validations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    urn: text('urn').notNull(),
    clientRef: clientRefColumn(),
    customerReferenceNumber: text('customer_reference_number'),
    bankReferenceNumber: text('bank_reference_number'),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    bankName: text('bank_name').notNull(),
    nameGiven: text('name_given').notNull(),
    registeredName: text('registered_name'),
    nameMatchScore: integer('name_match_score'),
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'validations_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('validations_client_urn_uq').on(t.clientRef, t.urn),
    index('validations_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('validations_client_account_idx').on(t.clientRef, t.accountNumber),
    index('validations_client_utr_idx').on(t.clientRef, t.bankReferenceNumber),
  ],
);

/** Idempotency-Key records: the first answer is kept and replayed; `in_flight` has a lease. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientRef: clientRefColumn(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: ts('locked_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientRef, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const callbackConfigs = pgTable(
  'callback_configs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    callbackId: text('callback_id').notNull(),
    clientRef: clientRefColumn(),
    eventType: text('event_type').notNull(),
    url: text('url').notNull(),
    httpMethod: text('http_method').notNull().default('POST'),
    secret: text('secret').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'callback_configs_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('callback_configs_client_callback_uq').on(t.clientRef, t.callbackId),
    index('callback_configs_client_event_idx').on(t.clientRef, t.eventType),
  ],
);

/** One message to one endpoint (the outbox row, written in the same transaction as the state change). */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    webhookId: text('webhook_id').notNull(),
    clientRef: clientRefColumn(),
    configRef: bigint('config_ref', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    subjectUrn: text('subject_urn').notNull(),
    /** The exact body that is signed and sent. */
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    /** When a user last sent it again (resend or replay): retries run for 3 days from here, not from creation. */
    resentAt: ts('resent_at'),
    /** The event delivered (`events.id`); null for deliveries made before events were recorded. */
    eventRef: bigint('event_ref', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'callback_deliveries_pkey', columns: [t.clientRef, t.id] }),
    // The delivery log: a client's deliveries by creation time (date range, newest first).
    index('callback_deliveries_client_created_idx').on(t.clientRef, t.createdAt),
    foreignKey({
      name: 'callback_deliveries_config_fk',
      columns: [t.clientRef, t.configRef],
      foreignColumns: [callbackConfigs.clientRef, callbackConfigs.id],
    }),
    uniqueIndex('callback_deliveries_client_webhook_uq').on(t.clientRef, t.webhookId),
    index('callback_deliveries_subject_idx').on(t.clientRef, t.subjectUrn),
    index('callback_deliveries_event_idx').on(t.clientRef, t.eventRef),
    index('callback_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
  ],
);

export const callbackAttempts = pgTable(
  'callback_attempts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    deliveryRef: bigint('delivery_ref', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: ts('started_at').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ name: 'callback_attempts_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'callback_attempts_delivery_fk',
      columns: [t.clientRef, t.deliveryRef],
      foreignColumns: [callbackDeliveries.clientRef, callbackDeliveries.id],
    }),
    uniqueIndex('callback_attempts_delivery_attempt_uq').on(t.clientRef, t.deliveryRef, t.attempt),
  ],
);

/**
 * A replay of a client's FAILED deliveries of a date range (a pg-boss job): the deliveries it covers are those
 * FAILED in the range with an id up to `lastDeliveryRef` when it was asked; `cursor` is the last one handled, so a
 * job that runs again carries on where it stopped and sends nothing twice.
 */
export const callbackReplays = pgTable(
  'callback_replays',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    replayId: text('replay_id').notNull(),
    clientRef: clientRefColumn(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    rangeFrom: ts('range_from').notNull(),
    rangeTo: ts('range_to').notNull(),
    eventType: text('event_type'),
    status: text('status').notNull().default('QUEUED'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    lastDeliveryRef: bigint('last_delivery_ref', { mode: 'number' }).notNull(),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'callback_replays_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('callback_replays_client_replay_uq').on(t.clientRef, t.replayId),
    index('callback_replays_open_idx')
      .on(t.updatedAt)
      .where(sql`status IN ('QUEUED', 'RUNNING')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Fabric: API keys, credits, the calls' log

/**
 * A client's API keys for the public fabric endpoints (HTTP Basic `key_id:key_secret`). The secret is stored only
 * as its SHA-256 (it has 256 bits of entropy, so a slow hash adds nothing). A reference table, like the sign-in
 * tables: a call is authenticated by `key_id` before its client is known (docs/scaling.md).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: text('key_id').notNull().unique(),
    clientRef: bigint('client_ref', { mode: 'number' })
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The role whose permissions limit the key (built-in or custom; default `developer`). */
    role: text('role').notNull().default('developer'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_client_idx').on(t.clientRef, t.createdAt)],
);

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

/**
 * One call of a fabric product: the log row of every screen. `seq` orders a client's calls (1, 2, 3…);
 * `event_seq` is the id of the call's latest event on the stream (its creation, or its last update), from the
 * same per-client counter, so a stream resumes after `Last-Event-ID` by `event_seq`. `request` and `response`
 * are masked; `state` is the product's server-side state for a later step and never leaves the server.
 */
export const fabricCalls = pgTable(
  'fabric_calls',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    urn: text('urn').notNull(),
    product: text('product').notNull(),
    status: text('status').notNull(),
    resultCode: text('result_code'),
    message: text('message'),
    customerReferenceNumber: text('customer_reference_number'),
    referenceId: text('reference_id'),
    transactionId: text('transaction_id'),
    initiationTransactionId: text('initiation_transaction_id'),
    credits: integer('credits').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** `api_key` or `dashboard`. */
    channel: text('channel').notNull(),
    apiKeyId: text('api_key_id').references(() => apiKeys.keyId),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    state: jsonb('state').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fabric_calls_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('fabric_calls_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('fabric_calls_client_seq_uq').on(t.clientRef, t.seq),
    uniqueIndex('fabric_calls_client_event_uq').on(t.clientRef, t.eventSeq),
    // The log screens: a client's calls of one product in a date range, newest first.
    index('fabric_calls_client_product_created_idx').on(t.clientRef, t.product, t.createdAt, t.seq),
    // The /fabric summary: today's calls of every product.
    index('fabric_calls_client_created_idx').on(t.clientRef, t.createdAt),
    index('fabric_calls_client_product_crn_idx').on(t.clientRef, t.product, t.customerReferenceNumber),
    index('fabric_calls_client_product_reference_idx')
      .on(t.clientRef, t.product, t.referenceId)
      .where(sql`reference_id IS NOT NULL`),
    index('fabric_calls_client_product_transaction_idx')
      .on(t.clientRef, t.product, t.transactionId)
      .where(sql`transaction_id IS NOT NULL`),
    index('fabric_calls_client_product_initiation_idx')
      .on(t.clientRef, t.product, t.initiationTransactionId)
      .where(sql`initiation_transaction_id IS NOT NULL`),
    // The fabric sweeper: PENDING calls (consents, OTPs) whose time ran out; only the few pending rows.
    index('fabric_calls_pending_idx')
      .on(t.product, t.createdAt)
      .where(sql`status = 'PENDING'`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Accounts: virtual accounts and the money arriving in them, settlements, company meters

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

/**
 * An e-mandate registration (NACH or UPI autopay): the payer's standing authorisation for the client to debit up
 * to `max_amount` at `frequency` between `start_date` and `end_date` (null: until cancelled). The customer
 * answers on our hosted page (`auth_token`, 256 random bits, is the capability); presentations credit
 * `account_ref`, the client's current account.
 */
export const mandates = pgTable(
  'mandates',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    /** NACH or UPI_AUTOPAY. */
    type: text('type').notNull(),
    /** PENDING, ACTIVE, REJECTED, PAUSED, CANCELLED, EXPIRED. */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    umrn: text('umrn'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerMobile: text('customer_mobile').notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    accountType: text('account_type'),
    bankName: text('bank_name'),
    vpa: text('vpa'),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    accountRef: bigint('account_ref', { mode: 'number' }).notNull(),
    authToken: text('auth_token').notNull(),
    authorisationUrl: text('authorisation_url').notNull(),
    authExpiresAt: ts('auth_expires_at').notNull(),
    authorisedAt: ts('authorised_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mandates_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandates_account_fk',
      columns: [t.clientRef, t.accountRef],
      foreignColumns: [accounts.clientRef, accounts.id],
    }),
    check('mandates_max_amount_positive', sql`${t.maxAmount} > 0`),
    uniqueIndex('mandates_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('mandates_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    index('mandates_client_created_idx').on(t.clientRef, t.createdAt.desc().nullsFirst(), t.id.desc()),
    // text_pattern_ops: equality (list search) and prefix LIKE (the global search) whatever the collation.
    index('mandates_client_umrn_idx').on(t.clientRef, t.umrn.op('text_pattern_ops')),
    index('mandates_client_urn_prefix_idx').on(t.clientRef, t.urn.op('text_pattern_ops')),
    index('mandates_client_crn_prefix_idx').on(
      t.clientRef,
      sql`lower(${t.customerReferenceNumber}) text_pattern_ops`,
    ),
    /** The hosted page finds a mandate by its token before it knows the client (every node, on Citus). */
    index('mandates_auth_token_idx').on(t.authToken),
    /** The sweeper: PENDING mandates whose authorisation window closed, and mandates past their end date. */
    index('mandates_auth_expiry_idx')
      .on(t.authExpiresAt)
      .where(sql`status = 'PENDING'`),
    index('mandates_end_date_idx')
      .on(t.endDate)
      .where(sql`status IN ('ACTIVE', 'PAUSED') AND end_date IS NOT NULL`),
  ],
);

export const mandateEvents = pgTable(
  'mandate_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    mandateRef: bigint('mandate_ref', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mandate_events_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandate_events_mandate_fk',
      columns: [t.clientRef, t.mandateRef],
      foreignColumns: [mandates.clientRef, mandates.id],
    }),
    index('mandate_events_mandate_idx').on(t.clientRef, t.mandateRef),
  ],
);

/**
 * A debit under a mandate (a presentation): PENDING on the rail, then SUCCESS (credited to the mandate's client
 * account) or BOUNCED. `period_key` names the mandate's frequency period it uses (`2026-11` for MONTHLY; null
 * for ADHOC): at most one live (not bounced) presentation per mandate and period.
 */
export const mandatePresentations = pgTable(
  'mandate_presentations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    mandateRef: bigint('mandate_ref', { mode: 'number' }).notNull(),
    customerReferenceNumber: text('customer_reference_number').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    remarks: text('remarks'),
    periodKey: text('period_key'),
    /** PENDING, SUCCESS, BOUNCED. */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    bankReferenceNumber: text('bank_reference_number'),
    /** When the sandbox rail's step for this presentation is due; null when final. */
    railDueAt: ts('rail_due_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mandate_presentations_pkey', columns: [t.clientRef, t.id] }),
    foreignKey({
      name: 'mandate_presentations_mandate_fk',
      columns: [t.clientRef, t.mandateRef],
      foreignColumns: [mandates.clientRef, mandates.id],
    }),
    check('mandate_presentations_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('mandate_presentations_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('mandate_presentations_client_crn_uq').on(t.clientRef, t.customerReferenceNumber),
    uniqueIndex('mandate_presentations_period_uq')
      .on(t.clientRef, t.mandateRef, t.periodKey)
      .where(sql`period_key IS NOT NULL AND status <> 'BOUNCED'`),
    index('mandate_presentations_client_created_idx').on(
      t.clientRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    index('mandate_presentations_mandate_idx').on(t.clientRef, t.mandateRef, t.createdAt),
    index('mandate_presentations_client_utr_idx').on(t.clientRef, t.bankReferenceNumber),
    index('mandate_presentations_rail_due_idx')
      .on(t.railDueAt)
      .where(sql`rail_due_at IS NOT NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Payment links

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

// ---------------------------------------------------------------------------------------------------------
// Reports: one engine builds every downloadable report in the background and keeps its file here

/**
 * A report asked for by a user (or a schedule): what, for which range and filters, and where its build stands.
 * `attempt` counts builds (a process killed mid-build leaves its lease to run out; the next attempt starts
 * over), `ready_attempt` names the attempt whose chunks are the finished file.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `RPT…` */
    urn: text('urn').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    timeZone: text('time_zone').notNull(),
    /** The filters as asked (search_key/search_value, status, account_number, product, provider). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    columns: jsonb('columns').$type<string[]>(),
    /** QUEUED, RUNNING, READY, FAILED or EXPIRED. */
    status: text('status').notNull().default('QUEUED'),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    rowsTotal: bigint('rows_total', { mode: 'number' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** How the file's chunks are stored: `gzip` (CSV, JSON) or `identity` (XLSX and PDF, compressed already). */
    contentEncoding: text('content_encoding').notNull().default('identity'),
    attempt: integer('attempt').notNull().default(0),
    readyAttempt: integer('ready_attempt'),
    leaseUntil: ts('lease_until'),
    error: text('error'),
    requestedBy: text('requested_by').notNull(),
    scheduleUrn: text('schedule_urn'),
    requestedAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    primaryKey({ name: 'reports_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('reports_client_urn_uq').on(t.clientRef, t.urn),
    index('reports_client_requested_idx').on(t.clientRef, t.requestedAt.desc().nullsFirst(), t.id.desc()),
    // The builder's claims (RUNNING and QUEUED of a client) and the sweeper's lost builds.
    index('reports_status_idx')
      .on(t.status, t.clientRef)
      .where(sql`status IN ('QUEUED', 'RUNNING')`),
    // The purge: finished files by age.
    index('reports_ready_finished_idx')
      .on(t.finishedAt)
      .where(sql`status = 'READY'`),
    check('reports_status', sql`${t.status} IN ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')`),
  ],
);

/** A report's file in pieces of about 1 MB, per build attempt, read back in `seq` order. */
export const reportChunks = pgTable(
  'report_chunks',
  {
    clientRef: clientRefColumn(),
    reportRef: bigint('report_ref', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_chunks_pkey', columns: [t.clientRef, t.reportRef, t.attempt, t.seq] }),
    foreignKey({
      name: 'report_chunks_report_fk',
      columns: [t.clientRef, t.reportRef],
      foreignColumns: [reports.clientRef, reports.id],
    }).onDelete('cascade'),
  ],
);

/** Scheduled reports (issue 16, beyond the spec): a report made daily, weekly or monthly at a time of day. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `RSC…` */
    urn: text('urn').notNull(),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    /** DAILY, WEEKLY or MONTHLY. */
    frequency: text('frequency').notNull(),
    /** HH:mm in `time_zone`. */
    timeOfDay: text('time_of_day').notNull(),
    /** WEEKLY: 1 (Monday) to 7 (Sunday). */
    dayOfWeek: integer('day_of_week'),
    /** MONTHLY: 1 to 28. */
    dayOfMonth: integer('day_of_month'),
    timeZone: text('time_zone').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    columns: jsonb('columns').$type<string[] | null>(),
    active: boolean('active').notNull().default(true),
    nextRunAt: ts('next_run_at').notNull(),
    lastRunAt: ts('last_run_at'),
    createdByRef: bigint('created_by_ref', { mode: 'number' }).references(() => users.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'report_schedules_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('report_schedules_client_urn_uq').on(t.clientRef, t.urn),
    index('report_schedules_client_created_idx').on(
      t.clientRef,
      t.createdAt.desc().nullsFirst(),
      t.id.desc(),
    ),
    // The runner's claim: active schedules that are due, across clients.
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
    check('report_schedules_frequency', sql`${t.frequency} IN ('DAILY', 'WEEKLY', 'MONTHLY')`),
    check('report_schedules_day_of_week', sql`${t.dayOfWeek} IS NULL OR ${t.dayOfWeek} BETWEEN 1 AND 7`),
    check('report_schedules_day_of_month', sql`${t.dayOfMonth} IS NULL OR ${t.dayOfMonth} BETWEEN 1 AND 28`),
  ],
);

/**
 * Saved views (issue 22): a user's named filters of one list (its URL search parameters, strings). Private to the
 * user: every read and write is scoped by client and user. Names are unique per user and list in any case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** The owner (a reference table row): views are not shared between users, links are. */
    userRef: bigint('user_ref', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `SVW…` */
    viewId: text('view_id').notNull(),
    /** The list's machine name (`payouts`). */
    list: text('list').notNull(),
    name: text('name').notNull(),
    search: jsonb('search').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_views_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('saved_views_view_id_key').on(t.clientRef, t.viewId),
    // One name per user and list, any case; also the index of "this user's views of this list".
    uniqueIndex('saved_views_user_list_name_key').on(t.clientRef, t.userRef, t.list, sql`lower(${t.name})`),
  ],
);

/** A client's custom roles (the built-in ones live in the contract's catalogue). */
export const roles = pgTable(
  'roles',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `custom_…`, unique per client. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Catalogue permission keys. */
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    /** The built-in role it started from, if any. */
    basedOn: text('based_on'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('roles_client_key_uq').on(t.clientRef, t.key),
  ],
);

/** Invitations to join a client: a single-use link (its token's SHA-256 kept) valid 72 hours. */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `PENDING`, `ACCEPTED` or `REVOKED` (an expired one is PENDING past `expires_at`). */
    status: text('status').notNull().default('PENDING'),
    invitedByRef: bigint('invited_by_ref', { mode: 'number' }),
    invitedBy: text('invited_by').notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'invitations_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('invitations_client_urn_uq').on(t.clientRef, t.urn),
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
    index('invitations_client_email_idx').on(t.clientRef, sql`lower(${t.email})`),
  ],
);

/**
 * Maker-checker rules of a client: what they cover (`action`), when (`conditions`: amount band in paise,
 * transfer types, sources) and who approves (`steps`: 1–3 sequential steps of N people with one of the roles).
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull().default({}),
    steps: jsonb('steps').$type<Array<{ approvals: number; roles: string[] }>>().notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'approval_rules_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_rules_client_urn_uq').on(t.clientRef, t.urn),
  ],
);

/** A request that waits for approval: what runs when approved (`payload`), its steps and where it stands. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    action: text('action').notNull(),
    ruleUrn: text('rule_urn'),
    /** The rule's steps when the request was made (a later change of the rule does not move it). */
    steps: jsonb('steps').$type<Array<{ approvals: number; roles: string[] }>>().notNull(),
    /** `PENDING`, `APPROVED`, `REJECTED`, `EXPIRED` or `FAILED` (approved, but the action was refused). */
    status: text('status').notNull().default('PENDING'),
    /** The step waiting (0-based). */
    currentStep: integer('current_step').notNull().default(0),
    summary: text('summary').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    /** The payout, bulk or setting it holds (a payout's or bulk's urn). */
    resourceUrn: text('resource_urn'),
    /** What the action needs to run once approved. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** For a settings change: before and after, as shown to the approvers. */
    diff: jsonb('diff').$type<{ before: unknown; after: unknown } | null>(),
    source: text('source').notNull(),
    requestedByRef: bigint('requested_by_ref', { mode: 'number' }),
    requestedBy: text('requested_by').notNull(),
    outcome: text('outcome'),
    expiresAt: ts('expires_at').notNull(),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'approval_requests_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_requests_client_urn_uq').on(t.clientRef, t.urn),
    index('approval_requests_client_status_idx').on(t.clientRef, t.status, t.createdAt),
    index('approval_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** One decision on one step of a request; a person decides a request at most once. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    requestRef: bigint('request_ref', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    userRef: bigint('user_ref', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    /** `APPROVE` or `REJECT` */
    decision: text('decision').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'approval_decisions_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_decisions_once_uq').on(t.clientRef, t.requestRef, t.userRef),
    foreignKey({
      name: 'approval_decisions_request_fk',
      columns: [t.clientRef, t.requestRef],
      foreignColumns: [approvalRequests.clientRef, approvalRequests.id],
    }),
  ],
);

/**
 * The API request log: every API request of a client (a member's session or an API key), recorded after its
 * answer, off the request's path, in batches (apps/server/src/request-log/). Bodies are masked as the KYC logs
 * are and capped; `resources` are the urns the request named or answered (payouts, beneficiaries, bulks, KYC
 * calls…). PARTITIONED BY RANGE (created_at), one partition a day (`request_log_YYYYMMDD`, made ahead by the
 * recorder and the sweeper): expiry (REQUEST_LOG_RETENTION_DAYS) drops whole partitions. The primary key holds
 * the partition key, as PostgreSQL requires of a partitioned table.
 */
export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    createdAt: createdAt(),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    /** The route as registered (`/core_banking/money_transfer/initiate`, `/v2/mandates/:urn`). */
    route: text('route').notNull(),
    /** The path as called, without its query string. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    /** Milliseconds from the request's arrival to its answer, to the microsecond. */
    durationMs: doublePrecision('duration_ms').notNull(),
    /** `dashboard` or `api_key`. */
    channel: text('channel').notNull(),
    /** A member's e-mail, or the API key's id. */
    actor: text('actor').notNull(),
    userRef: bigint('user_ref', { mode: 'number' }),
    apiKeyId: text('api_key_id'),
    ip: text('ip'),
    idempotencyKey: text('idempotency_key'),
    /** The query string's parameters, masked. */
    query: jsonb('query').$type<Record<string, unknown>>(),
    requestBody: jsonb('request_body'),
    responseBody: jsonb('response_body'),
    /** True when a body was cut to the cap (REQUEST_LOG_BODY_BYTES). */
    truncated: boolean('truncated').notNull().default(false),
    resources: text('resources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ name: 'request_log_pkey', columns: [t.clientRef, t.createdAt, t.id] }),
    index('request_log_client_created_idx').on(t.clientRef, t.createdAt),
    index('request_log_client_request_idx').on(t.clientRef, t.requestId),
    // Partial: most requests (reads) carry no Idempotency-Key and name no resource, and add no index entry.
    index('request_log_client_idempotency_idx')
      .on(t.clientRef, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('request_log_resources_idx')
      .using('gin', t.resources)
      .where(sql`resources <> '{}'::text[]`),
  ],
);

/**
 * Every event the product emits (a payout's state, a virtual-account credit, a mandate, a payment link, a KYC
 * call, an approval…), once, whether or not the client configured a callback for it: the callback deliveries of
 * an event point at it (`callback_deliveries.event_ref`), and a resend makes a new signed delivery of it.
 * `request_id`: the API request whose handling emitted it, when one did (the trace's link).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    /** `evt_…`: the id users search by. */
    eventId: text('event_id').notNull(),
    /** The callback event type (PAYOUT, VIRTUAL_ACCOUNT, MANDATE, …). */
    eventType: text('event_type').notNull(),
    /** `payout.success`, `approval.requested`, … */
    event: text('event').notNull(),
    subjectUrn: text('subject_urn').notNull(),
    data: jsonb('data').notNull(),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'events_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('events_client_event_id_uq').on(t.clientRef, t.eventId),
    index('events_client_created_idx').on(t.clientRef, t.createdAt),
    index('events_client_subject_idx').on(t.clientRef, t.subjectUrn),
    index('events_client_request_idx').on(t.clientRef, t.requestId),
  ],
);
