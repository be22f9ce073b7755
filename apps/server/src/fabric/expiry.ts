import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fabricCalls } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { completeCall } from './pipeline.ts';
import type { FabricProduct } from './product.ts';

/**
 * Completes the PENDING calls whose time ran out (a DigiLocker consent link never answered, an Aadhaar XML OTP
 * never submitted): each product with an `expire` rule, each call whose state's `expires_at` has passed, through
 * `completeCall` (its row, `call.updated` on the streams, the FABRIC callback). Idempotent: a call finished
 * meanwhile (by a person, a second step or another sweeper) is left as it is, by `completeCall`'s row lock.
 * Reads at most `limit` calls per run (oldest first, by the partial index `fabric_calls_pending_idx`); the next
 * run takes the rest. `expires_at` is compared as text: every product writes it with `Date.toISOString()`
 * (UTC, fixed width), whose order is the time's order, and a malformed value cannot make the query fail.
 */
export async function sweepExpiredCalls(
  db: Db,
  products: readonly FabricProduct[],
  opts: { now?: Date; limit?: number } = {},
): Promise<{ completed: number; effects: Effects }> {
  const now = opts.now ?? new Date();
  const expiring = new Map(products.filter((p) => p.expire).map((p) => [p.slug as string, p]));
  if (!expiring.size) return { completed: 0, effects: noEffects() };
  const due = await db
    .select({
      clientRef: fabricCalls.clientRef,
      urn: fabricCalls.urn,
      product: fabricCalls.product,
      state: fabricCalls.state,
    })
    .from(fabricCalls)
    .where(
      and(
        eq(fabricCalls.status, 'PENDING'),
        inArray(fabricCalls.product, [...expiring.keys()]),
        sql`${fabricCalls.state}->>'expires_at' < ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(fabricCalls.createdAt))
    .limit(opts.limit ?? 500);
  let effects = noEffects();
  let completed = 0;
  for (const call of due) {
    const state = call.state ?? {};
    const outcome = expiring.get(call.product)!.expire!({ urn: call.urn, state, now });
    const done = await completeCall(db, { clientRef: call.clientRef, urn: call.urn, outcome });
    if (done.call.status === outcome.status && done.call.result_code === outcome.resultCode) completed++;
    effects = mergeEffects(effects, done.effects);
  }
  return { completed, effects };
}
