// All accounts (current and virtual), one account's transactions, balances and the accounts summary. Part of
// `@meridian/contract/accounts`.
import { z } from 'zod';
import { accountNumber } from './accounts-fields.ts';
import { VirtualAccountCredit, VirtualAccountStatus } from './accounts-virtual.ts';
import { CalendarDate, Money, PageQuery } from './flow.ts';
import { TRANSACTIONS_LIST } from './flow-lists.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

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
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedAccount = z.infer<typeof ManagedAccount>;

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
