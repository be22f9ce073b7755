import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayoutStatus, TransferType } from '@meridian/contract';
import { auditBy, systemActor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { payouts } from '../db/schema.ts';
import { noEffects, type Effects, type RailStep } from '../jobs/effects.ts';
import { post, setEntryBankReference } from '../ledger/ledger.ts';
import { bankReference, planPayout } from '../rail/sandbox.ts';
import { payoutAnswer, type PayoutRow } from './answer.ts';
import type { PayoutOptions } from './service.ts';
import { recordTransition, thisPayout } from './transition.ts';

/**
 * What another domain does, in the rail step's transaction, when a payout of its kind changes state: the
 * settlement of a SETTLEMENT payout follows it (SETTLED with the UTR, FAILED once reversed). The composition
 * (composition.ts) hands them to every caller of `advancePayout`, so payouts never import the domains that build
 * on them (the folders stay acyclic) and no domain registers into module state.
 */
export type PayoutTransitionListener = (tx: Db, payout: PayoutRow) => Promise<void>;
/** The listeners by payout kind (at most one per kind). */
export type PayoutTransitions = Partial<Record<'PAYOUT' | 'SETTLEMENT', PayoutTransitionListener>>;

/** A payout's next state on the rail: its message, its next step's due time, its UTR, whether its debit is reversed. */
type RailMove = {
  status: PayoutStatus;
  message: string | null;
  due: Date | null;
  utr?: string;
  reverse?: boolean;
};

/**
 * The sandbox rail's next step for a payout, when it is due: PENDING → SUCCESS (with a UTR) or → FAILURE (with
 * the debit reversed); SUCCESS → RETURNED (reversed) for the returned test accounts. Idempotent: the payout row
 * is locked and its state checked, and reversals carry a unique ledger key, so a job that runs twice never
 * moves money twice. Answers the effects to run after commit (a later step, callbacks). `transitions`: what
 * other domains do in the same transaction when a payout of their kind moves.
 */
export async function advancePayout(
  db: Db,
  step: { clientRef: number; urn: string },
  opts: PayoutOptions & { transitions: PayoutTransitions },
): Promise<{ effects: Effects; status: PayoutStatus | null }> {
  const { clientRef, urn } = step;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
      .for('update');
    const now = opts.at ?? new Date();
    if (!row || !row.railDueAt)
      return { effects: noEffects(), status: (row?.status as PayoutStatus) ?? null };
    if (row.railDueAt.getTime() > now.getTime())
      return {
        effects: { ...noEffects(), rail: [{ clientRef, urn, at: row.railDueAt }] },
        status: row.status as PayoutStatus,
      };
    const next = nextMove(row, now, opts.railTimeScale);
    if (!next) {
      await tx.update(payouts).set({ railDueAt: null }).where(thisPayout(row));
      return { effects: noEffects(), status: row.status as PayoutStatus };
    }
    return applyMove(tx, row, next, now, opts);
  });
}

/** What the sandbox rail does next with a due payout: null when it has nothing more to do (its step is cleared). */
function nextMove(row: PayoutRow, now: Date, railTimeScale: number): RailMove | null {
  const plan = planPayout(row.transferType as TransferType, {
    accountNumber: row.beneficiaryAccountNumber,
    upiId: row.upiId,
  });
  if (row.status === 'PENDING' && plan.outcome === 'FAILURE')
    return { status: 'FAILURE', message: plan.reason, due: null, reverse: true };
  if (row.status === 'PENDING') {
    const due =
      plan.outcome === 'RETURNED' ? new Date(now.getTime() + plan.returnAfterMs * railTimeScale) : null;
    return {
      status: 'SUCCESS',
      message: null,
      due,
      utr: bankReference(row.transferType as TransferType, row.urn, now),
    };
  }
  if (row.status === 'SUCCESS' && plan.outcome === 'RETURNED')
    return { status: 'RETURNED', message: plan.reason, due: null, reverse: true };
  return null;
}

/**
 * Moves a locked payout to its next state: the row (with its UTR on the ledger entry), the reversal of its debit,
 * the other domain's part (`transitions`), the timeline, callbacks and audit; its next step when one is due.
 */
async function applyMove(
  tx: Db,
  row: PayoutRow,
  next: RailMove,
  now: Date,
  opts: PayoutOptions & { transitions: PayoutTransitions },
): Promise<{ effects: Effects; status: PayoutStatus }> {
  const { clientRef, urn } = row;
  const actor = systemActor(row.clientRef, 'sandbox-rail');
  const [updated] = await tx
    .update(payouts)
    .set({
      status: next.status,
      statusMessage: next.message,
      railDueAt: next.due,
      updatedAt: now,
      ...(next.utr ? { bankReferenceNumber: next.utr } : {}),
    })
    .where(thisPayout(row))
    .returning();
  if (next.utr) await setEntryBankReference(tx, clientRef, urn, next.utr);
  if (next.reverse)
    await post(tx, {
      clientRef: row.clientRef,
      clientAccountRef: row.accountRef,
      counterparty: 'railClearing',
      category: 'REVERSAL',
      description: `Reversal of payout ${urn}: ${next.message}`,
      amount: row.amount,
      referenceUrn: urn,
      bankReferenceNumber: row.bankReferenceNumber,
      customerReferenceNumber: row.customerReferenceNumber,
      idempotencyKey: `reversal:${urn}`,
      at: opts.at,
    });
  await opts.transitions[updated!.kind as keyof PayoutTransitions]?.(tx, updated!);
  const payout = await payoutAnswer(tx, updated!);
  const effects = await recordTransition(tx, actor, updated!, next.status, next.message, payout, opts.at);
  await auditBy(tx, actor, `payout.${next.status.toLowerCase()}`, urn, {
    ...(next.message ? { reason: next.message } : {}),
    ...(next.utr ? { bank_reference_number: next.utr } : {}),
  });
  if (next.due) effects.rail.push({ clientRef, urn, at: next.due });
  return { effects, status: next.status };
}

/**
 * Payouts whose rail step is overdue (their job was lost), of every client: for the sweeper. On Citus this one
 * query reads every node (a scan of the partial index, no join).
 */
export async function overduePayouts(db: Db, graceSeconds = 60): Promise<RailStep[]> {
  const rows = await db
    .select({ clientRef: payouts.clientRef, urn: payouts.urn, at: payouts.railDueAt })
    .from(payouts)
    .where(sql`${payouts.railDueAt} < now() - make_interval(secs => ${graceSeconds})`)
    .orderBy(asc(payouts.railDueAt))
    .limit(500);
  return rows.map((r) => ({ clientRef: r.clientRef, urn: r.urn, at: r.at! }));
}
