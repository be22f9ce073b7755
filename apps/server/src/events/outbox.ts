import { and, eq, sql } from 'drizzle-orm';
import type { CallbackEventType } from '@meridian/contract';
import { queryRows, type Db } from '../db/database.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import { callbackConfigs, callbackDeliveries, events } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { currentRequestId } from '../http/request-context.ts';
import { newId } from '../lib/ids.ts';

/** The client's active callback configurations for an event type. */
export function activeCallbackConfigs(
  tx: Db,
  clientRef: number,
  eventType: CallbackEventType,
): Promise<{ id: number }[]> {
  return tx
    .select({ id: callbackConfigs.id })
    .from(callbackConfigs)
    .where(
      and(
        eq(callbackConfigs.clientRef, clientRef),
        eq(callbackConfigs.eventType, eventType),
        eq(callbackConfigs.isActive, true),
      ),
    );
}

/**
 * The signed body of one delivery of an event (a contract: receivers verify and parse it as it is): its type, the
 * mode of its tenant (`livemode`), its time, the message id and its data.
 */
export const deliveryBody = (
  event: string,
  livemode: boolean,
  timestamp: string,
  webhookId: string,
  data: unknown,
): string => JSON.stringify({ type: event, livemode, timestamp, webhook_id: webhookId, data });

/** The deliveries to insert for one event: to which configuration, with which webhook id and signed body. */
export type NewDelivery = { configRef: number; webhookId: string; body: string };

/**
 * Inserts later deliveries of a recorded event (`event_ref`: a resend), created and due `at` (one statement);
 * answers them for the worker. `at` must be after the event's time: the deliveries made with the event share its
 * time exactly, and that is how a resend is told from them (`isResend`).
 */
export async function insertDeliveries(
  tx: Db,
  input: { clientRef: number; event: string; subjectUrn: string; eventRef: number },
  deliveries: NewDelivery[],
  at: Date,
): Promise<DeliveryRef[]> {
  if (!deliveries.length) return [];
  return tx
    .insert(callbackDeliveries)
    .values(
      deliveries.map((d) => ({
        webhookId: d.webhookId,
        clientRef: input.clientRef,
        configRef: d.configRef,
        event: input.event,
        subjectUrn: input.subjectUrn,
        body: d.body,
        createdAt: at,
        nextAttemptAt: at,
        eventRef: input.eventRef,
      })),
    )
    .returning({ clientRef: callbackDeliveries.clientRef, id: callbackDeliveries.id });
}

/**
 * Records the event once (the `events` row, `evt_…`, with the id of the API request being handled, if any) and
 * queues a callback to every active URL the client configured for its type, each delivery pointing at the event
 * (`event_ref`). Every event is recorded, whether or not a URL receives it. Call it inside the transaction that
 * changes the state, so the event and its messages exist exactly when the change does. One statement (the
 * event's insert feeds the deliveries' in a CTE, both on the one client_ref). Answers the new deliveries, to
 * wake the delivery worker after commit. `known`: the active configurations when the caller read them already
 * in this transaction (a batch of many changes), else they are read here.
 */
export async function enqueueCallbacks(
  tx: Db,
  input: {
    clientRef: number;
    eventType: CallbackEventType;
    event: string;
    subjectUrn: string;
    data: unknown;
  },
  known?: { id: number }[],
): Promise<DeliveryRef[]> {
  const configs = known ?? (await activeCallbackConfigs(tx, input.clientRef, input.eventType));
  // The event's time is its messages' `timestamp` and their creation time (a resend carries the same timestamp).
  const at = new Date();
  const timestamp = at.toISOString();
  const c = input.clientRef;
  const eventRow = sql`INSERT INTO ${events}
      (client_ref, event_id, event_type, event, subject_urn, data, request_id, created_at)
    VALUES (${c}, ${newId('evt_')}, ${input.eventType}, ${input.event}, ${input.subjectUrn},
      ${JSON.stringify(input.data ?? null)}::jsonb, ${currentRequestId()}, ${timestamp}::timestamptz)`;
  if (!configs.length) {
    await tx.execute(eventRow);
    return [];
  }
  const { livemode } = await tenantOf(tx, c); // a worker's event may be of a tenant new to it
  const values = sql.join(
    configs.map((cfg) => {
      const webhookId = newId('msg_');
      const body = deliveryBody(input.event, livemode, timestamp, webhookId, input.data);
      return sql`(${webhookId}, ${cfg.id}::bigint, ${body})`;
    }),
    sql`, `,
  );
  const rows = await queryRows<{ client_ref: string | number; id: string | number }>(
    tx,
    sql`WITH e AS (${eventRow} RETURNING id)
      INSERT INTO ${callbackDeliveries}
        (webhook_id, client_ref, config_ref, event, subject_urn, body, created_at, next_attempt_at, event_ref)
      SELECT v.webhook_id, ${c}::bigint, v.config_ref, ${input.event}, ${input.subjectUrn}, v.body,
        ${timestamp}::timestamptz, ${timestamp}::timestamptz, e.id
      FROM e, (VALUES ${values}) AS v(webhook_id, config_ref, body)
      RETURNING client_ref, id`,
  );
  return rows.map((r) => ({ clientRef: Number(r.client_ref), id: Number(r.id) }));
}

/**
 * A delivery made by a resend of its event: created after it (`insertDeliveries`), whereas those made with the
 * event share its time exactly (or are older when the demo seed backdates them).
 */
export const isResend = (delivery: { createdAt: Date }, event: { createdAt: Date }): boolean =>
  delivery.createdAt.getTime() > event.createdAt.getTime();
