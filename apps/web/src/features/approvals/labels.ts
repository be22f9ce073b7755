import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_SOURCE_LABELS,
  APPROVAL_STATUS_LABELS,
  type ApprovalAction,
  type ApprovalSource,
  type ApprovalStatus,
} from '@meridian/contract/approvals';
import { BUILT_IN_ROLES, isBuiltInRole } from '@meridian/contract/permissions';
import type { BadgeVariant } from '@/components/ui/badge';

export const APPROVAL_STATUS_VARIANTS = {
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'grey',
  EXPIRED: 'grey',
  FAILED: 'red',
} as const satisfies Record<ApprovalStatus, BadgeVariant>;

export const actionLabel = (action: string) => APPROVAL_ACTION_LABELS[action as ApprovalAction] ?? action;
export const sourceLabel = (source: string) => APPROVAL_SOURCE_LABELS[source as ApprovalSource] ?? source;
export const statusLabel = (status: string) => APPROVAL_STATUS_LABELS[status as ApprovalStatus] ?? status;

/** A role key as people read it: a built-in role's name, else the key itself (a custom role). */
export const roleLabel = (role: string) => (isBuiltInRole(role) ? BUILT_IN_ROLES[role].name : role);

/** "1 person with the Finance approver role", "2 people with one of Owner or Admin". */
export function stepText(step: { approvals: number; roles: readonly string[] }): string {
  const who = step.approvals === 1 ? '1 person' : `${step.approvals} people`;
  const names = step.roles.map(roleLabel);
  if (names.length === 1) return `${who} with the ${names[0]} role`;
  return `${who} with one of ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
