import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { clients } from './clients.ts';
import { createdAt, ts } from './columns.ts';

// A client's members: users, the client's custom roles, invitations to join.

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
