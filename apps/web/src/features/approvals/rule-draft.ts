import {
  AMOUNT_ACTIONS,
  ApprovalRuleInput as RuleInputSchema,
  SOURCE_ACTIONS,
  TRANSFER_TYPE_ACTIONS,
  type ApprovalAction,
  type ApprovalRule,
  type ApprovalRuleInput,
  type ApprovalSource,
} from '@meridian/contract/approvals';
import type { TRANSFER_TYPES } from '@meridian/contract/flow';

export type TransferType = (typeof TRANSFER_TYPES)[number];

/** What the rule form holds: the amounts as typed, the steps as edited. */
export interface Draft {
  name: string;
  action: ApprovalAction;
  amountMin: string;
  amountMax: string;
  transferTypes: TransferType[];
  sources: ApprovalSource[];
  steps: { approvals: number; roles: string[] }[];
  active: boolean;
}

export const draftOf = (rule: ApprovalRule | undefined): Draft => ({
  name: rule?.name ?? '',
  action: rule?.action ?? 'payout',
  amountMin: rule?.conditions.amount_min ?? '',
  amountMax: rule?.conditions.amount_max ?? '',
  transferTypes: rule?.conditions.transfer_types ?? [],
  sources: rule?.conditions.sources ?? [],
  steps: rule?.steps.map((s) => ({ approvals: s.approvals, roles: [...s.roles] })) ?? [
    { approvals: 1, roles: ['finance_approver'] },
  ],
  active: rule?.active ?? true,
});

/** The request body of a draft: only the conditions its action can have, an empty one left out. */
export function inputOf(d: Draft): ApprovalRuleInput {
  const amounts = AMOUNT_ACTIONS.includes(d.action);
  const conditions: ApprovalRuleInput['conditions'] = {
    ...(amounts && d.amountMin.trim() ? { amount_min: d.amountMin.trim() } : {}),
    ...(amounts && d.amountMax.trim() ? { amount_max: d.amountMax.trim() } : {}),
    ...(TRANSFER_TYPE_ACTIONS.includes(d.action) && d.transferTypes.length
      ? { transfer_types: d.transferTypes }
      : {}),
    ...(SOURCE_ACTIONS.includes(d.action) && d.sources.length ? { sources: d.sources } : {}),
  };
  return { name: d.name.trim(), action: d.action, conditions, steps: d.steps, active: d.active };
}

/** The draft as the server will check it: the first problem of each field, by path. */
export function problemsOf(input: ApprovalRuleInput): string[] {
  const checked = RuleInputSchema.safeParse(input);
  if (checked.success) return [];
  return checked.error.issues.map((i) => {
    const path = i.path.join('.');
    const where = path.startsWith('steps.')
      ? `Step ${Number(i.path[1]) + 1}`
      : path.startsWith('conditions.amount')
        ? 'Amount'
        : path === 'name'
          ? 'Name'
          : path;
    return `${where}: ${i.message}`;
  });
}
