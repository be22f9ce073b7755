import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';

// The calls of fabric's products.

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
