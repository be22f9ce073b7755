import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CallbackDelivery } from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { prepared } from '../db/prepared.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import { callbackAttempts, callbackConfigs, callbackDeliveries } from '../db/schema.ts';
import { sendRequest, type HttpAnswer } from './http-client.ts';
import { signWebhook } from './signing.ts';

export const DELIVERY_TIMEOUT_MS = 15_000;
/** Retries stop once a message is this old (about 3 days). */
export const GIVE_UP_AFTER_MS = 72 * 3600_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 12 * 3600_000;

/**
 * Delay before attempt `attempt + 1`: 5 s × 3^(attempt−1), at most 12 h, ±20 % jitter so that endpoints that
 * come back are not hit by every sender at once. About 14 attempts fit in 3 days.
 */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 3 ** (attempt - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export const configOfDelivery = withinClient(
  callbackConfigs,
  callbackDeliveries.clientRef,
  callbackDeliveries.configRef,
);

export type DeliveryOptions = {
  allowPrivate: boolean;
  send?: typeof sendRequest;
  now?: () => Date;
};

export type AttemptOutcome =
  | { kind: 'skipped' }
  | { kind: 'delivered' }
  | { kind: 'retry'; attempt: number; at: Date }
  | { kind: 'failed' };

/**
 * Makes attempt number `attempt` of one delivery and records it. Idempotent: an attempt that was already made
 * (or a delivery no longer pending) is skipped, so a job that runs twice does not deliver twice in a row.
 */
export async function attemptDelivery(
  db: Db,
  ref: DeliveryRef,
  attempt: number,
  opts: DeliveryOptions,
): Promise<AttemptOutcome> {
  const [row] = await db
    .select({ delivery: callbackDeliveries, config: callbackConfigs })
    .from(callbackDeliveries)
    .innerJoin(callbackConfigs, configOfDelivery)
    .where(thisDelivery(ref));
  if (!row || row.delivery.status !== 'PENDING' || row.delivery.attemptCount !== attempt - 1)
    return { kind: 'skipped' };
  const { delivery, config } = row;
  const now = opts.now ?? (() => new Date());
  const started = now();
  const { answer, error } = config.isActive
    ? await sendDelivery(delivery, config, started, opts)
    : { answer: null, error: 'Callback configuration is disabled' };
  const finished = now();
  const ok = !!answer && answer.status >= 200 && answer.status < 300;
  // Retries run for 3 days from creation, or from the last time a user sent it again.
  const age = finished.getTime() - (delivery.resentAt ?? delivery.createdAt).getTime();
  const delay = retryDelayMs(attempt);
  const giveUp = !ok && (!config.isActive || age + delay > GIVE_UP_AFTER_MS);
  const nextAt = ok || giveUp ? null : new Date(finished.getTime() + delay);

  const recorded = await recordAttempt(db, ref, attempt, {
    status: ok ? 'DELIVERED' : giveUp ? 'FAILED' : 'PENDING',
    nextAt,
    started,
    finished,
    answer,
    error: error ?? (answer && !ok ? `HTTP ${answer.status}` : null),
  });
  if (!recorded) return { kind: 'skipped' };
  if (ok) return { kind: 'delivered' };
  if (giveUp) return { kind: 'failed' };
  return { kind: 'retry', attempt: attempt + 1, at: nextAt! };
}

const thisDelivery = (ref: DeliveryRef) =>
  and(eq(callbackDeliveries.clientRef, ref.clientRef), eq(callbackDeliveries.id, ref.id));

/** Sends the delivery's message, signed as Standard Webhooks at `started`: the answer, or why there was none. */
async function sendDelivery(
  delivery: typeof callbackDeliveries.$inferSelect,
  config: typeof callbackConfigs.$inferSelect,
  started: Date,
  opts: DeliveryOptions,
): Promise<{ answer: HttpAnswer | null; error: string | null }> {
  const timestamp = Math.floor(started.getTime() / 1000);
  try {
    const answer = await (opts.send ?? sendRequest)(config.url, {
      method: config.httpMethod,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Meridian-Webhooks/1.0',
        'webhook-id': delivery.webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(config.secret, delivery.webhookId, timestamp, delivery.body),
      },
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      allowPrivate: opts.allowPrivate,
    });
    return { answer, error: null };
  } catch (err) {
    return { answer: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Moves the delivery on from attempt `attempt - 1` (still PENDING) and records the attempt, in one transaction:
 * false when another run moved it first.
 */
function recordAttempt(
  db: Db,
  ref: DeliveryRef,
  attempt: number,
  outcome: {
    status: 'DELIVERED' | 'FAILED' | 'PENDING';
    nextAt: Date | null;
    started: Date;
    finished: Date;
    answer: HttpAnswer | null;
    error: string | null;
  },
): Promise<boolean> {
  const { answer, started, finished } = outcome;
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(callbackDeliveries)
      .set({ attemptCount: attempt, status: outcome.status, nextAttemptAt: outcome.nextAt })
      .where(
        and(
          thisDelivery(ref),
          eq(callbackDeliveries.attemptCount, attempt - 1),
          eq(callbackDeliveries.status, 'PENDING'),
        ),
      )
      .returning({ id: callbackDeliveries.id });
    if (!moved) return false;
    await tx.insert(callbackAttempts).values({
      clientRef: ref.clientRef,
      deliveryRef: ref.id,
      attempt,
      startedAt: started,
      statusCode: answer?.status ?? null,
      latencyMs: finished.getTime() - started.getTime(),
      responseExcerpt: answer ? answer.excerpt.slice(0, 500) : null,
      error: outcome.error,
    });
    return true;
  });
}

/**
 * Pending deliveries whose next attempt is overdue (their wake-up job was lost), of every client: for the
 * sweeper (on Citus, a scan of the partial index on every node, no join).
 */
export async function overdueDeliveries(db: Db, graceSeconds = 60) {
  return db
    .select({
      clientRef: callbackDeliveries.clientRef,
      id: callbackDeliveries.id,
      attemptCount: callbackDeliveries.attemptCount,
    })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.status, 'PENDING'),
        sql`${callbackDeliveries.nextAttemptAt} < now() - make_interval(secs => ${graceSeconds})`,
      ),
    )
    .limit(500);
}

