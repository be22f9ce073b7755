import { and, eq, inArray } from 'drizzle-orm';
import {
  type ApprovalAction,
  type ApprovalDecision,
  type ApprovalRecord,
  type ApprovalRequest,
  type ApprovalSource,
  type ApprovalStatus,
  APPROVAL_ERRORS,
} from '@meridian/contract/approvals';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { approvalDecisions, type approvalRequests } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError } from '../http/errors.ts';
import { formatMoney } from '../lib/money.ts';

/* A request as the API shows it (its record, with its decisions), and who may decide it now. */

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
export type DecisionRow = typeof approvalDecisions.$inferSelect;

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
    livemode: livemodeOf(row.clientRef),
  };
}

const isOwn = (row: ApprovalRequestRow, who: { userRef: number; actor: Actor }) =>
  row.requestedByRef === who.userRef || row.requestedBy.toLowerCase() === who.actor.email.toLowerCase();

/** Why this member may not decide the request now, or null when they may. */
export function refusal(row: ApprovalRequestRow, decisions: DecisionRow[], who: Decider): AppError | null {
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
