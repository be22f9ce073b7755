import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  CALLBACK_DELIVERIES_LIST,
  type CallbackReplay,
  type CallbackReplayRequest,
} from '@meridian/contract/callback-configurations';
import type { CallbackEventType } from '@meridian/contract';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { callbackConfigs, callbackDeliveries, callbackReplays } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { notFound } from '../http/errors.ts';
import type { DeliveryRef, ReplayRef } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { resolveListQuery } from '../lists/list-query.ts';
import { markForResend } from './delivery-log.ts';

/** Deliveries a replay sends again per transaction. */
export const REPLAY_BATCH = 100;

type Row = typeof callbackReplays.$inferSelect;

const toReplay = (r: Row): CallbackReplay => ({
  replay_id: r.replayId,
  status: r.status as CallbackReplay['status'],
  start_date: r.startDate,
  end_date: r.endDate,
  event_type: r.eventType as CallbackEventType | null,
  total: r.total,
  done: r.done,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  livemode: livemodeOf(r.clientRef),
});

const configOfDelivery = withinClient(
  callbackConfigs,
  callbackDeliveries.clientRef,
  callbackDeliveries.configRef,
);

/** FAILED deliveries of the client created in [from, to), of one event type when given. */
const failedInRange = (clientRef: number, from: Date, to: Date, eventType: string | null) =>
  and(
    eq(callbackDeliveries.clientRef, clientRef),
    eq(callbackDeliveries.status, 'FAILED'),
    gte(callbackDeliveries.createdAt, from),
    lt(callbackDeliveries.createdAt, to),
    eventType ? eq(callbackConfigs.eventType, eventType) : undefined,
  );

/**
 * `POST /v2/company/callback/replays`: every FAILED delivery created in the date range (whole days in the time
 * zone) is sent again by a job. What it covers is fixed now (the failed deliveries up to the newest one); a range
 * without any completes at once. Audited. Answers the replay and the job to start.
 */
export async function requestReplay(
  db: Db,
  actor: Actor,
  req: CallbackReplayRequest,
  product: string,
): Promise<{ replay: CallbackReplay; effects: ReplayRef[] }> {
  const filter = resolveListQuery(
    {
      start_date: req.start_date,
      end_date: req.end_date,
      ...(req.time_zone ? { time_zone: req.time_zone } : {}),
    },
    // the replay's range is checked as the delivery log's
    CALLBACK_DELIVERIES_LIST,
    product,
  );
  const eventType = req.event_type ?? null;
  return db.transaction(async (tx) => {
    const [scope] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number | null>`max(${callbackDeliveries.id})`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
      })
      .from(callbackDeliveries)
      .innerJoin(callbackConfigs, configOfDelivery)
      .where(failedInRange(actor.clientRef, filter.from, filter.to, eventType));
    const total = scope?.n ?? 0;
    const [row] = await tx
      .insert(callbackReplays)
      .values({
        replayId: newId('RPL'),
        clientRef: actor.clientRef,
        startDate: req.start_date,
        endDate: req.end_date,
        rangeFrom: filter.from,
        rangeTo: filter.to,
        eventType,
        status: total ? 'QUEUED' : 'COMPLETED',
        total,
        lastDeliveryRef: scope?.last ?? 0,
        requestedBy: actor.email,
        ...(total ? {} : { finishedAt: new Date() }),
      })
      .returning();
    await auditBy(tx, actor, 'callback.replay_requested', row!.replayId, {
      start_date: req.start_date,
      end_date: req.end_date,
      time_zone: filter.timeZone,
      event_type: eventType,
      total,
    });
    return {
      replay: toReplay(row!),
      effects: total ? [{ clientRef: actor.clientRef, replayId: row!.replayId }] : [],
    };
  });
}

export async function getReplay(db: Db, clientRef: number, replayId: string): Promise<CallbackReplay> {
  const [row] = await db
    .select()
    .from(callbackReplays)
    .where(and(eq(callbackReplays.clientRef, clientRef), eq(callbackReplays.replayId, replayId)));
  if (!row) throw notFound('No callback replay with this replay_id');
  return toReplay(row);
}

/**
 * The replay's job: batch after batch (one transaction each, the replay row locked), the next FAILED deliveries
 * it covers are put back in the queue and the progress saved with the cursor; `deliver` starts their attempts
 * after each commit (a crash in between leaves them due, and the sweeper sends them). Idempotent: a second run
 * carries on from the cursor, and a finished replay is left alone.
 */
export async function runReplay(
  db: Db,
  ref: ReplayRef,
  deliver: (refs: DeliveryRef[]) => Promise<void>,
  batch = REPLAY_BATCH,
): Promise<CallbackReplay['status'] | 'missing'> {
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [replay] = await tx
        .select()
        .from(callbackReplays)
        .where(and(eq(callbackReplays.clientRef, ref.clientRef), eq(callbackReplays.replayId, ref.replayId)))
        .for('update');
      if (!replay) return { status: 'missing' as const, refs: [] };
      if (replay.status === 'COMPLETED') return { status: 'COMPLETED' as const, refs: [] };
      const ids = (
        await tx
          .select({ id: callbackDeliveries.id })
          .from(callbackDeliveries)
          .innerJoin(callbackConfigs, configOfDelivery)
          .where(
            and(
              failedInRange(ref.clientRef, replay.rangeFrom, replay.rangeTo, replay.eventType),
              gt(callbackDeliveries.id, replay.cursor),
              lte(callbackDeliveries.id, replay.lastDeliveryRef),
            ),
          )
          .orderBy(asc(callbackDeliveries.id))
          .limit(batch)
      ).map((r) => r.id);
      const thisReplay = and(eq(callbackReplays.clientRef, ref.clientRef), eq(callbackReplays.id, replay.id));
      if (!ids.length) {
        await tx
          .update(callbackReplays)
          .set({ status: 'COMPLETED', finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(thisReplay);
        return { status: 'COMPLETED' as const, refs: [] };
      }
      const refs = await markForResend(tx, ref.clientRef, ids);
      await tx
        .update(callbackReplays)
        .set({
          status: 'RUNNING',
          done: sql`${callbackReplays.done} + ${refs.length}`,
          cursor: ids[ids.length - 1]!,
          updatedAt: sql`now()`,
        })
        .where(thisReplay);
      return { status: 'RUNNING' as const, refs };
    });
    if (step.refs.length) await deliver(step.refs);
    if (step.status !== 'RUNNING') return step.status;
  }
}

/** Replays not finished whose job seems lost (no progress for 2 minutes), of every client: for the sweeper. */
export async function staleReplays(db: Db, graceSeconds = 120) {
  return db
    .select({
      clientRef: callbackReplays.clientRef,
      replayId: callbackReplays.replayId,
      updatedAt: callbackReplays.updatedAt,
    })
    .from(callbackReplays)
    .where(
      and(
        inArray(callbackReplays.status, ['QUEUED', 'RUNNING']),
        sql`${callbackReplays.updatedAt} < now() - make_interval(secs => ${graceSeconds})`,
      ),
    )
    .limit(100);
}
