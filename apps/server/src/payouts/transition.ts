import { and, eq } from 'drizzle-orm';
import type { PayoutStatus } from '@meridian/contract';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { payoutEvents, payouts } from '../db/schema.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import type { PayoutAnswer, PayoutRow } from './answer.ts';

/** A payout's row by its id within its client: the condition of every update of one payout. */
export const thisPayout = (row: PayoutRow) =>
  and(eq(payouts.clientRef, row.clientRef), eq(payouts.id, row.id));

/** Timeline event + callbacks for a state the payout has just entered (inside the transaction). */
export async function recordTransition(
  tx: Db,
  actor: Actor,
  row: PayoutRow,
  status: PayoutStatus,
  message: string | null,
  payout: PayoutAnswer,
  at?: Date,
  callbackConfigs?: { id: number }[],
): Promise<Effects> {
  await tx.insert(payoutEvents).values({
    clientRef: row.clientRef,
    payoutRef: row.id,
    status,
    message,
    ...(at ? { createdAt: at } : {}),
  });
  const callbacks = await enqueueCallbacks(
    tx,
    {
      clientRef: actor.clientRef,
      eventType: 'PAYOUT',
      event: `payout.${status.toLowerCase()}`,
      subjectUrn: row.urn,
      data: payout,
    },
    callbackConfigs,
  );
  return { ...noEffects(), callbacks };
}
