import { and, eq } from 'drizzle-orm';
import type { TransferType } from '@meridian/contract';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { payouts } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { post } from '../ledger/ledger.ts';
import { planPayout } from '../rail/sandbox.ts';
import { payoutAnswer, type PayoutAnswer, type PayoutRow } from './answer.ts';
import type { PayoutOptions } from './service.ts';
import { recordTransition, thisPayout } from './transition.ts';

/** A held payout's row, locked; 409 when it no longer waits for approval. */
async function heldPayout(tx: Db, clientRef: number, urn: string): Promise<PayoutRow> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
    .for('update');
  if (!row) throw notFound(`There is no payout ${urn}`);
  if (row.status !== 'PENDING_APPROVAL')
    throw new AppError(409, 'payout_not_held', `Payout ${urn} is ${row.status}, not waiting for approval`);
  return row;
}

/**
 * The approved payout goes: the balance is checked now, at approval (the guarded debit: 422
 * `insufficient_balance` when short, and the caller's savepoint undoes it), the payout becomes PENDING with its
 * rail step due, and the transition is recorded (timeline, `payout.pending` callbacks).
 */
export async function releaseHeldPayout(
  tx: Db,
  approver: Actor,
  clientRef: number,
  urn: string,
  opts: PayoutOptions,
): Promise<{ effects: Effects; payout: PayoutAnswer }> {
  const row = await heldPayout(tx, clientRef, urn);
  const now = opts.at ?? new Date();
  await post(tx, {
    clientRef,
    clientAccountRef: row.accountRef,
    counterparty: 'railClearing',
    category: 'PAYOUT',
    description: `Payout to ${row.beneficiaryName} (${row.transferType})`,
    amount: -row.amount,
    referenceUrn: urn,
    customerReferenceNumber: row.customerReferenceNumber,
    idempotencyKey: `payout:${urn}`,
    at: opts.at,
  });
  const plan = planPayout(row.transferType as TransferType, {
    accountNumber: row.beneficiaryAccountNumber,
    upiId: row.upiId,
  });
  const railDueAt = new Date(now.getTime() + plan.settleAfterMs * opts.railTimeScale);
  const [updated] = await tx
    .update(payouts)
    .set({ status: 'PENDING', statusMessage: null, railDueAt, updatedAt: now })
    .where(thisPayout(row))
    .returning();
  const payout = await payoutAnswer(tx, updated!);
  const effects = await recordTransition(tx, approver, updated!, 'PENDING', null, payout, now);
  await auditBy(tx, approver, 'payout.approved', urn, { amount: payout.amount });
  effects.rail.push({ clientRef, urn, at: railDueAt });
  return { effects, payout };
}

/** A held payout that will not go (rejected, approval expired, or short of balance at approval): REJECTED. */
export async function rejectHeldPayout(
  tx: Db,
  by: Actor,
  clientRef: number,
  urn: string,
  message: string,
): Promise<Effects> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
    .for('update');
  if (!row || row.status !== 'PENDING_APPROVAL') return noEffects();
  const now = new Date();
  const [updated] = await tx
    .update(payouts)
    .set({ status: 'REJECTED', statusMessage: message, railDueAt: null, updatedAt: now })
    .where(thisPayout(row))
    .returning();
  const payout = await payoutAnswer(tx, updated!);
  const effects = await recordTransition(tx, by, updated!, 'REJECTED', message, payout, now);
  await auditBy(tx, by, 'payout.rejected', urn, { reason: message });
  return effects;
}
