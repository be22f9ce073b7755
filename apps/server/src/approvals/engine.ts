import type { ApprovalAction, ApprovalSource } from '@meridian/contract/approvals';
import type { TransferType } from '@meridian/contract';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import type { approvalRequests } from '../db/schema.ts';
import type { Effects } from '../jobs/effects.ts';

/*
 * The maker-checker engine. A domain that makes a held action (a payout, a bulk, a settings change, a credit load)
 * asks `holdForApproval` inside the maker's transaction; when no active rule of the client covers it the action
 * goes ahead, else it is stored as a PENDING request and the domain leaves it waiting (a payout in
 * PENDING_APPROVAL, a bulk not queued). What runs once the last step approves it, and what happens when it is
 * rejected, expires or fails, is the domain's `ApprovalExecutor`, given to the engine by the composition
 * (composition.ts `APPROVAL_EXECUTORS`), so the engine imports no domain that builds on it.
 */

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;

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
};

export type HoldOptions = {
  /** How long a request waits before it expires, in hours (config APPROVAL_TTL_HOURS, default 72). */
  ttlHours?: number;
  now?: Date;
};

/** A held action: its request's urn, and the work to start after commit (callbacks of `approval.requested`). */
export type Held = { urn: string; effects: Effects };

/**
 * Inside the maker's transaction: the client's active rules for the action whose conditions match; none → null
 * (go ahead). Else a PENDING request with the first matching rule's steps, expiring after the TTL, the
 * `approval.requested` event queued to the client's APPROVAL callbacks and the approvers' e-mails recorded to be
 * sent after commit (`mailApprovers`).
 */
export async function holdForApproval(
  _tx: Db,
  _actor: Actor,
  _input: HoldInput,
  _opts: HoldOptions = {},
): Promise<Held | null> {
  throw new Error('not yet');
}

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
