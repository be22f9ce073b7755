import { z } from 'zod';
import { AMOUNT_PATTERN, Money, TransferType } from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';
import { roleKeySchema } from './permissions.ts';

/**
 * Maker-checker approvals: rules per client say which actions (a payout, a bulk, a settings change; on Meridian's
 * side a credit load) wait for other people, when (amount band, transfer type, source) and who decides (1–3
 * sequential steps of "N people with one of these roles"). A held action is an approval request: PENDING until
 * its last step is approved (the action then runs once: APPROVED, or FAILED when it was refused at that moment),
 * one person rejects it (REJECTED) or it is left unanswered past `expires_at` (EXPIRED, default 72 h).
 * Nobody decides their own request, nor two steps of one request.
 *
 * Imported as `@meridian/contract/approvals`.
 *
 * Paths (`{provider}` is the provider slug):
 * - `GET  /{provider}/read/fetch/approvals/inbox` — the PENDING requests the caller can decide now (`ApprovalInbox`);
 * - `GET  /{provider}/read/search/approvals/requests`, `…/count/…`, `…/export/…` — every request (`APPROVALS_LIST`);
 * - `GET  /{provider}/read/fetch/approvals/{urn}` — one request (`ApprovalRequest`);
 * - `POST /v2/approvals/{urn}/approve` `{ reason? }`, `POST /v2/approvals/{urn}/reject` `{ reason }` — one
 *   decision (`ApprovalRequest`); `POST /v2/approvals/decisions` `{ urns, decision, reason? }` — many at once
 *   (`ApprovalDecisionsResult`): each needs the approver's step-up (`X-Step-Up-Token`);
 * - `GET  /{provider}/read/fetch/approvals/rules` (`ApprovalRuleList`), `POST /v2/approval_rules`,
 *   `PUT /v2/approval_rules/{urn}` (`ApprovalRuleInput` → `ApprovalRule`), `DELETE /v2/approval_rules/{urn}`;
 * - `POST /v2/approval_rules/preview` (`ApprovalRuleInput` → `ApprovalRulePreview`): what the rule would have
 *   held over the last 90 days.
 */

/**
 * The answer (202) to a change an approval rule holds: it waits as the request `approval_urn`, made only once
 * approved (a settings change, a credit load).
 */
export const PendingApproval = z.object({
  approval_urn: z.string(),
  status: z.literal('PENDING_APPROVAL'),
  message: z.string(),
});
export type PendingApproval = z.infer<typeof PendingApproval>;

/** What a rule covers. */
export const APPROVAL_ACTIONS = [
  'payout',
  'bulk',
  'beneficiary',
  'api_key',
  'callback',
  'ip_allowlist',
  'role_grant',
  'approval_rule',
  'credit_load',
] as const;
export const ApprovalAction = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof ApprovalAction>;

export const APPROVAL_ACTION_LABELS: Readonly<Record<ApprovalAction, string>> = {
  payout: 'Single payouts',
  bulk: 'Bulk payouts',
  beneficiary: 'Beneficiary added or changed',
  api_key: 'API key created',
  callback: 'Callback URL changed',
  ip_allowlist: 'IP allow-list changed',
  role_grant: 'Role granted',
  approval_rule: 'Approval rules changed',
  credit_load: 'Credit loads (Meridian operations)',
};

/** The actions whose rules may name an amount band, transfer types (payouts) and sources. */
export const AMOUNT_ACTIONS: readonly ApprovalAction[] = ['payout', 'bulk', 'credit_load'];
export const TRANSFER_TYPE_ACTIONS: readonly ApprovalAction[] = ['payout'];
export const SOURCE_ACTIONS: readonly ApprovalAction[] = ['payout', 'bulk'];

/** Where a held action came from: the dashboard, an API key, or a bulk's row. */
export const APPROVAL_SOURCES = ['dashboard', 'api', 'bulk'] as const;
export const ApprovalSource = z.enum(APPROVAL_SOURCES);
export type ApprovalSource = z.infer<typeof ApprovalSource>;
export const APPROVAL_SOURCE_LABELS: Readonly<Record<ApprovalSource, string>> = {
  dashboard: 'Dashboard',
  api: 'API',
  bulk: 'Bulk upload',
};

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'FAILED'] as const;
export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  PENDING: 'Waiting',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  FAILED: 'Approved, failed',
};

