import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  EVENTS_LIST,
  EventDetails,
  EventRecord,
  EventResendResult,
} from '@meridian/contract/developers';
import type { z } from 'zod';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { callbackAttempts, callbackConfigs, callbackDeliveries, events } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { deliveryBody, insertDeliveries, isResend } from './outbox.ts';

/** The events list's filter beside the date range and search (EVENTS_LIST): an event type. */
export type EventListParams = FilterParams<typeof EVENTS_LIST>;

type EventRow = typeof events.$inferSelect;

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  event_id: (v) => eq(events.eventId, v),
  subject_urn: (v) => eq(events.subjectUrn, v),
  request_id: (v) => eq(events.requestId, v),
};

/** The client's events created in the range (index events_client_created_idx), filtered. */
function where({ clientRef, filter, params }: ListScope<EventListParams>): SQL | undefined {
  return and(
    eq(events.clientRef, clientRef),
    gte(events.createdAt, filter.from),
    lt(events.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.event_type ? eq(events.eventType, params.event_type) : undefined,
  );
}

/** How many deliveries each of these events has had, and the status of its newest (one query). */
async function deliverySummaries(
  db: Db,
  clientRef: number,
  eventIds: number[],
): Promise<Map<number, { n: number; last: string | null }>> {
  const byEvent = new Map<number, { n: number; last: string | null }>();
  if (!eventIds.length) return byEvent;
  const rows = await db
    .select({
      eventRef: callbackDeliveries.eventRef,
      n: sql<number>`count(*)::int`,
      last: sql<
        string | null
      >`(array_agg(${callbackDeliveries.status} ORDER BY ${callbackDeliveries.id} DESC))[1]`,
    })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.clientRef, clientRef), inArray(callbackDeliveries.eventRef, eventIds)))
    .groupBy(callbackDeliveries.eventRef);
  for (const r of rows) if (r.eventRef !== null) byEvent.set(r.eventRef, { n: r.n, last: r.last });
  return byEvent;
}

const toRecord = (e: EventRow, summary: { n: number; last: string | null } | undefined): EventRecord => ({
  event_id: e.eventId,
  created_at: e.createdAt.toISOString(),
  event_type: e.eventType,
  event: e.event,
  subject_urn: e.subjectUrn,
  request_id: e.requestId,
  deliveries: summary?.n ?? 0,
  last_delivery_status: summary?.last ?? null,
  livemode: livemodeOf(e.clientRef),
});

export async function listEvents(db: Db, scope: ListScope<EventListParams>): Promise<EventRecord[]> {
  const rows = await db
    .select()
    .from(events)
    .where(where(scope))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  const summaries = await deliverySummaries(
    db,
    scope.clientRef,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRecord(r, summaries.get(r.id)));
}

export async function countEvents(db: Db, scope: ListScope<EventListParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(where(scope));
  return row?.n ?? 0;
}

const noEvent = () => notFound('No event with this event_id');

async function eventOf(db: Db, clientRef: number, eventId: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.clientRef, clientRef), eq(events.eventId, eventId)));
  if (!row) throw noEvent();
  return row;
}

const configOfDelivery = withinClient(
  callbackConfigs,
  callbackDeliveries.clientRef,
  callbackDeliveries.configRef,
);

