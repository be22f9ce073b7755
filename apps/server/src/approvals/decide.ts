import { and, eq } from 'drizzle-orm';
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalStatus,
  APPROVAL_ERRORS,
} from '@meridian/contract/approvals';
import { auditBy } from '../audit/actor.ts';
import { LIVE_MODE_NOT_ENABLED_MESSAGE } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { approvalDecisions, approvalRequests, clients } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { emitEvent, executorOf, type ApprovalExecutor, type ApprovalExecutors } from './engine.ts';
import {
  decisionsOf,
  refusal,
  toRequest,
  type ApprovalRequestRow,
  type Decider,
  type DecisionRow,
} from './records.ts';

export type DecideOptions = { executors: ApprovalExecutors; now?: Date };
/** A decision's result: the request as it now stands, the work after commit, and whether a new step opened. */
export type Decided = { request: ApprovalRequest; effects: Effects; nextStepOpened: boolean };

/**
 * One member's decision on one request, in its own transaction. The request row is locked (`FOR UPDATE`), so
 * two approvers deciding at once are one after the other: the second sees the first's decision (and a request
 * no longer PENDING), and the action runs once. A person decides a request at most once (also the unique index
 * (request, user)), never their own, and only a step whose roles name theirs. A rejection ends it (the executor's
 * `cancel`); an approval completing the last step runs the executor: an `AppError` from it (the balance is short)
 * leaves the request FAILED with the error's message and the action cancelled.
 */
export async function decide(
  db: Db,
  who: Decider,
  urn: string,
  decision: ApprovalDecision,
  reason: string | null,
  opts: DecideOptions,
): Promise<Decided> {
  const clientRef = who.actor.clientRef;
  return db.transaction(async (tx) => {
    const { row, decisions, now } = await lockForDecision(tx, who, urn, opts.now);
    const [mine] = await tx
      .insert(approvalDecisions)
      .values({
        clientRef,
        requestRef: row.id,
        step: row.currentStep,
        userRef: who.userRef,
        email: who.actor.email,
        decision,
        reason: reason || null,
        createdAt: now,
      })
      .returning();
    const all = [...decisions, mine!];
    const executor = executorOf(opts.executors, row.action);
    const step =
      decision === 'REJECT'
        ? await rejection(tx, row, who, reason, now, executor)
        : await approval(tx, row, all, who, now, executor);
    const [updated] = await tx
      .update(approvalRequests)
      .set({ ...step.update, updatedAt: now })
      .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.id, row.id)))
      .returning();
    await auditBy(tx, who.actor, decision === 'APPROVE' ? 'approval.approved' : 'approval.rejected', urn, {
      step: row.currentStep,
      status: updated!.status,
      ...(reason ? { reason } : {}),
    });
    const effects = step.event
      ? mergeEffects(step.effects, {
          ...noEffects(),
          callbacks: await emitEvent(tx, updated!, step.event, all),
        })
      : step.effects;
    return { request: toRequest(updated!, all, who), effects, nextStepOpened: step.nextStepOpened };
  });
}

/**
 * The request locked (`FOR UPDATE`) with its decisions, and the time of the decision; 404 for another client's
 * urn, 409 once it expired, and the refusal when this member may not decide it now.
 */
async function lockForDecision(
  tx: Db,
  who: Decider,
  urn: string,
  at: Date | undefined,
): Promise<{ row: ApprovalRequestRow; decisions: DecisionRow[]; now: Date }> {
  const clientRef = who.actor.clientRef;
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)))
    .for('update');
  if (!row) throw notFound(`There is no approval request ${urn}`);
  const decisions = await decisionsOf(tx, clientRef, [row.id]);
  const now = at ?? new Date();
  if (row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime())
    throw new AppError(
      409,
      APPROVAL_ERRORS.notPending,
      'This request has expired: it can no longer be decided',
    );
  const refused = refusal(row, decisions, who);
  if (refused) throw refused;
  return { row, decisions, now };
}

/** What a decision does to its request: the change of the row, the work after commit, the event to emit. */
type StepResult = {
  update: Partial<ApprovalRequestRow>;
  effects: Effects;
  event: string | null;
  nextStepOpened: boolean;
};

