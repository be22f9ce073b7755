// The flow lists' definitions (docs/developing/adding-a-list.md): payouts, beneficiaries, bank-account validations and
// transactions. Their own entry (`@meridian/contract/flow-lists`), not the barrel: only the list screens, the
// server's list routes and the reports read them, and the web bundles the barrel into the first paint of every
// signed-in page.
import {
  BENEFICIARY_STATUSES,
  PAYOUT_STATUSES,
  TRANSACTION_CATEGORIES,
  TRANSACTION_TYPES,
  TRANSFER_TYPES,
  VALIDATION_STATUSES,
  NAME_MATCH_VERDICTS,
} from './flow.ts';
import { defineList, readPaths } from './lists.ts';

/** /flow/beneficiaries and its export; the beneficiaries report writes these columns and the latest validation. */
export const BENEFICIARIES_LIST = defineList({
  name: 'beneficiaries',
  title: 'Beneficiaries',
  noun: 'beneficiary',
  permission: 'flow.read',
  paths: {
    search: '/{provider}/read/fetch/manage/beneficiary',
    count: '/{provider}/read/count/manage/beneficiary',
    export: '/{provider}/read/export/manage/beneficiary',
  },
  searchKeys: [
    { key: 'beneficiary_code', label: 'Beneficiary code' },
    { key: 'beneficiary_account_number', label: 'Account number' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: BENEFICIARY_STATUSES },
    transfer_type: { kind: 'enum', label: 'Transfer type', values: TRANSFER_TYPES },
  },
  columns: [
    { key: 'created_at', label: 'Added', format: 'time', priority: 2 },
    { key: 'beneficiary_code', label: 'Code', format: 'code', priority: 1 },
    { key: 'beneficiary_name', label: 'Name', format: 'text', priority: 1 },
    { key: 'beneficiary_email', label: 'E-mail', format: 'text', priority: 3 },
    { key: 'beneficiary_mobile', label: 'Mobile', format: 'text', priority: 3 },
    { key: 'transfer_type', label: 'Transfer type', format: 'text', priority: 2 },
    { key: 'beneficiary_account_number', label: 'Account number', format: 'code', priority: 2 },
    { key: 'ifsc_code', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'bank_name', label: 'Bank', format: 'text', priority: 3 },
    { key: 'beneficiary_upi_id', label: 'UPI id', format: 'code', priority: 3 },
    { key: 'sender_account_number', label: 'Debit account', format: 'code', priority: 3 },
    { key: 'name_match_score', label: 'Name match %', format: 'number', priority: 3 },
    { key: 'cooling_off_until', label: 'Limited until', format: 'time', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
  ],
});

/** /flow/payouts and its export and report (docs/developing/adding-a-list.md). */
export const PAYOUTS_LIST = defineList({
  name: 'payouts',
  title: 'Payouts',
  noun: 'payout',
  permission: 'flow.read',
  paths: readPaths('transaction/payouts'),
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
    { key: 'customer_reference_number', label: 'Customer reference' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: PAYOUT_STATUSES },
    transfer_type: { kind: 'enum', label: 'Transfer type', values: TRANSFER_TYPES },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
    { key: 'kind', label: 'Kind', format: 'text', priority: 3 },
    { key: 'sender_account_number', label: 'Debit account', format: 'code', priority: 3 },
    { key: 'beneficiary_code', label: 'Beneficiary code', format: 'code', priority: 3 },
    { key: 'beneficiary_name', label: 'Beneficiary', format: 'text', priority: 1 },
    { key: 'beneficiary_account_number', label: 'Account number', format: 'code', priority: 3 },
    { key: 'ifsc_code', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'beneficiary_upi_id', label: 'UPI id', format: 'code', priority: 3 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'transfer_type', label: 'Transfer type', format: 'text', priority: 2 },
    { key: 'purpose_message', label: 'Purpose', format: 'text', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 1 },
    { key: 'status_message', label: 'Status message', format: 'text', priority: 3 },
    { key: 'updated_at', label: 'Updated', format: 'time', priority: 3 },
  ],
});

/** /flow/bank-account-validation's list, its export and the validation MIS report. */
export const VALIDATIONS_LIST = defineList({
  name: 'validations',
  title: 'Bank account validations',
  noun: 'validation',
  permission: 'flow.read',
  paths: readPaths('transaction/validations'),
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'beneficiary_account_number', label: 'Account number' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: VALIDATION_STATUSES },
    name_match: { kind: 'enum', label: 'Name match', values: NAME_MATCH_VERDICTS },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 3 },
    { key: 'beneficiary_account_number', label: 'Account number', format: 'code', priority: 1 },
    { key: 'ifsc_code', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'bank_name', label: 'Bank', format: 'text', priority: 3 },
    { key: 'name_given', label: 'Name given', format: 'text', priority: 3 },
    { key: 'registered_name', label: 'Registered name', format: 'text', priority: 2 },
    { key: 'name_match', label: 'Name match', format: 'status', priority: 2 },
    { key: 'name_match_score', label: 'Match score', format: 'number', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'status_message', label: 'Status message', format: 'text', priority: 3 },
    { key: 'fee', label: 'Fee', format: 'money', priority: 3 },
  ],
});

/** /flow/transactions: the statement of every account of the client, and its export. */
export const TRANSACTIONS_LIST = defineList({
  name: 'transactions',
  title: 'Transactions',
  noun: 'transaction',
  permission: 'accounts.read',
  paths: readPaths('transaction/statement'),
  searchKeys: [
    { key: '{product}_transaction_id', label: 'Transaction ID' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
    { key: 'customer_reference_number', label: 'Customer reference' },
  ],
  defaultRange: 'last7',
  filters: {
    type: { kind: 'enum', label: 'Credit or debit', values: TRANSACTION_TYPES },
    category: { kind: 'enum', label: 'Category', values: TRANSACTION_CATEGORIES },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    {
      key: 'transaction_id',
      header: '{product}_transaction_id',
      label: 'Transaction ID',
      format: 'code',
      priority: 1,
    },
    { key: 'account_number', label: 'Account', format: 'code', priority: 3 },
    { key: 'type', label: 'Type', format: 'text', priority: 2 },
    { key: 'category', label: 'Category', format: 'text', priority: 3 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'balance', label: 'Balance after', format: 'money', priority: 2 },
    { key: 'description', label: 'Description', format: 'text', priority: 1 },
    { key: 'reference_urn', label: 'Reference URN', format: 'code', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 3 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
  ],
});
