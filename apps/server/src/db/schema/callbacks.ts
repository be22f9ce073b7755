import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

// A client's callback endpoints, their deliveries, attempts and replays.

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
