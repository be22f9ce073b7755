import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  type ApprovalAction,
  type ApprovalConditions,
  type ApprovalDecision,
  type ApprovalRecord,
  type ApprovalRequest,
  type ApprovalSource,
  type ApprovalStatus,
  APPROVAL_ACTION_LABELS,
  APPROVAL_ERRORS,
} from '@meridian/contract/approvals';
import type { TransferType } from '@meridian/contract';
import { BUILT_IN_ROLES, CLIENT_ROLE_KEYS } from '@meridian/contract/permissions';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { approvalDecisions, approvalRequests, approvalRules, roles, users } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, toPaise } from '../lib/money.ts';
import { deliver, type EmailSender } from '../notify/senders.ts';

/*
 * The maker-checker engine. A domain that makes a held action (a payout, a bulk, a settings change, a credit load)
 * asks `holdForApproval` inside the maker's transaction; when no active rule of the client covers it the action
 * goes ahead, else it is stored as a PENDING request and the domain leaves it waiting (a payout in
 * PENDING_APPROVAL, a bulk not queued). What runs once the last step approves it, and what happens when it is
 * rejected, expires or fails, is the domain's `ApprovalExecutor`, given to the engine by the composition
 * (composition.ts `approvalExecutors`), so the engine imports no domain that builds on it.
 */

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
type RuleRow = typeof approvalRules.$inferSelect;
type Step = { approvals: number; roles: string[] };

/** How long a request waits by default before it expires (config APPROVAL_TTL_HOURS). */
export const DEFAULT_APPROVAL_TTL_HOURS = 72;

// ---------------------------------------------------------------------------------------------------------
// Conditions

/** A rule's conditions as stored: amounts in paise (decimal strings, jsonb keeps no bigint). */
export type StoredConditions = {
  amount_min?: string;
  amount_max?: string;
  transfer_types?: TransferType[];
  sources?: ApprovalSource[];
};

/** The conditions of the API (rupees) as stored (paise). */
export function storedConditions(c: ApprovalConditions): StoredConditions {
  return {
    ...(c.amount_min !== undefined ? { amount_min: toPaise(c.amount_min, 'amount_min').toString() } : {}),
    ...(c.amount_max !== undefined ? { amount_max: toPaise(c.amount_max, 'amount_max').toString() } : {}),
    ...(c.transfer_types ? { transfer_types: [...new Set(c.transfer_types)] } : {}),
    ...(c.sources ? { sources: [...new Set(c.sources)] } : {}),
  };
}

/** The stored conditions as the API shows them (rupees). */
export function conditionsView(c: StoredConditions): ApprovalRecordConditions {
  return {
    ...(c.amount_min !== undefined ? { amount_min: formatMoney(BigInt(c.amount_min)) } : {}),
    ...(c.amount_max !== undefined ? { amount_max: formatMoney(BigInt(c.amount_max)) } : {}),
    ...(c.transfer_types ? { transfer_types: c.transfer_types } : {}),
    ...(c.sources ? { sources: c.sources } : {}),
  };
}
type ApprovalRecordConditions = {
  amount_min?: string;
  amount_max?: string;
  transfer_types?: TransferType[];
  sources?: ApprovalSource[];
};

/** What is known of a held action for matching. */
export type MatchFacts = { amount?: bigint; transferType?: TransferType; source: ApprovalSource };

/**
 * The one matching rule, over values (`holdForApproval`) or columns (the preview's SQL): every condition given
 * must hold, both ends of the amount band included; a condition about something the action does not have (an
 * amount of a settings change) holds, so a rule never lets through what it cannot judge.
 */
function matchTerms<T>(
  c: StoredConditions,
  ops: {
    amountAtLeast: (paise: bigint) => T | null;
    amountAtMost: (paise: bigint) => T | null;
    transferTypeIn: (types: TransferType[]) => T | null;
    sourceIn: (sources: ApprovalSource[]) => T | null;
  },
): T[] {
  const terms: (T | null)[] = [
    c.amount_min !== undefined ? ops.amountAtLeast(BigInt(c.amount_min)) : null,
    c.amount_max !== undefined ? ops.amountAtMost(BigInt(c.amount_max)) : null,
    c.transfer_types ? ops.transferTypeIn(c.transfer_types) : null,
    c.sources ? ops.sourceIn(c.sources) : null,
  ];
  return terms.filter((t): t is T => t !== null);
}

export function conditionsHold(c: StoredConditions, facts: MatchFacts): boolean {
  return matchTerms<boolean>(c, {
    amountAtLeast: (min) => (facts.amount === undefined ? null : facts.amount >= min),
    amountAtMost: (max) => (facts.amount === undefined ? null : facts.amount <= max),
    transferTypeIn: (types) => (facts.transferType === undefined ? null : types.includes(facts.transferType)),
    sourceIn: (sources) => sources.includes(facts.source),
  }).every(Boolean);
}

