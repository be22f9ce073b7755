import { z } from 'zod';
import { FabricProductSlug } from './fabric.ts';
import type { TransferType } from './flow.ts';
import { TRANSACTIONS_LIST } from './flow-lists.ts';
import { defineList, readPaths } from './lists.ts';
import {
  ACCOUNT_NUMBER_PATTERN,
  Amount,
  CalendarDate,
  IFSC_PATTERN,
  PageQuery,
  Money,
  NAME_PATTERN,
  UPI_ID_PATTERN,
} from './flow.ts';

/**
 * Accounts: virtual accounts and the money arriving in them, all accounts and their transactions, balances,
 * settlements, and Meridian operations' credit management.
 * Money travels as decimal strings with two places; times as ISO 8601 (UTC).
 */

const ifsc = z
  .string()
  .trim()
  .max(11, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits')
  .transform((v) => v.toUpperCase())
  .pipe(
    z.string().regex(IFSC_PATTERN, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits'),
  );
const accountNumber = z
  .string()
  .trim()
  .max(18, 'An account number is 9 to 18 digits')
  .regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits');
const personName = z
  .string()
  .trim()
  .max(100, 'A name is 2 to 100 letters')
  .regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -");
/** The client's own id of its customer: letters, digits, `_`, `-`, `.`, 1 to 64 characters. */
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const customerId = z
  .string()
  .trim()
  .max(64, 'A customer id is 1 to 64 letters, digits, _ - or .')
  .regex(CUSTOMER_ID_PATTERN, 'A customer id is 1 to 64 letters, digits, _ - or .');

// ---------------------------------------------------------------------------------------------------------
// Virtual accounts

export const VIRTUAL_ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED', 'EXPIRED'] as const;
export const VirtualAccountStatus = z.enum(VIRTUAL_ACCOUNT_STATUSES);

export const AllowedPayer = z.object({
  account_number: accountNumber,
  /** Null or absent: any branch of any bank with this account number. */
  ifsc: ifsc.nullable().optional(),
});

/** `POST /v2/banking/account/virtual` */
export const CreateVirtualAccount = z.object({
  name: personName,
  customer_id: customerId,
  /** Only these payers may pay in (at most 10); empty or absent: anyone. */
  allowed_payers: z.array(AllowedPayer).max(10, 'At most 10 allowed payers').optional(),
  /** Only a credit of exactly this amount is accepted. */
  expected_amount: Amount.optional(),
  /** Credits after this date (end of the day in Asia/Kolkata) are returned. Must not be in the past. */
  expires_on: CalendarDate.optional(),
});
export type CreateVirtualAccount = z.infer<typeof CreateVirtualAccount>;

export const VirtualAccount = z.object({
  urn: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  upi_id: z.string(),
  name: z.string(),
  customer_id: z.string(),
  allowed_payers: z.array(z.object({ account_number: z.string(), ifsc: z.string().nullable() })),
  expected_amount: Money.nullable(),
  expires_at: z.string().nullable(),
  /** EXPIRED is derived: an ACTIVE account past `expires_at`. */
  status: VirtualAccountStatus,
  balance: Money,
  /** Money that arrived and was credited, ever. */
  total_collected: Money,
  credits_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VirtualAccount = z.infer<typeof VirtualAccount>;

/** `POST /v2/banking/account/virtual/{account_number}/close` and `…/reopen` take no body. */
export const VirtualAccountNumberParams = z.object({ account_number: accountNumber });

export const CREDIT_MODES = ['NEFT', 'IMPS', 'RTGS', 'UPI'] as const satisfies readonly z.infer<
  typeof TransferType
>[];
export const CreditMode = z.enum(CREDIT_MODES);

/** `POST /{provider}/sandbox/simulate/credit`: money arriving from a remitter (sandbox only). */
export const SimulateCredit = z
  .object({
    virtual_account_number: accountNumber,
    amount: Amount,
    mode: CreditMode,
    remitter_name: personName,
    /** NEFT/IMPS/RTGS: the remitter's account and IFSC; UPI: the remitter's UPI id. */
    remitter_account_number: accountNumber.optional(),
    remitter_ifsc: ifsc.optional(),
    remitter_upi_id: z
      .string()
      .trim()
      .max(255)
      .regex(UPI_ID_PATTERN, 'Enter a UPI id like name@bank')
      .optional(),
    /** The bank reference (UTR/RRN): a UTR seen twice is credited once. Generated when absent. */
    utr: z
      .string()
      .trim()
      .max(22)
      .regex(/^[A-Za-z0-9]{12,22}$/, 'A UTR is 12 to 22 letters and digits')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'UPI' && !v.remitter_upi_id)
      ctx.addIssue({
        code: 'custom',
        path: ['remitter_upi_id'],
        message: 'A UPI credit needs the remitter UPI id',
      });
    if (v.mode !== 'UPI' && (!v.remitter_account_number || !v.remitter_ifsc))
      ctx.addIssue({
        code: 'custom',
        path: [v.remitter_account_number ? 'remitter_ifsc' : 'remitter_account_number'],
        message: `A ${v.mode} credit needs the remitter account number and IFSC`,
      });
  });
export type SimulateCredit = z.infer<typeof SimulateCredit>;

export const VA_CREDIT_STATUSES = ['CREDITED', 'RETURNED'] as const;
export const VirtualAccountCreditStatus = z.enum(VA_CREDIT_STATUSES);

/** Money that arrived in a virtual account; also the `VIRTUAL_ACCOUNT_CREDIT` callback's data. */
export const VirtualAccountCredit = z.object({
  urn: z.string(),
  virtual_account_number: z.string(),
  customer_id: z.string(),
  amount: Money,
  mode: CreditMode,
  bank_reference_number: z.string(),
  remitter_name: z.string(),
  remitter_account_number: z.string().nullable(),
  remitter_ifsc: z.string().nullable(),
  remitter_upi_id: z.string().nullable(),
  status: VirtualAccountCreditStatus,
  /** Why it was returned to the remitter (RETURNED only). */
  return_reason: z.string().nullable(),
  /** The ledger transaction (CREDITED only). */
  transaction_id: z.string().nullable(),
  created_at: z.string(),
});
export type VirtualAccountCredit = z.infer<typeof VirtualAccountCredit>;

/** The answer of a simulated credit: `duplicate` when this UTR had already arrived (nothing new happened). */
export const SimulateCreditResult = VirtualAccountCredit.extend({ duplicate: z.boolean() });

// ---------------------------------------------------------------------------------------------------------
// All accounts, their transactions, balances

export const ACCOUNT_KINDS = ['CURRENT', 'VIRTUAL'] as const;
export const AccountKind = z.enum(ACCOUNT_KINDS);

/** A row of all accounts (and of account balances): the client's current accounts and virtual accounts. */
export const ManagedAccount = z.object({
  account_number: z.string(),
  ifsc: z.string(),
  account_name: z.string(),
  kind: AccountKind,
  /** The virtual account's customer id; null for a current account. */
  customer_id: z.string().nullable(),
  /** ACTIVE, CLOSED or EXPIRED (current accounts are ACTIVE). */
  status: VirtualAccountStatus,
  provider: z.string(),
  currency: z.literal('INR'),
  balance: Money,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedAccount = z.infer<typeof ManagedAccount>;

/** Account statuses as people read them (a current account is always ACTIVE). */
export const ACCOUNT_STATUS_LABELS = { ACTIVE: 'Active', CLOSED: 'Closed', EXPIRED: 'Expired' } as const;

/** The virtual accounts list (keys: account_number, customer_id), its export and its report. */
export const VIRTUAL_ACCOUNTS_LIST = defineList({
  name: 'virtual_accounts',
  title: 'Virtual accounts',
  noun: 'virtual account',
  permission: 'accounts.read',
  paths: readPaths('manage/virtual_account'),
  searchKeys: [
    { key: 'account_number', label: 'Account number' },
    { key: 'customer_id', label: 'Customer ID' },
  ],
  defaultRange: 'last7',
  filters: {
    status: {
      kind: 'enum',
      label: 'Status',
      values: VIRTUAL_ACCOUNT_STATUSES,
      valueLabels: ACCOUNT_STATUS_LABELS,
    },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 3 },
    { key: 'account_number', label: 'Account number', format: 'code', priority: 1 },
    { key: 'ifsc', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'upi_id', label: 'UPI id', format: 'code', priority: 3 },
    { key: 'name', label: 'Name', format: 'text', priority: 1 },
    { key: 'customer_id', label: 'Customer ID', format: 'code', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'expected_amount', label: 'Expected amount', format: 'money', priority: 3 },
    { key: 'expires_at', label: 'Expires', format: 'time', priority: 3 },
    { key: 'allowed_payers', label: 'Allowed payers', format: 'text', priority: 3 },
    { key: 'balance', label: 'Balance', format: 'money', priority: 1 },
    { key: 'total_collected', label: 'Collected', format: 'money', priority: 3 },
    { key: 'credits_count', label: 'Credits', format: 'number', priority: 3 },
  ],
});

/** Credit statuses as people read them. */
export const VA_CREDIT_STATUS_LABELS = { CREDITED: 'Credited', RETURNED: 'Returned' } as const;

/** Money that arrived in virtual accounts: the credits list, its export and the MIS reports (VBA, e-collect, UPI). */
export const VA_CREDITS_LIST = defineList({
  name: 'virtual_account_credits',
  title: 'Virtual account credits',
  noun: 'credit',
  permission: 'accounts.read',
  paths: readPaths('manage/virtual_account_credits'),
  searchKeys: [
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
    { key: 'virtual_account_number', label: 'Virtual account number' },
  ],
  defaultRange: 'last7',
  filters: {
    status: {
      kind: 'enum',
      label: 'Status',
      values: VA_CREDIT_STATUSES,
      valueLabels: VA_CREDIT_STATUS_LABELS,
    },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'created_at', label: 'Received', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 3 },
    { key: 'virtual_account_number', label: 'Virtual account', format: 'code', priority: 1 },
    { key: 'customer_id', label: 'Customer ID', format: 'code', priority: 3 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'mode', label: 'Mode', format: 'text', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 1 },
    { key: 'remitter_name', label: 'Remitter', format: 'text', priority: 2 },
    { key: 'remitter_account_number', label: 'Remitter account', format: 'code', priority: 3 },
    { key: 'remitter_ifsc', label: 'Remitter IFSC', format: 'code', priority: 3 },
    { key: 'remitter_upi_id', label: 'Remitter UPI id', format: 'code', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'return_reason', label: 'Return reason', format: 'text', priority: 3 },
    {
      key: 'transaction_id',
      header: '{product}_transaction_id',
      label: 'Transaction ID',
      format: 'code',
      priority: 3,
    },
  ],
});

export const ACCOUNT_KIND_LABELS = { CURRENT: 'Current', VIRTUAL: 'Virtual' } as const;

/** All accounts, current and virtual, that existed in the range (keys: account_number, customer_id). */
export const ACCOUNTS_LIST = defineList({
  name: 'accounts',
  title: 'All accounts',
  noun: 'account',
  permission: 'accounts.read',
  paths: readPaths('manage/accounts'),
  searchKeys: [
    { key: 'account_number', label: 'Account number' },
    { key: 'customer_id', label: 'Customer ID' },
  ],
  defaultRange: 'last7',
  filters: {
    kind: { kind: 'enum', label: 'Kind', values: ACCOUNT_KINDS, valueLabels: ACCOUNT_KIND_LABELS },
  },
  columns: [
    { key: 'created_at', label: 'Opened', format: 'time', priority: 3 },
    { key: 'account_number', label: 'Account number', format: 'code', priority: 1 },
    { key: 'ifsc', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'account_name', label: 'Name', format: 'text', priority: 1 },
    { key: 'kind', label: 'Kind', format: 'text', priority: 2 },
    { key: 'customer_id', label: 'Customer ID', format: 'code', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'provider', label: 'Provider', format: 'text', priority: 3 },
    { key: 'currency', label: 'Currency', format: 'text', priority: 3 },
    { key: 'balance', label: 'Balance', format: 'money', priority: 1 },
    { key: 'updated_at', label: 'Updated', format: 'time', priority: 3 },
  ],
});

/**
 * One account's transactions (searched by customer reference as a case-insensitive substring, paged by
 * pageIndex/pageSize): a current account's; ACCOUNT_TRANSACTIONS_VA_LIST is a virtual account's.
 */
export const ACCOUNT_TRANSACTIONS_LIST = defineList({
  name: 'account_transactions',
  title: 'Account transactions',
  noun: 'transaction',
  permission: 'accounts.read',
  paths: readPaths('account/transactions'),
  searchKeys: [{ key: 'customer_reference_number', label: 'Customer reference' }],
  defaultRange: 'last7',
  paging: 'page',
  // The statement's filters and columns (one account's postings are rows of the statement); the customer
  // reference this list is searched by is in view, the account number (always the selected one) is not.
  filters: TRANSACTIONS_LIST.filters,
  columns: TRANSACTIONS_LIST.columns.map((c) =>
    c.key === 'customer_reference_number' ? { ...c, priority: 2 as const } : c,
  ),
});
export const ACCOUNT_TRANSACTIONS_VA_LIST = defineList({
  ...ACCOUNT_TRANSACTIONS_LIST,
  name: 'virtual_account_transactions',
  paths: readPaths('account/transactions/va'),
});

/**
 * Account transactions of one selected account: the list's own parameter beside the date range and search filter, which pages
 * them by pageIndex/pageSize (`page_index` from 0, `page_size` 1–100, default 10: the contract's PageQuery).
 */
export const AccountTransactionsParams = { account_number: accountNumber };
export const AccountTransactionsQuery = z.object({
  ...AccountTransactionsParams,
  ...PageQuery,
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  time_zone: z.string().max(64).optional(),
});
export type AccountTransactionsQuery = z.infer<typeof AccountTransactionsQuery>;

/** Balances: every account, and the commission balance (fees Meridian earned from the client). */
export const CommissionBalance = z.object({
  /** Fees charged to the client, net of refunds, ever. */
  commission_balance: Money,
  /** The same, today (in the user's time zone) and this month. */
  today: Money,
  this_month: Money,
  currency: z.literal('INR'),
});
export type CommissionBalance = z.infer<typeof CommissionBalance>;

/** `/accounts`: collections today and this week, balances, the next settlement, recent credits. */
export const AccountsSummary = z.object({
  collections_today: z.object({ count: z.number().int(), amount: Money }),
  collections_week: z.object({ count: z.number().int(), amount: Money }),
  /** Current accounts + virtual accounts. */
  total_balance: Money,
  virtual_accounts: z.object({ active: z.number().int(), total: z.number().int(), balance: Money }),
  next_settlement: z
    .object({ cycle_id: z.string(), name: z.string(), at: z.string(), estimated_amount: Money })
    .nullable(),
  recent_credits: z.array(VirtualAccountCredit),
});
export type AccountsSummary = z.infer<typeof AccountsSummary>;

// ---------------------------------------------------------------------------------------------------------
// Settlements

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

// ---------------------------------------------------------------------------------------------------------
// Credit management (Meridian operations only: the `ops` role)

export const CONSUMER_TYPES = ['customer', 'internal'] as const;
export const CREDIT_OPERATION_TYPES = ['LOAD', 'UNLOAD', 'CONSUME', 'REFUND'] as const;

export const Company = z.object({
  client_id: z.string(),
  company_name: z.string(),
  company_urn: z.string(),
  consumer_type: z.enum(CONSUMER_TYPES),
  credits: z.number().int(),
  users: z.number().int(),
  created_at: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CreditOperationRow = z.object({
  kind: z.enum(CREDIT_OPERATION_TYPES),
  /** Signed: + for LOAD/REFUND, − for UNLOAD/CONSUME. */
  credits: z.number().int(),
  balance_after: z.number().int(),
  reference: z.string(),
  reason: z.string().nullable(),
  actor: z.string(),
  created_at: z.string(),
});
export type CreditOperationRow = z.infer<typeof CreditOperationRow>;

/** `POST /{provider}/operations/credits/load` and `…/unload` (with an Idempotency-Key header). */
export const CreditAdjustment = z.object({
  client_id: z.string().trim().min(1).max(64),
  credits: z.number().int().min(1, 'At least 1 credit').max(10_000_000, 'At most 10,000,000 credits at once'),
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason (3 to 200 characters)')
    .max(200, 'A reason is at most 200 characters'),
});
export type CreditAdjustment = z.infer<typeof CreditAdjustment>;
export const CreditAdjustmentResult = z.object({
  client_id: z.string(),
  credits: z.number().int(),
  operation: CreditOperationRow,
});

/** A company's API meter: the price of one call per fabric product, and whether it is the default. */
export const MeterEntry = z.object({
  product: FabricProductSlug,
  price: z.number().int(),
  default_price: z.number().int(),
  is_default: z.boolean(),
});
export const CompanyMeter = z.object({ client_id: z.string(), data: z.array(MeterEntry) });
/** `PUT /{provider}/operations/companies/{client_id}/meter`: prices to set; `null` returns to the default. */
export const UpdateCompanyMeter = z.object({
  prices: z.partialRecord(FabricProductSlug, z.number().int().min(0).max(100_000).nullable()),
});
