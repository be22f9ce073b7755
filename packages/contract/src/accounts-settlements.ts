// Settlements: the settlement account, the cycles, the history and a cycle's run. Part of
// `@meridian/contract/accounts`.
import { z } from 'zod';
import { accountNumber, ifsc, personName } from './accounts-fields.ts';
import { Amount, Money } from './flow.ts';
import { defineList } from './lists.ts';
import { livemodeField } from './modes.ts';

export const SETTLEMENT_ACCOUNT_STATUSES = ['VERIFIED', 'REJECTED'] as const;

/** `POST /{provider}/operations/settlement/account`: checked by penny drop before use. */
export const SetSettlementAccount = z.object({
  account_number: accountNumber,
  ifsc,
  account_holder_name: personName,
});
export const SettlementAccount = z.object({
  account_number: z.string(),
  ifsc: z.string(),
  account_holder_name: z.string(),
  bank_name: z.string().nullable(),
  status: z.enum(SETTLEMENT_ACCOUNT_STATUSES),
  status_message: z.string().nullable(),
  /** The penny drop: the bank's name for the holder and the match score (0–100). */
  registered_name: z.string().nullable(),
  name_match_score: z.number().int().nullable(),
  validation_urn: z.string().nullable(),
  is_active: z.boolean(),
  livemode: livemodeField,
  created_at: z.string(),
});
export type SettlementAccount = z.infer<typeof SettlementAccount>;
/** The active settlement account, or null when none is verified yet. */
export const SettlementAccountAnswer = z.object({ data: SettlementAccount.nullable() });

export const SETTLEMENT_TYPES = ['T0', 'T1'] as const;
export const SettlementType = z.enum(SETTLEMENT_TYPES);
export const SETTLEMENT_TRIGGERS = ['SCHEDULED', 'MANUAL'] as const;
export const SETTLEMENT_STATUSES = ['PENDING', 'SETTLED', 'FAILED'] as const;
export const SettlementStatus = z.enum(SETTLEMENT_STATUSES);

/** HH:mm, 24-hour. */
export const RUN_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const SettlementCycle = z.object({
  cycle_id: z.string(),
  name: z.string(),
  type: SettlementType,
  /** HH:mm in `time_zone`: T0 runs at each; T1 at the first. */
  run_times: z.array(z.string()),
  time_zone: z.string(),
  min_amount: Money,
  enabled: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  livemode: livemodeField,
  updated_at: z.string(),
});
export type SettlementCycle = z.infer<typeof SettlementCycle>;

/** `PUT /{provider}/operations/settlement/cycles/{id}`: any of the fields. */
export const UpdateSettlementCycle = z
  .object({
    name: z.string().trim().min(1).max(60),
    type: SettlementType,
    run_times: z
      .array(z.string().max(5).regex(RUN_TIME_PATTERN, 'A run time is HH:mm (24-hour), e.g. 10:30'))
      .min(1, 'At least one run time')
      .max(6, 'At most 6 run times a day'),
    min_amount: Amount,
    enabled: z.boolean(),
  })
  .partial();
export type UpdateSettlementCycle = z.infer<typeof UpdateSettlementCycle>;

export const Settlement = z.object({
  urn: z.string(),
  cycle_id: z.string(),
  type: SettlementType,
  trigger: z.enum(SETTLEMENT_TRIGGERS),
  window_start: z.string(),
  window_end: z.string(),
  /** The virtual account swept. */
  account_number: z.string(),
  settlement_account_number: z.string(),
  amount: Money,
  status: SettlementStatus,
  status_message: z.string().nullable(),
  payout_urn: z.string().nullable(),
  bank_reference_number: z.string().nullable(),
  attempts: z.number().int(),
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Settlement = z.infer<typeof Settlement>;

export const SETTLEMENT_STATUS_LABELS = { PENDING: 'Pending', SETTLED: 'Settled', FAILED: 'Failed' } as const;
export const SETTLEMENT_TYPE_LABELS = { T0: 'Same day (T+0)', T1: 'Next day (T+1)' } as const;

/** The settlement history, its export and the commission-settlement report. */
export const SETTLEMENTS_LIST = defineList({
  name: 'settlements',
  title: 'Settlements',
  noun: 'settlement',
  permission: 'accounts.read',
  paths: {
    search: '/{provider}/operations/settlement/history',
    count: '/{provider}/operations/settlement/history/count',
    export: '/{provider}/operations/settlement/report',
  },
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
  ],
  defaultRange: 'last7',
  filters: {
    status: {
      kind: 'enum',
      label: 'Status',
      values: SETTLEMENT_STATUSES,
      valueLabels: SETTLEMENT_STATUS_LABELS,
    },
    type: { kind: 'enum', label: 'Type', values: SETTLEMENT_TYPES, valueLabels: SETTLEMENT_TYPE_LABELS },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'cycle_id', label: 'Cycle', format: 'code', priority: 3 },
    { key: 'type', label: 'Type', format: 'text', priority: 3 },
    { key: 'trigger', label: 'Trigger', format: 'text', priority: 3 },
    { key: 'window_start', label: 'Window from', format: 'time', priority: 3 },
    { key: 'window_end', label: 'Window to', format: 'time', priority: 3 },
    { key: 'account_number', label: 'Virtual account', format: 'code', priority: 2 },
    { key: 'settlement_account_number', label: 'Settlement account', format: 'code', priority: 3 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'status_message', label: 'Status message', format: 'text', priority: 3 },
    { key: 'payout_urn', label: 'Payout URN', format: 'code', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 1 },
    { key: 'attempts', label: 'Attempts', format: 'number', priority: 3 },
    { key: 'updated_at', label: 'Updated', format: 'time', priority: 3 },
  ],
});

/** `POST …/cycles/{id}/invoke`: what the run did. */
export const SettlementRun = z.object({
  cycle_id: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  /** Settlements created by this run (none when the window was already settled or below the minimum). */
  settlements: z.array(Settlement),
  /** Why nothing moved, when nothing did. */
  message: z.string().nullable(),
});

/** The history's filter options (`…/settlement/options/status` and `…/options/type`). */
export const OptionList = z.object({ data: z.array(z.object({ value: z.string(), label: z.string() })) });