/** The same conditions as a SQL predicate over an amount (paise), a transfer type and a source expression. */
export function conditionsSql(
  c: StoredConditions,
  cols: { amount: SQL | SQL.Aliased | unknown; transferType: unknown; source: SQL },
): SQL {
  const terms = matchTerms<SQL>(c, {
    amountAtLeast: (min) => sql`${cols.amount} >= ${min.toString()}::bigint`,
    amountAtMost: (max) => sql`${cols.amount} <= ${max.toString()}::bigint`,
    transferTypeIn: (types) =>
      sql`${cols.transferType} IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    sourceIn: (sources) =>
      sql`${cols.source} IN (${sql.join(
        sources.map((s) => sql`${s}`),
        sql`, `,
      )})`,
  });
  return terms.length ? sql.join(terms, sql` AND `) : sql`TRUE`;
}

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
    .where(eq(roles.clientRef, clientRef));
  return [
    ...CLIENT_ROLE_KEYS.filter((k) => BUILT_IN_ROLES[k].permissions.some((p) => p === 'approvals.decide')),
    ...custom.filter((r) => r.permissions.includes('approvals.decide')).map((r) => r.key),
  ];
}

async function emitEvent(
  tx: Db,
  row: ApprovalRequestRow,
  event: string,
  decisions: DecisionRow[],
): Promise<Effects['callbacks']> {
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

function executorOf(executors: ApprovalExecutors, action: string): ApprovalExecutor {
  const executor = executors[action as ApprovalAction];
  // A request is only made by a domain whose executor the composition wires: a missing one is a wiring error.
  if (!executor) throw new Error(`No approval executor for ${action}`);
  return executor;
}

// ---------------------------------------------------------------------------------------------------------
// Views

type DecisionRow = typeof approvalDecisions.$inferSelect;

/** Who asks: a member (their role decides which steps they may decide). */
export type Decider = { actor: Actor; userRef: number; role: string };

export function toRecord(row: ApprovalRequestRow, decisions: DecisionRow[]): ApprovalRecord {
  return {
    urn: row.urn,
    action: row.action as ApprovalAction,
    status: row.status as ApprovalStatus,
    summary: row.summary,
    amount: row.amount === null ? null : formatMoney(row.amount),
    resource_urn: row.resourceUrn,
    source: row.source as ApprovalSource,
    requested_by: row.requestedBy,
    rule_urn: row.ruleUrn,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    current_step: row.currentStep,
    steps: row.steps,
    decisions: decisions
      .filter((d) => d.requestRef === row.id)
      .sort((a, b) => a.id - b.id)
      .map((d) => ({
        step: d.step,
        email: d.email,
        decision: d.decision as ApprovalDecision,
        reason: d.reason,
        created_at: d.createdAt.toISOString(),
      })),
    diff: (row.diff as ApprovalRecord['diff']) ?? null,
    outcome: row.outcome,
  };
}

const isOwn = (row: ApprovalRequestRow, who: { userRef: number; actor: Actor }) =>
  row.requestedByRef === who.userRef || row.requestedBy.toLowerCase() === who.actor.email.toLowerCase();

/** Why this member may not decide the request now, or null when they may. */
function refusal(row: ApprovalRequestRow, decisions: DecisionRow[], who: Decider): AppError | null {
  if (row.status !== 'PENDING')
    return new AppError(
      409,
      APPROVAL_ERRORS.notPending,
      `This request is ${row.status.toLowerCase()}: it can no longer be decided`,
    );
  if (isOwn(row, who))
    return new AppError(
      403,
      APPROVAL_ERRORS.ownRequest,
      'You made this request: another member of your company must approve or reject it',
    );
  if (decisions.some((d) => d.requestRef === row.id && d.userRef === who.userRef))
    return new AppError(
      409,
      APPROVAL_ERRORS.alreadyDecided,
      'You have already decided this request: each step needs other people',
    );
  const step = row.steps[row.currentStep];
  if (!step || !step.roles.includes(who.role))
    return new AppError(
      403,
      APPROVAL_ERRORS.notYourStep,
      `This step is decided by ${step ? step.roles.join(' or ') : 'nobody'}: your role (${who.role}) cannot decide it`,
    );
  return null;
}

export function toRequest(
  row: ApprovalRequestRow,
  decisions: DecisionRow[],
  who: Decider | null,
): ApprovalRequest {
  return { ...toRecord(row, decisions), can_decide: who !== null && refusal(row, decisions, who) === null };
}

export async function decisionsOf(db: Db, clientRef: number, requestRefs: number[]): Promise<DecisionRow[]> {
  if (!requestRefs.length) return [];
  return db
    .select()
    .from(approvalDecisions)
    .where(
      and(eq(approvalDecisions.clientRef, clientRef), inArray(approvalDecisions.requestRef, requestRefs)),
    );
}

/** One request of the client (404 otherwise), as the caller sees it. */
export async function getRequest(
  db: Db,
  clientRef: number,
  urn: string,
  who: Decider | null,
): Promise<ApprovalRequest> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)));
  if (!row) throw notFound(`There is no approval request ${urn}`);
  return toRequest(row, await decisionsOf(db, clientRef, [row.id]), who);
}

/** The PENDING requests this member can decide now, oldest first (the inbox). */
export async function inbox(db: Db, who: Decider): Promise<ApprovalRequest[]> {
  const clientRef = who.actor.clientRef;
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.clientRef, clientRef),
        eq(approvalRequests.status, 'PENDING'),
        // The current step's roles name the member's role (jsonb: steps[current_step].roles ? role).
        sql`(${approvalRequests.steps} -> ${approvalRequests.currentStep} -> 'roles') ? ${who.role}`,
      ),
    )
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id))
    .limit(1000);
  const decisions = await decisionsOf(
    db,
    clientRef,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRequest(r, decisions, who)).filter((r) => r.can_decide);
}

// ---------------------------------------------------------------------------------------------------------
// Deciding

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
    const [row] = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)))
      .for('update');
    if (!row) throw notFound(`There is no approval request ${urn}`);
    const decisions = await decisionsOf(tx, clientRef, [row.id]);
    const now = opts.now ?? new Date();
    if (row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime())
      throw new AppError(
        409,
        APPROVAL_ERRORS.notPending,
        'This request has expired: it can no longer be decided',
      );
    const refused = refusal(row, decisions, who);
    if (refused) throw refused;

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
    let effects = noEffects();
    let nextStepOpened = false;
    let update: Partial<ApprovalRequestRow>;
    let event: string | null = null;

    if (decision === 'REJECT') {
      const message = `Rejected by ${who.actor.email}${reason ? `: ${reason}` : ''}`;
      effects = await executor.cancel(tx, row, { status: 'REJECTED', message, by: who.actor });
      update = { status: 'REJECTED', outcome: message, decidedAt: now };
      event = 'approval.rejected';
    } else {
      const step = row.steps[row.currentStep]!;
      const approvals = all.filter((d) => d.step === row.currentStep && d.decision === 'APPROVE').length;
      if (approvals < step.approvals) update = {};
      else if (row.currentStep + 1 < row.steps.length) {
        update = { currentStep: row.currentStep + 1 };
        nextStepOpened = true;
      } else {
        const approved = { ...row, currentStep: row.steps.length };
        try {
          // A savepoint: a refused action (AppError) undoes only its own writes, the decision stays.
          const done = await tx.transaction((sp) => executor.execute(sp, approved, who.actor));
          effects = done.effects;
          update = {
            status: 'APPROVED',
            currentStep: row.steps.length,
            outcome: done.outcome,
            decidedAt: now,
          };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const message = `Approved, but it could not be done: ${err.message}`;
          effects = await executor.cancel(tx, approved, { status: 'FAILED', message, by: who.actor });
          update = { status: 'FAILED', currentStep: row.steps.length, outcome: message, decidedAt: now };
        }
        event = 'approval.approved';
      }
    }
    const [updated] = await tx
      .update(approvalRequests)
      .set({ ...update, updatedAt: now })
      .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.id, row.id)))
      .returning();
    await auditBy(tx, who.actor, decision === 'APPROVE' ? 'approval.approved' : 'approval.rejected', urn, {
      step: row.currentStep,
      status: updated!.status,
      ...(reason ? { reason } : {}),
    });
    if (event)
      effects = mergeEffects(effects, {
        ...noEffects(),
        callbacks: await emitEvent(tx, updated!, event, all),
      });
    return { request: toRequest(updated!, all, who), effects, nextStepOpened };
  });
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

// ---------------------------------------------------------------------------------------------------------
// E-mail

/**
 * E-mails the people who can decide the request's current step (active members of its client whose role is one
 * of the step's, except its maker), through the configured sender (recorded in the outbox). After commit: a
 * provider failure is reported to `onError`, the request stays.
 */
export async function mailApprovers(
  db: Db,
  email: EmailSender,
  clientRef: number,
  urn: string,
  publicUrl: string,
  onError: (err: unknown) => void,
): Promise<number> {
  try {
    const [row] = await db
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)));
    const step = row?.steps[row.currentStep];
    if (!row || row.status !== 'PENDING' || !step) return 0;
    const members = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(eq(users.clientRef, clientRef), eq(users.status, 'active'), inArray(users.role, step.roles)),
      );
    const decided = new Set((await decisionsOf(db, clientRef, [row.id])).map((d) => d.userRef));
    const to = members.filter(
      (m) => m.id !== row.requestedByRef && m.email !== row.requestedBy && !decided.has(m.id),
    );
    const link = `${publicUrl.replace(/\/$/, '')}/approvals`;
    for (const m of to) {
      const text = `${row.requestedBy} asks for your approval: ${row.summary} (${APPROVAL_ACTION_LABELS[row.action as ApprovalAction]}).\n\nRequest: ${row.urn}\nExpires: ${row.expiresAt.toISOString()}\n\nApprove or reject it in your approvals inbox: ${link}\n`;
      await deliver(db, email, 'email', {
        to: m.email,
        subject: `Approval needed: ${row.summary}`,
        text,
        redacted: text,
      });
    }
    return to.length;
  } catch (err) {
    onError(err);
    return 0;
  }
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