/** A rejection ends the request REJECTED and cancels its action. */
async function rejection(
  tx: Db,
  row: ApprovalRequestRow,
  who: Decider,
  reason: string | null,
  now: Date,
  executor: ApprovalExecutor,
): Promise<StepResult> {
  const message = `Rejected by ${who.actor.email}${reason ? `: ${reason}` : ''}`;
  const effects = await executor.cancel(tx, row, { status: 'REJECTED', message, by: who.actor });
  return {
    update: { status: 'REJECTED', outcome: message, decidedAt: now },
    effects,
    event: 'approval.rejected',
    nextStepOpened: false,
  };
}

/**
 * An approval: the step waits for more approvers, or the next step opens, or (the last step complete) the action
 * runs — APPROVED, or FAILED with the action cancelled when it is refused (an `AppError`).
 */
async function approval(
  tx: Db,
  row: ApprovalRequestRow,
  all: DecisionRow[],
  who: Decider,
  now: Date,
  executor: ApprovalExecutor,
): Promise<StepResult> {
  const step = row.steps[row.currentStep]!;
  const approvals = all.filter((d) => d.step === row.currentStep && d.decision === 'APPROVE').length;
  if (approvals < step.approvals)
    return { update: {}, effects: noEffects(), event: null, nextStepOpened: false };
  if (row.currentStep + 1 < row.steps.length)
    return {
      update: { currentStep: row.currentStep + 1 },
      effects: noEffects(),
      event: null,
      nextStepOpened: true,
    };
  const approved = { ...row, currentStep: row.steps.length };
  try {
    await checkLiveGate(tx, row);
    // A savepoint: a refused action (AppError) undoes only its own writes, the decision stays.
    const done = await tx.transaction((sp) => executor.execute(sp, approved, who.actor));
    return {
      update: { status: 'APPROVED', currentStep: row.steps.length, outcome: done.outcome, decidedAt: now },
      effects: done.effects,
      event: 'approval.approved',
      nextStepOpened: false,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const message = `Approved, but it could not be done: ${err.message}`;
    const effects = await executor.cancel(tx, approved, { status: 'FAILED', message, by: who.actor });
    return {
      update: { status: 'FAILED', currentStep: row.steps.length, outcome: message, decidedAt: now },
      effects,
      event: 'approval.approved',
      nextStepOpened: false,
    };
  }
}

/** Held actions that move money: in live mode they run only while the company's live mode is open. */
const LIVE_GATED_ACTIONS: ReadonlySet<string> = new Set(['payout', 'bulk']);

/**
 * The live gate again when a held payout or bulk is approved: Meridian operations may have closed the company's
 * live mode since it was asked for (403 `live_mode_not_enabled`, so the request ends FAILED).
 */
async function checkLiveGate(tx: Db, row: ApprovalRequestRow): Promise<void> {
  if (!LIVE_GATED_ACTIONS.has(row.action)) return;
  const tenant = await tenantOf(tx, row.clientRef);
  if (!tenant.livemode) return;
  const [company] = await tx
    .select({ open: clients.liveModeEnabled })
    .from(clients)
    .where(eq(clients.id, tenant.companyRef));
  if (!company?.open) throw new AppError(403, 'live_mode_not_enabled', LIVE_MODE_NOT_ENABLED_MESSAGE);
}

/** One urn's result of a batch. */
export type BatchResult = {
  urn: string;
  ok: boolean;
  status?: ApprovalStatus;
  error?: string;
  message?: string;
};

/**
 * Many decisions with one confirmation: each request in its own transaction (one refused leaves the others
 * decided), in the order given; the results say per urn what happened.
 */
export async function decideMany(
  db: Db,
  who: Decider,
  urns: string[],
  decision: ApprovalDecision,
  reason: string | null,
  opts: DecideOptions,
): Promise<{ results: BatchResult[]; effects: Effects; nextStepOpened: string[] }> {
  const results: BatchResult[] = [];
  const effects: Effects[] = [];
  const opened: string[] = [];
  for (const urn of [...new Set(urns)]) {
    try {
      const done = await decide(db, who, urn, decision, reason, opts);
      results.push({ urn, ok: true, status: done.request.status });
      effects.push(done.effects);
      if (done.nextStepOpened) opened.push(urn);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ urn, ok: false, error: err.key, message: err.message });
    }
  }
  return { results, effects: mergeEffects(...effects), nextStepOpened: opened };
}
