import { and, eq } from 'drizzle-orm';
import type { CallbackEventType } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import type { DeliveryRef } from '../jobs/effects.ts';
import { callbackConfigs, callbackDeliveries } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

/**
 * Queues a callback to every active URL the client configured for this event type. Call it inside the
 * transaction that changes the state, so the message exists exactly when the change does. Answers the new
 * deliveries, to wake the delivery worker after commit.
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
): Promise<DeliveryRef[]> {
  const configs = await tx
    .select({ id: callbackConfigs.id })
    .from(callbackConfigs)
    .where(
      and(
        eq(callbackConfigs.clientRef, input.clientRef),
        eq(callbackConfigs.eventType, input.eventType),
        eq(callbackConfigs.isActive, true),
      ),
    );
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