export const APPROVAL_DECISIONS = ['APPROVE', 'REJECT'] as const;
export const ApprovalDecision = z.enum(APPROVAL_DECISIONS);
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** Limits of a rule. */
export const APPROVAL_LIMITS = { steps: 3, approvals: 5, batch: 200, reason: 500, name: 100 } as const;
/** How far back a rule's preview looks, in days. */
export const APPROVAL_PREVIEW_DAYS = 90;

const rupees = z
  .string()
  .trim()
  .regex(AMOUNT_PATTERN, 'Enter an amount in rupees with at most two decimals, e.g. 100000');

/**
 * When a rule applies; every condition given must hold (a missing one holds always). Amounts are rupees as the
 * payout API takes them, both ends included.
 */
export const ApprovalConditions = z
  .object({
    amount_min: rupees.optional(),
    amount_max: rupees.optional(),
    transfer_types: z.array(TransferType).min(1).max(4).optional(),
    sources: z.array(ApprovalSource).min(1).max(3).optional(),
  })
  .refine(
    (c) =>
      c.amount_min === undefined ||
      c.amount_max === undefined ||
      Number(c.amount_min) <= Number(c.amount_max),
    { message: 'The lowest amount is above the highest', path: ['amount_max'] },
  );
export type ApprovalConditions = z.infer<typeof ApprovalConditions>;

/** One step: `approvals` different people, each with one of `roles`. */
export const ApprovalStep = z.object({
  approvals: z.number().int().min(1).max(APPROVAL_LIMITS.approvals),
  roles: z
    .array(roleKeySchema)
    .min(1, 'Name at least one role that may approve')
    .max(20)
    .refine((r) => new Set(r).size === r.length, 'A role is named twice'),
});
export type ApprovalStep = z.infer<typeof ApprovalStep>;

/** A rule as created, changed or previewed. */
export const ApprovalRuleInput = z.object({
  name: z.string().trim().min(1, 'Name the rule').max(APPROVAL_LIMITS.name),
  action: ApprovalAction,
  conditions: ApprovalConditions.default({}),
  steps: z
    .array(ApprovalStep)
    .min(1, 'A rule has at least one step')
    .max(APPROVAL_LIMITS.steps, `A rule has at most ${APPROVAL_LIMITS.steps} steps`),
  active: z.boolean().default(true),
});
export type ApprovalRuleInput = z.input<typeof ApprovalRuleInput>;

