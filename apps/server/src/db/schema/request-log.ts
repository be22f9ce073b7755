import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt } from './columns.ts';

// The API request log.

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
