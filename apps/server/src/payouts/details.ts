import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayoutDetails, PayoutStatus } from '@meridian/contract';
import type { z } from 'zod';
import { deliveriesFor } from '../callbacks/delivery.ts';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { payoutEvents, payouts } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { answerColumns, senderAccountNumber, toPayout } from './answer.ts';

/** A payout by its urn with its sender account's number, and a payout's timeline: prepared once (db/prepared.ts). */
const payoutByUrn = prepared('payout_by_urn', (db) =>
  db
    .select({
      ...answerColumns,
      id: payouts.id,
      senderAccountNumber,
    })
    .from(payouts)
    .where(and(eq(payouts.clientRef, sql.placeholder('clientRef')), eq(payouts.urn, sql.placeholder('urn')))),
);
const timelineOf = prepared('payout_timeline', (db) =>
  db
    .select({ status: payoutEvents.status, message: payoutEvents.message, createdAt: payoutEvents.createdAt })
    .from(payoutEvents)
    .where(
      and(
        eq(payoutEvents.clientRef, sql.placeholder('clientRef')),
        eq(payoutEvents.payoutRef, sql.placeholder('payoutRef')),
      ),
    )
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id)),
);

export async function getPayoutDetails(
  db: Db,
  clientRef: number,
  urn: string,
): Promise<z.infer<typeof PayoutDetails>> {
  const [row] = await payoutByUrn(db, { clientRef, urn });
  if (!row) throw notFound(`No payout with urn ${urn}`);
  // The timeline and the callbacks are independent reads: sent together.
  const [events, callbacks] = await Promise.all([
    timelineOf(db, { clientRef, payoutRef: row.id }),
    deliveriesFor(db, clientRef, urn),
  ]);
  return {
    ...toPayout(row, row.senderAccountNumber),
    events: events.map((e) => ({
      status: e.status as PayoutStatus,
      message: e.message,
      at: e.createdAt.toISOString(),
    })),
    callbacks,
  };
}
