import { and, asc, eq, lte } from 'drizzle-orm';
import type { ApprovalAction, ApprovalSource } from '@meridian/contract/approvals';
import type { TransferType } from '@meridian/contract';
import { BUILT_IN_ROLES, CLIENT_ROLE_KEYS } from '@meridian/contract/permissions';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { approvalRequests, approvalRules, roles } from '../db/schema.ts';
import { companyOf, tenantOf } from '../db/tenants.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { conditionsHold, type MatchFacts, type StoredConditions } from './conditions.ts';
import { decisionsOf, toRecord, type ApprovalRequestRow, type DecisionRow } from './records.ts';

/*
 * The maker-checker engine. A domain that makes a held action (a payout, a bulk, a settings change, a credit load)
 * asks `holdForApproval` inside the maker's transaction; when no active rule of the client covers it the action
 * goes ahead, else it is stored as a PENDING request and the domain leaves it waiting (a payout in
 * PENDING_APPROVAL, a bulk not queued). What runs once the last step approves it, and what happens when it is
 * rejected, expires or fails, is the domain's `ApprovalExecutor`, given to the engine by the composition
 * (composition.ts `approvalExecutors`), so the engine imports no domain that builds on it. A member's decision is
 * decide.ts, a rule's conditions conditions.ts, a request's record records.ts, the approvers' e-mails mail.ts.
 */

type RuleRow = typeof approvalRules.$inferSelect;
type Step = { approvals: number; roles: string[] };

/** How long a request waits by default before it expires (config APPROVAL_TTL_HOURS). */
export const DEFAULT_APPROVAL_TTL_HOURS = 72;

// ---------------------------------------------------------------------------------------------------------
// Holding

/** What the maker's domain tells the engine about a held action. */
export type HoldInput = {
  action: ApprovalAction;
  source: ApprovalSource;
  /** One line for the inbox and the e-mail ("Payout ₹2,00,000.00 to KAVYA-1 by IMPS"). */
  summary: string;
  /** In paise. */
  amount?: bigint;
  transferType?: TransferType;
  /** The payout's or bulk's urn, or the setting's id. */
  resourceUrn?: string;
  /** What the executor needs to run the action once approved. */
  payload: Record<string, unknown>;
  /** For a settings change: before and after, as the approvers see it. */
  diff?: { before: unknown; after: unknown };
  /**
   * Why the action waits even when no rule covers it (a payout to a new beneficiary the bank's name barely
   * matched): then one member of a role that decides approvals must approve it.
   */
  required?: string;
};

export type HoldOptions = {
  /** How long a request waits before it expires, in hours (config APPROVAL_TTL_HOURS, default 72). */
  ttlHours?: number;
  now?: Date;
};

/**
 * A held action: its request's urn, and the work to start after commit (callbacks of `approval.requested`). The
 * approvers' e-mails go after commit too: `mailApprovers(db, email, clientRef, urn)`.
 */
export type Held = { urn: string; effects: Effects };

/** The client's active rules for an action whose conditions hold for these facts, oldest first. */
export async function matchingRules(
  db: Db,
  clientRef: number,
  action: ApprovalAction,
  facts: MatchFacts,
): Promise<RuleRow[]> {
  const rules = await db
    .select()
    .from(approvalRules)
    .where(
      and(
        eq(approvalRules.clientRef, clientRef),
        eq(approvalRules.action, action),
        eq(approvalRules.active, true),
      ),
    )
    .orderBy(asc(approvalRules.id));
  return rules.filter((r) => conditionsHold(r.conditions as StoredConditions, facts));
}

/**
 * Inside the maker's transaction: the client's active rules for the action whose conditions match; none → null
 * (go ahead). Else a PENDING request with the steps of the matching rule that asks most of its approvers (most
 * steps, then most people), expiring after the TTL; the `approval.requested` event is queued to the client's
 * APPROVAL callbacks and audited.
 */
export async function holdForApproval(
  tx: Db,
  actor: Actor,
  input: HoldInput,
  opts: HoldOptions = {},
): Promise<Held | null> {
  const facts: MatchFacts = {
    source: input.source,
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.transferType !== undefined ? { transferType: input.transferType } : {}),
  };
  const rules = await matchingRules(tx, actor.clientRef, input.action, facts);
  if (!rules.length && !input.required) return null;
  const weight = (r: RuleRow) => r.steps.length * 100 + r.steps.reduce((n, s) => n + s.approvals, 0);
  const rule = rules.length
    ? rules.reduce((best, r) => (weight(r) > weight(best) ? r : best))
    : { urn: null, steps: [{ approvals: 1, roles: await decidingRoles(tx, actor.clientRef) }] };
  const now = opts.now ?? new Date();
  const ttl = (opts.ttlHours ?? DEFAULT_APPROVAL_TTL_HOURS) * 3_600_000;
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      clientRef: actor.clientRef,
      urn: newId('APR', now.getTime()),
      action: input.action,
      ruleUrn: rule.urn,
      steps: rule.steps,
      status: 'PENDING',
      currentStep: 0,
      summary: input.required ? `${input.summary}: ${input.required}` : input.summary,
      amount: input.amount ?? null,
      resourceUrn: input.resourceUrn ?? null,
      payload: input.payload,
      diff: input.diff ?? null,
      source: input.source,
      requestedByRef: actor.userRef,
      requestedBy: actor.email,
      expiresAt: new Date(now.getTime() + ttl),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await auditBy(tx, actor, 'approval.requested', row!.urn, {
    action: input.action,
    rule_urn: rule.urn,
    ...(input.required ? { required: input.required } : {}),
    resource_urn: input.resourceUrn ?? null,
  });
  const callbacks = await emitEvent(tx, row!, 'approval.requested', []);
  return { urn: row!.urn, effects: { ...noEffects(), callbacks } };
}

