import { bigint, bigserial, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { clients } from './clients.ts';
import { createdAt, ts } from './columns.ts';

// A client's API keys and the IP allow-list they may call from.

/**
 * A client's API keys for the public fabric endpoints (HTTP Basic `key_id:key_secret`). The secret is stored only
 * as its SHA-256 (it has 256 bits of entropy, so a slow hash adds nothing). A reference table, like the sign-in
 * tables: a call is authenticated by `key_id` before its client is known (docs/operating/scaling.md).
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
