import { and, eq, inArray } from 'drizzle-orm';
import { systemActor } from '../audit/actor.ts';
import { handleCallbackRequest } from '../callbacks/configs.ts';
import { attemptDelivery } from '../callbacks/delivery.ts';
import { sendTestEvent } from '../callbacks/delivery-log.ts';
import { sandboxReceiverAnswer } from '../callbacks/sandbox-receiver.ts';
import type { Db } from '../db/database.ts';
import { callbackConfigs, callbackDeliveries, events } from '../db/schema.ts';
import type { DeliveryRef, Effects } from '../jobs/effects.ts';

const DAY = 24 * 3600_000;

/**
 * Demo for /configurations/callback-configurations, through the same functions as the API: every customer gets a
 * test event to a live URL (delivered by the worker once jobs run); Acme also gets a validations endpoint that was
 * down four days ago: four test events sent to it then (backdated) were attempted by the delivery code with the
 * sandbox receiver's outage answer (503) until their 3 days of retries ran out (FAILED), after which the endpoint
 * was "fixed" (its URL updated), so that "Replay failed deliveries" has something to send. Idempotent: a client
 * with a BANK_ACCOUNT_VALIDATION or a Globex PAYOUT configuration is left alone.
 */
export async function seedDemoCallbacks(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { callbackBaseUrl: string; now?: number },
): Promise<Effects> {
  const now = opts.now ?? Date.now();
  const callbacks: DeliveryRef[] = [];
  for (const client of clients) {
    const acme = client.name === 'Acme Retail';
    const marker = acme ? 'BANK_ACCOUNT_VALIDATION' : 'PAYOUT';
    const [done] = await db
      .select({ id: callbackConfigs.id })
      .from(callbackConfigs)
      .where(and(eq(callbackConfigs.clientRef, client.id), eq(callbackConfigs.eventType, marker)))
      .limit(1);
    if (done) continue;
    const actor = systemActor(client.id, 'demo-seed');
    const create = async (event_type: 'PAYOUT' | 'BANK_ACCOUNT_VALIDATION', path: string) =>
      (
        await handleCallbackRequest(db, actor, {
          action: 'create',
          event_type,
          url: `${opts.callbackBaseUrl}/${path}`,
          http_method: 'POST',
          is_active: true,
        })
      ).body as { callback_id: string };

    if (!acme) {
      const live = await create('PAYOUT', 'globex/payouts');
      callbacks.push(...(await sendTestEvent(db, actor, live.callback_id)).effects);
      continue;
    }
    const [payouts] = await db
      .select({ callbackId: callbackConfigs.callbackId })
      .from(callbackConfigs)
      .where(and(eq(callbackConfigs.clientRef, client.id), eq(callbackConfigs.eventType, 'PAYOUT')))
      .limit(1);
    if (payouts) callbacks.push(...(await sendTestEvent(db, actor, payouts.callbackId)).effects);

    const down = await create('BANK_ACCOUNT_VALIDATION', 'outage/validations');
    const sent: number[] = [];
    for (let i = 0; i < 4; i++) sent.push((await sendTestEvent(db, actor, down.callback_id)).effects[0]!.id);
    // Sent four days ago (an hour apart), then attempted at the times the retry schedule set.
    for (const [i, id] of sent.entries())
      await failDuringOutage(db, { clientRef: client.id, id }, new Date(now - 4 * DAY + i * 3600_000));
    // The endpoint came back: its URL now points at the live receiver.
    await handleCallbackRequest(db, actor, {
      action: 'update',
      callback_id: down.callback_id,
      url: `${opts.callbackBaseUrl}/validations`,
    });
  }
  return { rail: [], callbacks };
}

/**
 * A test event sent during the outage: backdated to `createdAt` (its event too), then attempted at the times the
 * retry schedule set, with the sandbox receiver's outage answer, until its retries ran out (FAILED).
 */
async function failDuringOutage(db: Db, ref: DeliveryRef, createdAt: Date): Promise<void> {
  const [moved] = await db
    .update(callbackDeliveries)
    .set({ createdAt, nextAttemptAt: createdAt })
    .where(and(eq(callbackDeliveries.clientRef, ref.clientRef), inArray(callbackDeliveries.id, [ref.id])))
    .returning({ eventRef: callbackDeliveries.eventRef });
  // Its event happened then too.
  if (moved?.eventRef)
    await db
      .update(events)
      .set({ createdAt })
      .where(and(eq(events.clientRef, ref.clientRef), eq(events.id, moved.eventRef)));
  let clock = createdAt.getTime() + 1000;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptDelivery(db, ref, attempt, {
      allowPrivate: true,
      // The receiver's own answer, in-process: the server is not listening yet while it seeds.
      send: async (url, init) => {
        const answer = sandboxReceiverAnswer(new URL(url).pathname, init.headers);
        return { status: answer.status, excerpt: JSON.stringify(answer.body) };
      },
      now: () => new Date((clock += 40 + ((attempt * 13) % 90))),
    });
    if (outcome.kind !== 'retry') break;
    clock = outcome.at.getTime();
  }
}