type AttemptView = z.infer<typeof CallbackDelivery>['attempts'][number];
type AttemptRow = typeof callbackAttempts.$inferSelect;

const toAttemptView = (a: Omit<AttemptRow, 'id' | 'clientRef' | 'deliveryRef'>): AttemptView => ({
  attempt: a.attempt,
  started_at: a.startedAt.toISOString(),
  status_code: a.statusCode,
  latency_ms: a.latencyMs,
  response_excerpt: a.responseExcerpt,
  error: a.error,
});

/**
 * A subject's deliveries with their attempts in one statement (a row per attempt, or one without), prepared once
 * (db/prepared.ts): the details views read it on every visit.
 */
const deliveriesOfSubject = prepared('callback_deliveries_of_subject', (db) =>
  db
    .select({
      id: callbackDeliveries.id,
      webhookId: callbackDeliveries.webhookId,
      event: callbackDeliveries.event,
      status: callbackDeliveries.status,
      nextAttemptAt: callbackDeliveries.nextAttemptAt,
      url: callbackConfigs.url,
      attempt: {
        attempt: callbackAttempts.attempt,
        startedAt: callbackAttempts.startedAt,
        statusCode: callbackAttempts.statusCode,
        latencyMs: callbackAttempts.latencyMs,
        responseExcerpt: callbackAttempts.responseExcerpt,
        error: callbackAttempts.error,
      },
    })
    .from(callbackDeliveries)
    .innerJoin(callbackConfigs, configOfDelivery)
    .leftJoin(
      callbackAttempts,
      withinClient(callbackDeliveries, callbackAttempts.clientRef, callbackAttempts.deliveryRef),
    )
    .where(
      and(
        eq(callbackDeliveries.clientRef, sql.placeholder('clientRef')),
        eq(callbackDeliveries.subjectUrn, sql.placeholder('subjectUrn')),
      ),
    )
    .orderBy(asc(callbackDeliveries.id), asc(callbackAttempts.attempt)),
);

/** Every callback sent about one object (a payout or a validation), with each attempt, for its details view. */
export async function deliveriesFor(
  db: Db,
  clientRef: number,
  subjectUrn: string,
): Promise<z.infer<typeof CallbackDelivery>[]> {
  const rows = await deliveriesOfSubject(db, { clientRef, subjectUrn });
  const deliveries: z.infer<typeof CallbackDelivery>[] = [];
  let lastId: number | null = null;
  for (const r of rows) {
    if (r.id !== lastId) {
      lastId = r.id;
      deliveries.push({
        webhook_id: r.webhookId,
        event: r.event,
        url: r.url,
        status: r.status as 'PENDING' | 'DELIVERED' | 'FAILED',
        next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
        attempts: [],
      });
    }
    if (r.attempt) deliveries.at(-1)!.attempts.push(toAttemptView(r.attempt));
  }
  return deliveries;
}

/** The attempts of these deliveries (one query), in order, by delivery id: for the delivery log. */
export async function attemptsOf(
  db: Db,
  clientRef: number,
  deliveryIds: number[],
): Promise<Map<number, AttemptView[]>> {
  const byDelivery = new Map<number, AttemptView[]>();
  if (!deliveryIds.length) return byDelivery;
  const rows = await db
    .select()
    .from(callbackAttempts)
    .where(and(eq(callbackAttempts.clientRef, clientRef), inArray(callbackAttempts.deliveryRef, deliveryIds)))
    .orderBy(asc(callbackAttempts.attempt));
  for (const a of rows) {
    const list = byDelivery.get(a.deliveryRef) ?? [];
    list.push(toAttemptView(a));
    byDelivery.set(a.deliveryRef, list);
  }
  return byDelivery;
}