/** One event of the client with its data and every delivery of it (oldest first); 404 for another client's. */
export async function getEvent(db: Db, clientRef: number, eventId: string): Promise<EventDetails> {
  const event = await eventOf(db, clientRef, eventId);
  const rows = await db
    .select({ delivery: callbackDeliveries, config: callbackConfigs })
    .from(callbackDeliveries)
    .innerJoin(callbackConfigs, configOfDelivery)
    .where(and(eq(callbackDeliveries.clientRef, clientRef), eq(callbackDeliveries.eventRef, event.id)))
    .orderBy(asc(callbackDeliveries.id));
  const ids = rows.map((r) => r.delivery.id);
  // The status code of each delivery's latest attempt (null when it has none, or it got no answer).
  const lastCodes = new Map<number, number | null>();
  if (ids.length)
    for (const a of await db
      .select({
        deliveryRef: callbackAttempts.deliveryRef,
        attempt: callbackAttempts.attempt,
        statusCode: callbackAttempts.statusCode,
      })
      .from(callbackAttempts)
      .where(and(eq(callbackAttempts.clientRef, clientRef), inArray(callbackAttempts.deliveryRef, ids)))
      .orderBy(asc(callbackAttempts.attempt)))
      lastCodes.set(a.deliveryRef, a.statusCode);
  const deliveryList: z.infer<typeof EventDetails>['delivery_list'] = rows.map(
    ({ delivery: d, config: c }) => ({
      webhook_id: d.webhookId,
      callback_id: c.callbackId,
      url: c.url,
      status: d.status,
      attempt_count: d.attemptCount,
      last_status_code: lastCodes.get(d.id) ?? null,
      created_at: d.createdAt.toISOString(),
      resent: isResend(d, event),
    }),
  );
  const last = rows.at(-1)?.delivery.status ?? null;
  return {
    ...toRecord(event, { n: rows.length, last }),
    data: event.data,
    delivery_list: deliveryList,
  };
}

/**
 * `POST /v2/events/{event_id}/resend`: a NEW signed delivery of the event (a new webhook id, the event's type,
 * timestamp and data as first sent, `event_ref` set) to every active configuration of the event's type, or to
 * the one active configuration of the client named by `callbackId` (of any event type). 422 when there is no
 * configuration to send to (none active for the type, or the one named is unknown or switched off). Audited.
 * Answers the new deliveries and what the delivery worker must attempt.
 */
export async function resendEvent(
  db: Db,
  actor: Actor,
  eventId: string,
  callbackId: string | undefined,
): Promise<{ result: z.infer<typeof EventResendResult>; effects: DeliveryRef[] }> {
  return db.transaction(async (tx) => {
    const event = await eventOf(tx, actor.clientRef, eventId);
    const configs = await tx
      .select({
        id: callbackConfigs.id,
        callbackId: callbackConfigs.callbackId,
        url: callbackConfigs.url,
        isActive: callbackConfigs.isActive,
      })
      .from(callbackConfigs)
      .where(
        and(
          eq(callbackConfigs.clientRef, actor.clientRef),
          callbackId === undefined
            ? and(eq(callbackConfigs.eventType, event.eventType), eq(callbackConfigs.isActive, true))
            : eq(callbackConfigs.callbackId, callbackId),
        ),
      )
      .orderBy(asc(callbackConfigs.id));
    if (callbackId !== undefined && !configs.length)
      throw new AppError(422, 'callback_not_found', 'No callback configuration with this callback_id', {
        fields: { callback_id: 'is not one of your callback configurations' },
      });
    if (callbackId !== undefined && !configs[0]!.isActive)
      throw new AppError(
        422,
        'callback_inactive',
        'This callback configuration is switched off: switch it on to resend an event to it',
        { fields: { callback_id: 'is switched off' } },
      );
    if (!configs.length)
      throw new AppError(
        422,
        'no_callback_configured',
        `No active callback configuration receives ${event.eventType} events: add one, or name a callback_id`,
      );
    // After the event's time, so that the new deliveries are told from those made with it.
    const at = new Date(Math.max(Date.now(), event.createdAt.getTime() + 1));
    const timestamp = event.createdAt.toISOString();
    const livemode = livemodeOf(event.clientRef);
    const made = configs.map((c) => {
      const webhookId = newId('msg_');
      return {
        config: c,
        webhookId,
        body: deliveryBody(event.event, livemode, timestamp, webhookId, event.data),
      };
    });
    const effects = await insertDeliveries(
      tx,
      {
        clientRef: actor.clientRef,
        event: event.event,
        subjectUrn: event.subjectUrn,
        eventRef: event.id,
      },
      made.map((m) => ({ configRef: m.config.id, webhookId: m.webhookId, body: m.body })),
      at,
    );
    const deliveries = made.map((m) => ({
      webhook_id: m.webhookId,
      callback_id: m.config.callbackId,
      url: m.config.url,
    }));
    await auditBy(tx, actor, 'event.resent', event.eventId, {
      event: event.event,
      callback_id: callbackId ?? null,
      deliveries,
    });
    return { result: { event_id: event.eventId, deliveries, livemode }, effects };
  });
}
