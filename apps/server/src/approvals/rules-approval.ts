import { ApprovalRuleInput, type ApprovalRule } from '@meridian/contract/approvals';
import { z } from 'zod';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import type { HoldInput } from './engine.ts';
import { createRule, deleteRule, getRule, updateRule, type RuleInput } from './rules.ts';
import { dryRun, settingsExecutor } from './settings.ts';

/*
 * Four eyes on the approval rules themselves (action `approval_rule`): while a rule of that action is active,
 * creating, changing or deleting a rule is checked as making it would, then waits with the rule before and after;
 * once approved the approver makes it on the maker's behalf. So nobody switches the four eyes off alone.
 */

export type RuleChange =
  | { op: 'create'; input: RuleInput }
  | { op: 'update'; urn: string; input: RuleInput }
  | { op: 'delete'; urn: string };

const Payload = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create'), input: ApprovalRuleInput }),
  z.object({ op: z.literal('update'), urn: z.string(), input: ApprovalRuleInput }),
  z.object({ op: z.literal('delete'), urn: z.string() }),
]);

/** A rule as the approvers see it: what it covers, when and who decides (not its urn nor its times). */
const viewOf = (r: ApprovalRule) => ({
  name: r.name,
  action: r.action,
  conditions: r.conditions,
  steps: r.steps,
  active: r.active,
});
type RuleView = ReturnType<typeof viewOf>;

export type RuleChangePlan = { change: RuleChange; before: RuleView | null; after: RuleView | null };

/** Makes a rule change (the maker's now, or the approver's once approved). */
export function makeRuleChange(tx: Db, actor: Actor, change: RuleChange): Promise<ApprovalRule> {
  if (change.op === 'create') return createRule(tx, actor, change.input);
  if (change.op === 'update') return updateRule(tx, actor, change.urn, change.input);
  return deleteRule(tx, actor, change.urn);
}

/** Checks a rule change as the maker would make it (rolled back), and answers the rule before and after. */
export async function planRuleChange(tx: Db, actor: Actor, change: RuleChange): Promise<RuleChangePlan> {
  const before = change.op === 'create' ? null : viewOf(await getRule(tx, actor.clientRef, change.urn));
  const made = await dryRun(tx, (sp) => makeRuleChange(sp, actor, change));
  return { change, before, after: change.op === 'delete' ? null : viewOf(made) };
}

/** What a rule change's approval request holds. */
export const holdRuleChange = (plan: RuleChangePlan): Omit<HoldInput, 'action' | 'source'> => {
  const { change } = plan;
  const name = plan.after?.name ?? plan.before?.name ?? '';
  return {
    summary: `${{ create: 'Create', update: 'Change', delete: 'Delete' }[change.op]} the approval rule "${name}"`,
    ...(change.op === 'create' ? {} : { resourceUrn: change.urn }),
    payload: change,
    diff: { before: plan.before, after: plan.after },
  };
};

/** Makes an approved rule change. */
export const approvalRuleExecutor = settingsExecutor(async (tx, payload, actor) => {
  const change = Payload.parse(payload);
  const rule = await makeRuleChange(tx, actor, change);
  return {
    outcome: `Approval rule ${rule.urn} ${{ create: 'created', update: 'changed', delete: 'deleted' }[change.op]}`,
  };
});
