import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  CALLBACK_EVENT_TYPE_INFO,
  CALLBACK_TEST_EVENT,
  type CALLBACK_DELIVERIES_LIST,
  type CallbackDeliveryRow,
  type CallbackDeliveryStatus,
  type CallbackSubscription,
} from '@meridian/contract/callback-configurations';
import { CALLBACK_EVENT_TYPES, type CallbackEventType } from '@meridian/contract';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { callbackConfigs, callbackDeliveries } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { attemptsOf, configOfDelivery } from './delivery.ts';
import { enqueueCallbacks } from '../events/outbox.ts';

/** The delivery log's filters beside the date range and search (CALLBACK_DELIVERIES_LIST): an event type and a status. */
export type DeliveryLogParams = FilterParams<typeof CALLBACK_DELIVERIES_LIST>;

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  webhook_id: (v) => eq(callbackDeliveries.webhookId, v),
  subject_urn: (v) => eq(callbackDeliveries.subjectUrn, v),
};

/** The client's deliveries created in the range (index callback_deliveries_client_created_idx), filtered. */
function where({ clientRef, filter, params }: ListScope<DeliveryLogParams>): SQL | undefined {
  return and(
    eq(callbackDeliveries.clientRef, clientRef),
    gte(callbackDeliveries.createdAt, filter.from),
    lt(callbackDeliveries.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(callbackDeliveries.status, params.status as CallbackDeliveryStatus) : undefined,
    params.event_type ? eq(callbackConfigs.eventType, params.event_type) : undefined,
  );
}

const selectDeliveries = (db: Db) =>
  db
    .select({ delivery: callbackDeliveries, config: callbackConfigs })
    .from(callbackDeliveries)
    .innerJoin(callbackConfigs, configOfDelivery);

type Joined = {
  delivery: typeof callbackDeliveries.$inferSelect;
  config: typeof callbackConfigs.$inferSelect;
};

/** Rows with their attempts (one query for the page's attempts). */
async function withAttempts(db: Db, clientRef: number, rows: Joined[]): Promise<CallbackDeliveryRow[]> {
  if (!rows.length) return [];
  const attempts = await attemptsOf(
    db,
    clientRef,
    rows.map((r) => r.delivery.id),
  );
  return rows.map(({ delivery: d, config: c }) => ({
    webhook_id: d.webhookId,
    callback_id: c.callbackId,
    event_type: c.eventType as CallbackEventType,
    event: d.event,
    subject_urn: d.subjectUrn,
    url: c.url,
    http_method: c.httpMethod as CallbackDeliveryRow['http_method'],
    status: d.status as CallbackDeliveryStatus,
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    resent_at: d.resentAt?.toISOString() ?? null,
    attempts: attempts.get(d.id) ?? [],
    livemode: livemodeOf(d.clientRef),
  }));
}

export async function listDeliveries(
  db: Db,
  scope: ListScope<DeliveryLogParams>,
): Promise<CallbackDeliveryRow[]> {
  const rows = await selectDeliveries(db)
    .where(where(scope))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return withAttempts(db, scope.clientRef, rows);
}

export async function countDeliveries(db: Db, scope: ListScope<DeliveryLogParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callbackDeliveries)
    .innerJoin(callbackConfigs, configOfDelivery)
    .where(where(scope));
  return row?.n ?? 0;
}

/** One delivery of the client by its webhook id, with its attempts; 404 for another client's. */
export async function getDelivery(
  db: Db,
  clientRef: number,
  webhookId: string,
): Promise<CallbackDeliveryRow> {
  const rows = await selectDeliveries(db).where(
    and(eq(callbackDeliveries.clientRef, clientRef), eq(callbackDeliveries.webhookId, webhookId)),
  );
  const [row] = await withAttempts(db, clientRef, rows);
  if (!row) throw notFound('No callback delivery with this webhook_id');
  return row;
}

/**
 * Puts a finished (DELIVERED or FAILED) delivery back in the queue: the same message, body and `webhook-id`, so a
 * receiver that saw it already can tell it is the same; attempts go on from the last one, with 3 days of retries
 * from now. In the caller's transaction; answers what the worker must attempt.
 */