/** The client's roles (built-in and custom) that decide approvals: who approves a request no rule made. */
async function decidingRoles(tx: Db, clientRef: number): Promise<string[]> {
  const custom = await tx
    .select({ key: roles.key, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.clientRef, await companyOf(tx, clientRef)));
  return [
    ...CLIENT_ROLE_KEYS.filter((k) => BUILT_IN_ROLES[k].permissions.some((p) => p === 'approvals.decide')),
    ...custom.filter((r) => r.permissions.includes('approvals.decide')).map((r) => r.key),
  ];
}

/** Queues an approval event to the client's APPROVAL callbacks, with the request as it now stands. */
export async function emitEvent(
  tx: Db,
  row: ApprovalRequestRow,
  event: string,
  decisions: DecisionRow[],
): Promise<Effects['callbacks']> {
  await tenantOf(tx, row.clientRef); // the expiry sweeper may not have met the tenant
  return enqueueCallbacks(tx, {
    clientRef: row.clientRef,
    eventType: 'APPROVAL',
    event,
    subjectUrn: row.urn,
    data: toRecord(row, decisions),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Executors

/** The outcome of running an approved action. */
export type ExecutionResult = { effects: Effects; outcome: string };

/**
 * A domain's part of a held action: `execute` runs it once the last step is approved (in the deciding
 * transaction; an `AppError` it throws — say, the balance is short — leaves the request FAILED with the error's
 * message and calls `cancel` with it); `cancel` undoes the waiting state when the request is rejected, expires
 * or fails (a payout REJECTED with why, a bulk REJECTED).
 */
export type ApprovalExecutor = {
  execute(tx: Db, request: ApprovalRequestRow, approver: Actor): Promise<ExecutionResult>;
  cancel(
    tx: Db,
    request: ApprovalRequestRow,
    end: { status: 'REJECTED' | 'EXPIRED' | 'FAILED'; message: string; by: Actor },
  ): Promise<Effects>;
};

/** The executors by action, built in composition.ts and passed through the route deps and the sweeper. */
export type ApprovalExecutors = Partial<Record<ApprovalAction, ApprovalExecutor>>;

/** Adds an executor to a map being composed (composition.ts); a second one for an action is a wiring error. */
export function registerApprovalExecutor(
  executors: ApprovalExecutors,
  action: ApprovalAction,
  executor: ApprovalExecutor,
): ApprovalExecutors {
  if (executors[action]) throw new Error(`Two approval executors for ${action}`);
  return { ...executors, [action]: executor };
}

export function executorOf(executors: ApprovalExecutors, action: string): ApprovalExecutor {
  const executor = executors[action as ApprovalAction];
  // A request is only made by a domain whose executor the composition wires: a missing one is a wiring error.
  if (!executor) throw new Error(`No approval executor for ${action}`);
  return executor;
}

// ---------------------------------------------------------------------------------------------------------
// Expiry

/**
 * PENDING requests past their expiry end EXPIRED, each in its own transaction (locked and checked again), with
 * the action cancelled ("Approval expired") and `approval.expired` queued. Up to `limit` per run (the sweeper
 * runs every minute).
 */
export async function expireDueRequests(
  db: Db,
  executors: ApprovalExecutors,
  opts: { now?: Date; limit?: number } = {},
): Promise<{ expired: number; effects: Effects }> {
  const now = opts.now ?? new Date();
  const due = await db
    .select({ clientRef: approvalRequests.clientRef, id: approvalRequests.id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'PENDING'), lte(approvalRequests.expiresAt, now)))
    .orderBy(asc(approvalRequests.expiresAt))
    .limit(opts.limit ?? 500);
  const effects: Effects[] = [];
  let expired = 0;
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.clientRef, d.clientRef), eq(approvalRequests.id, d.id)))
        .for('update');
      if (!row || row.status !== 'PENDING' || row.expiresAt.getTime() > now.getTime()) return null;
      const by = systemActor(row.clientRef, 'approvals');
      const message = 'Approval expired';
      const cancelled = await executorOf(executors, row.action).cancel(tx, row, {
        status: 'EXPIRED',
        message,
        by,
      });
      const [updated] = await tx
        .update(approvalRequests)
        .set({ status: 'EXPIRED', outcome: message, decidedAt: now, updatedAt: now })
        .where(and(eq(approvalRequests.clientRef, row.clientRef), eq(approvalRequests.id, row.id)))
        .returning();
      await auditBy(tx, by, 'approval.expired', row.urn, { action: row.action });
      const decisions = await decisionsOf(tx, row.clientRef, [row.id]);
      const callbacks = await emitEvent(tx, updated!, 'approval.expired', decisions);
      return mergeEffects(cancelled, { ...noEffects(), callbacks });
    });
    if (done) {
      expired++;
      effects.push(done);
    }
  }
  return { expired, effects: mergeEffects(...effects) };
}

/** Rows of approval requests that hold these resources and still wait (a payout's or bulk's request). */
export async function pendingRequestFor(
  db: Db,
  clientRef: number,
  resourceUrn: string,
): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.clientRef, clientRef),
        eq(approvalRequests.resourceUrn, resourceUrn),
        eq(approvalRequests.status, 'PENDING'),
      ),
    );
  return row ?? null;
}

export type { Step as ApprovalStepRow };
