import type { FastifyRequest } from 'fastify';
import { PendingApproval, type ApprovalAction, type ApprovalSource } from '@meridian/contract/approvals';
import { sql } from 'drizzle-orm';
import type { Actor } from '../audit/actor.ts';
import { actorOf, authOf } from '../auth/guard.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { SESSION_CHANNEL } from '../db/session-cache.ts';
import { noEffects, type EffectRunner, type Effects } from '../jobs/effects.ts';
import { holdForApproval, type ApprovalExecutor, type Held, type HoldInput } from './engine.ts';
import type { ApprovalRequestRow } from './records.ts';

/*
 * Four eyes on security settings and beneficiaries: adding or changing a beneficiary, creating an API key,
 * creating or changing a callback URL, changing the IP allow-list, granting a role, changing the approval rules.
 * When an active rule of the change's action covers it, the change is checked as making it would (so a change that
 * could never be made does not wait), then waits as a PENDING approval request holding the exact change (its
 * payload) and what it changes (before and after, shown to the approvers); the maker is answered 202
 * `PENDING_APPROVAL`. Once the last step approves it, the change is made by its action's executor in the
 * approver's transaction and audited as made by the approver on behalf of the maker; rejected or expired, it is
 * never made (nothing was changed meanwhile, so there is nothing to undo).
 */

/** The maker's answer to a change that waits for approval (the contract's schema, for the routes' 202). */
export { PendingApproval };

export const pendingApproval = (urn: string, what: string): PendingApproval => ({
  approval_urn: urn,
  status: 'PENDING_APPROVAL',
  message: `${what} waits for approval (${urn}): it is made only once approved, and not at all if rejected or left unanswered until it expires.`,
});

/** The sentence the route descriptions add for a change an approval rule may hold. */
export const PENDING_APPROVAL_DOC = (action: ApprovalAction) =>
  ` When an active approval rule of action \`${action}\` covers the change, it is checked as when it is made, then not made: the answer is 202 \`{ approval_urn, status: 'PENDING_APPROVAL', message }\` and the change waits as that approval request (with its before and after for the approvers), made once approved, by the last approver on the maker's behalf (both in the audit log), and never if rejected or expired.`;

/** Where the change came from: a member's dashboard session or an API key. */
export const sourceOf = (request: FastifyRequest): ApprovalSource =>
  authOf(request).channel === 'api_key' ? 'api' : 'dashboard';

/** The approver, acting for the maker of the request (every audit record of the change names both). */
export const onBehalfOf = (approver: Actor, request: ApprovalRequestRow): Actor => ({
  ...approver,
  onBehalfOf: { email: request.requestedBy, approvalUrn: request.urn },
});

/**
 * In one transaction: `plan` checks the change as making it would (its errors are the caller's); when an active
 * rule of `action` covers it, it waits (`hold` says what the request holds) and the answer is its urn; else
 * `apply` makes it. The approval request's own work (its callbacks) starts after commit.
 */
export async function holdOrApply<P, R>(
  deps: { db: Db; runEffects: EffectRunner },
  request: FastifyRequest,
  action: ApprovalAction,
  change: {
    plan: (tx: Db) => Promise<P>;
    /** False for a change that changes nothing (made at once, never waits). */
    waits?: (plan: P) => boolean;
    hold: (plan: P) => Omit<HoldInput, 'action' | 'source'>;
    apply: (tx: Db, plan: P) => Promise<R>;
  },
): Promise<{ held: string } | { done: R }> {
  const actor = actorOf(request);
  const answer = await inTransaction(deps.db, async (tx): Promise<{ held: Held } | { done: R }> => {
    const plan = await change.plan(tx);
    if (change.waits?.(plan) === false) return { done: await change.apply(tx, plan) };
    const held = await holdForApproval(tx, actor, {
      ...change.hold(plan),
      action,
      source: sourceOf(request),
    });
    if (held) return { held };
    return { done: await change.apply(tx, plan) };
  });
  if ('held' in answer) {
    await deps.runEffects(answer.held.effects);
    return { held: answer.held.urn };
  }
  return answer;
}

/**
 * The executor of a settings change: `run` makes the change held in the request's payload, as the approver on
 * behalf of the maker, and says what was done (the request's outcome). Rejected, expired or failed, nothing was
 * changed: there is nothing to undo.
 */
export function settingsExecutor(
  run: (
    tx: Db,
    payload: Record<string, unknown>,
    actor: Actor,
    request: ApprovalRequestRow,
  ) => Promise<{ outcome: string; effects?: Effects }>,
): ApprovalExecutor {
  return {
    async execute(tx, request, approver) {
      const done = await run(tx, request.payload, onBehalfOf(approver, request), request);
      return { outcome: done.outcome, effects: done.effects ?? noEffects() };
    },
    cancel: async () => noEffects(),
  };
}

/**
 * Inside the approver's transaction: tells every process's session cache, when it commits (a NOTIFY is delivered
 * on commit, never for a transaction rolled back), to drop what it keeps under `owners` (the IP allow-list's
 * `ipallow:<client_ref>`, an API key's `key:<key_id>`).
 */
export async function dropCachedOnCommit(tx: Db, owners: string[]): Promise<void> {
  for (const owner of owners) await tx.execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`s:${owner}`})`);
}

class DryRunRollback extends Error {}

/**
 * Runs `fn` in a savepoint of `tx` and rolls it back: the change is checked exactly as making it would (the same
 * refusals), and what it would answer is returned, but nothing stays (nor any notification it raised). For
 * domains whose checks are not apart from the change (role grants, approval rules).
 */
export async function dryRun<T>(tx: Db, fn: (sp: Db) => Promise<T>): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await tx.transaction(async (sp) => {
      result = { value: await fn(sp) };
      throw new DryRunRollback('dry run');
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!result) throw new Error('dry run answered nothing');
  return (result as { value: T }).value;
}
