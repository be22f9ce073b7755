import { bigserial, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt } from './columns.ts';

// The events the product emits.

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
