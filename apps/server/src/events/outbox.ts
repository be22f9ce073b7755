import { and, eq } from 'drizzle-orm';
import type { CallbackEventType } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import { callbackConfigs, callbackDeliveries } from '../db/schema.ts';
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
 * Queues a callback to every active URL the client configured for this event type. Call it inside the
 * transaction that changes the state, so the message exists exactly when the change does. Answers the new
 * deliveries, to wake the delivery worker after commit. `configs`: the active configurations when the caller
 * read them already in this transaction (a batch of many changes), else they are read here.
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
  if (!configs.length) return [];
  const timestamp = new Date().toISOString();
  const rows = await tx
    .insert(callbackDeliveries)
    .values(
      configs.map((c) => {
        const webhookId = newId('msg_');
        return {
          webhookId,
          clientRef: input.clientRef,
          configRef: c.id,
          event: input.event,
          subjectUrn: input.subjectUrn,
          body: JSON.stringify({ type: input.event, timestamp, webhook_id: webhookId, data: input.data }),
          nextAttemptAt: new Date(),
        };
      }),
    )
    .returning({ clientRef: callbackDeliveries.clientRef, id: callbackDeliveries.id });
  return rows;
}