export async function markForResend(
  tx: Db,
  clientRef: number,
  ids: number[],
  now = new Date(),
): Promise<DeliveryRef[]> {
  if (!ids.length) return [];
  const rows = await tx
    .update(callbackDeliveries)
    .set({ status: 'PENDING', nextAttemptAt: now, resentAt: now })
    .where(
      and(
        eq(callbackDeliveries.clientRef, clientRef),
        inArray(callbackDeliveries.id, ids),
        inArray(callbackDeliveries.status, ['DELIVERED', 'FAILED']),
      ),
    )
    .returning({
      clientRef: callbackDeliveries.clientRef,
      id: callbackDeliveries.id,
      attemptCount: callbackDeliveries.attemptCount,
    });
  return rows.map((r) => ({ clientRef: r.clientRef, id: r.id, attempt: r.attemptCount + 1 }));
}

/** `POST …/deliveries/{webhook_id}/resend`: one delivery sent again (audited). 409 while it is still pending. */
export async function resendDelivery(
  db: Db,
  actor: Actor,
  webhookId: string,
): Promise<{ delivery: CallbackDeliveryRow; effects: DeliveryRef[] }> {
  const effects = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: callbackDeliveries.id,
        status: callbackDeliveries.status,
        event: callbackDeliveries.event,
      })
      .from(callbackDeliveries)
      .where(
        and(eq(callbackDeliveries.clientRef, actor.clientRef), eq(callbackDeliveries.webhookId, webhookId)),
      )
      .for('update');
    if (!row) throw notFound('No callback delivery with this webhook_id');
    if (row.status === 'PENDING')
      throw new AppError(
        409,
        'delivery_pending',
        'This delivery is still being attempted; resend it once it is delivered or has failed',
      );
    const refs = await markForResend(tx, actor.clientRef, [row.id]);
    await auditBy(tx, actor, 'callback.delivery_resent', webhookId, {
      event: row.event,
      previous_status: row.status,
    });
    return refs;
  });
  return { delivery: await getDelivery(db, actor.clientRef, webhookId), effects };
}

/**
 * `POST /v2/company/callback/test`: a signed `callback.test` message through the outbox to one configuration
 * only, so it is delivered, retried and logged like any other. The configuration must be active.
 */
export async function sendTestEvent(
  db: Db,
  actor: Actor,
  callbackId: string,
  now = new Date(),
): Promise<{ delivery: CallbackDeliveryRow; effects: DeliveryRef[] }> {
  const { webhookId, effects } = await db.transaction(async (tx) => {
    const [config] = await tx
      .select()
      .from(callbackConfigs)
      .where(and(eq(callbackConfigs.clientRef, actor.clientRef), eq(callbackConfigs.callbackId, callbackId)));
    if (!config) throw notFound('No callback configuration with this callback_id');
    if (!config.isActive)
      throw new AppError(
        409,
        'callback_inactive',
        'This callback configuration is switched off: switch it on to send a test event',
      );
    const refs = await enqueueCallbacks(
      tx,
      {
        clientRef: actor.clientRef,
        eventType: config.eventType as CallbackEventType,
        event: CALLBACK_TEST_EVENT,
        subjectUrn: config.callbackId,
        data: {
          callback_id: config.callbackId,
          event_type: config.eventType,
          message: 'A test event from Meridian: your endpoint is reachable and can check the signature.',
          sent_at: now.toISOString(),
        },
      },
      [{ id: config.id }],
    );
    const [delivery] = await tx
      .select({ webhookId: callbackDeliveries.webhookId })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.clientRef, actor.clientRef), eq(callbackDeliveries.id, refs[0]!.id)));
    await auditBy(tx, actor, 'callback.test_sent', config.callbackId, {
      webhook_id: delivery!.webhookId,
      url: config.url,
    });
    return { webhookId: delivery!.webhookId, effects: refs };
  });
  return { delivery: await getDelivery(db, actor.clientRef, webhookId), effects };
}

/** Per event type (every type the product raises): whether an active URL receives it, and every URL set for it. */
export async function listSubscriptions(db: Db, clientRef: number): Promise<CallbackSubscription[]> {
  const configs = await db
    .select()
    .from(callbackConfigs)
    .where(eq(callbackConfigs.clientRef, clientRef))
    .orderBy(asc(callbackConfigs.id));
  return CALLBACK_EVENT_TYPES.map((type) => {
    const mine = configs.filter((c) => c.eventType === type);
    const active = mine.filter((c) => c.isActive).length;
    return {
      event_type: type,
      label: CALLBACK_EVENT_TYPE_INFO[type].label,
      subscribed: active > 0,
      active_urls: active,
      configurations: mine.map((c) => ({
        callback_id: c.callbackId,
        url: c.url,
        http_method: c.httpMethod as CallbackSubscription['configurations'][number]['http_method'],
        is_active: c.isActive,
      })),
    };
  });
}