export const ApprovalRule = z.object({
  urn: z.string(),
  name: z.string(),
  action: ApprovalAction,
  conditions: z.object({
    amount_min: Money.optional(),
    amount_max: Money.optional(),
    transfer_types: z.array(TransferType).optional(),
    sources: z.array(ApprovalSource).optional(),
  }),
  steps: z.array(z.object({ approvals: z.number().int(), roles: z.array(z.string()) })),
  active: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  livemode: livemodeField,
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;
export const ApprovalRuleList = z.object({ data: z.array(ApprovalRule) });
export type ApprovalRuleList = z.infer<typeof ApprovalRuleList>;

/** What a draft rule would have held over the last `days` days of the client's payouts. */
export const ApprovalRulePreview = z.object({
  days: z.number().int(),
  count: z.number().int(),
  /** Rupees, two decimals. */
  amount: Money,
});
export type ApprovalRulePreview = z.infer<typeof ApprovalRulePreview>;

export const ApprovalDecisionRow = z.object({
  /** 0-based step the decision was made on. */
  step: z.number().int(),
  email: z.string(),
  decision: ApprovalDecision,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ApprovalDecisionRow = z.infer<typeof ApprovalDecisionRow>;

/** A request as lists, exports and callbacks show it (the same to every reader). */
export const ApprovalRecord = z.object({
  urn: z.string(),
  action: ApprovalAction,
  status: ApprovalStatus,
  /** One line for the inbox ("Payout ₹2,00,000.00 to KAVYA-1 by IMPS"). */
  summary: z.string(),
  /** Rupees, two decimals; null for an action without an amount. */
  amount: Money.nullable(),
  /** The payout's or bulk's urn (or the setting's id) the request holds. */
  resource_urn: z.string().nullable(),
  source: ApprovalSource,
  requested_by: z.string(),
  rule_urn: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  /** The step waiting (0-based); past the last one once approved. */
  current_step: z.number().int(),
  steps: z.array(z.object({ approvals: z.number().int(), roles: z.array(z.string()) })),
  decisions: z.array(ApprovalDecisionRow),
  /** A settings change's before and after, as the approvers see it. */
  diff: z.object({ before: z.unknown(), after: z.unknown() }).nullable(),
  /** What happened once decided (the payout sent, why it failed). */
  outcome: z.string().nullable(),
  livemode: livemodeField,
});
export type ApprovalRecord = z.infer<typeof ApprovalRecord>;

/** A request as one caller sees it (the inbox, the details, a decision's answer). */
export const ApprovalRequest = ApprovalRecord.extend({
  /** Whether the caller may decide it now (their role is in the current step's, not theirs, not decided by them). */
  can_decide: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;
export const ApprovalRecordList = z.object({ data: z.array(ApprovalRecord) });

export const ApprovalInbox = z.object({ data: z.array(ApprovalRequest) });
export type ApprovalInbox = z.infer<typeof ApprovalInbox>;

export const ApproveRequest = z.object({
  reason: z.string().trim().max(APPROVAL_LIMITS.reason).optional(),
});
export const RejectRequest = z.object({
  reason: z.string().trim().min(1, 'Say why it is rejected').max(APPROVAL_LIMITS.reason),
});
export const DecideMany = z
  .object({
    urns: z
      .array(z.string().trim().min(1).max(64))
      .min(1)
      .max(APPROVAL_LIMITS.batch, `At most ${APPROVAL_LIMITS.batch} requests at once`),
    decision: ApprovalDecision,
    reason: z.string().trim().max(APPROVAL_LIMITS.reason).optional(),
  })
  .refine((d) => d.decision === 'APPROVE' || (d.reason !== undefined && d.reason !== ''), {
    message: 'Say why they are rejected',
    path: ['reason'],
  });
export type DecideMany = z.infer<typeof DecideMany>;

/** One urn's result of a batch decision: `ok` with the request as it now stands, or the error it met. */
export const ApprovalDecisionResult = z.object({
  urn: z.string(),
  ok: z.boolean(),
  /** The request's status after the decision (absent when not found). */
  status: ApprovalStatus.optional(),
  /** Error key when not ok (`not_found`, `own_request`, `already_decided`, `not_pending`, `not_your_step`). */
  error: z.string().optional(),
  message: z.string().optional(),
});
export const ApprovalDecisionsResult = z.object({
  data: z.array(ApprovalDecisionResult),
  approved: z.number().int(),
  rejected: z.number().int(),
  failed: z.number().int(),
});
export type ApprovalDecisionsResult = z.infer<typeof ApprovalDecisionsResult>;

/** Error keys of a refused decision (403 for the first three, 409 for the others). */
export const APPROVAL_ERRORS = {
  ownRequest: 'approval_own_request',
  notYourStep: 'approval_not_your_step',
  alreadyDecided: 'approval_already_decided',
  notPending: 'approval_not_pending',
} as const;

/** The approval requests list: every request of the client, newest first. */
export const APPROVALS_LIST = defineList({
  name: 'approvals',
  title: 'Approval requests',
  noun: 'approval request',
  // Makers follow their own requests: reading needs what reading payouts needs.
  permission: 'flow.read',
  paths: readPaths('approvals/requests'),
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'resource_urn', label: 'Payout or bulk URN' },
    { key: 'requested_by', label: 'Requested by' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: APPROVAL_STATUSES, valueLabels: APPROVAL_STATUS_LABELS },
    action: { kind: 'enum', label: 'Action', values: APPROVAL_ACTIONS, valueLabels: APPROVAL_ACTION_LABELS },
  },
  columns: [
    { key: 'created_at', label: 'Requested', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 2 },
    { key: 'action', label: 'Action', format: 'text', priority: 2 },
    { key: 'summary', label: 'Summary', format: 'text', priority: 1 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'requested_by', label: 'Requested by', format: 'text', priority: 2 },
    { key: 'source', label: 'Source', format: 'text', priority: 3 },
    { key: 'resource_urn', label: 'Payout or bulk URN', format: 'code', priority: 3 },
    { key: 'expires_at', label: 'Expires', format: 'time', priority: 3 },
    { key: 'decided_at', label: 'Decided', format: 'time', priority: 3 },
    { key: 'outcome', label: 'Outcome', format: 'text', priority: 3 },
  ],
});
