// Virtual accounts and the money arriving in them (credits): the requests, the answers and the lists. Part of
// `@meridian/contract/accounts`.
import { z } from 'zod';
import { accountNumber, customerId, ifsc, personName } from './accounts-fields.ts';
import type { TransferType } from './flow.ts';
import { Amount, CalendarDate, Money, UPI_ID_PATTERN } from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

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
  livemode: livemodeField,
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
  livemode: livemodeField,
  created_at: z.string(),
});
export type VirtualAccountCredit = z.infer<typeof VirtualAccountCredit>;

/** The answer of a simulated credit: `duplicate` when this UTR had already arrived (nothing new happened). */
export const SimulateCreditResult = VirtualAccountCredit.extend({ duplicate: z.boolean() });

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
