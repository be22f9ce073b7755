import { PAYOUT_STATUSES, TRANSFER_TYPES } from '@meridian/contract';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { fileColumnsOf } from '../../lists/register-list.ts';
import {
  countPayoutReport,
  payoutReportPages,
  type PayoutReportFilter,
  type PayoutReportRow,
} from '../../payouts/report.ts';
import { countStatement, statementPages, type StatementRow } from '../../ledger/consolidated.ts';
import { defineReport, type AnyReportSource, type ReportScope } from '../source.ts';

const payoutFilter = (scope: ReportScope): PayoutReportFilter => ({
  clientRef: scope.clientRef,
  filter: scope.filter,
  status: scope.params.status,
  accountNumber: scope.params.account_number,
  transferType: scope.params.transfer_type,
  amountMin: scope.params.amount_min,
  amountMax: scope.params.amount_max,
});

/** Payouts with beneficiary, amount, status, UTR and status message (the payouts list, in full). */
const payoutsReport = defineReport<PayoutReportRow>({
  type: 'payouts',
  title: 'Payouts report',
  description:
    'Every payout of the range, newest first: beneficiary, amount, transfer type, status, UTR, status message and times.',
  formats: ['csv', 'xlsx', 'json', 'pdf'],
  list: PAYOUTS_LIST,
  filters: {
    status: PAYOUT_STATUSES,
    transfer_type: TRANSFER_TYPES,
    amount_min: null,
    amount_max: null,
    account_number: null,
  },
  columns: fileColumnsOf<typeof PAYOUTS_LIST, PayoutReportRow>(PAYOUTS_LIST, {
    created_at: (r) => r.createdAt,
    customer_reference_number: (r) => r.customerReferenceNumber,
    sender_account_number: (r) => r.senderAccountNumber,
    beneficiary_code: (r) => r.beneficiaryCode,
    beneficiary_name: (r) => r.beneficiaryName,
    beneficiary_account_number: (r) => r.beneficiaryAccountNumber,
    ifsc_code: (r) => r.ifsc,
    beneficiary_upi_id: (r) => r.upiId,
    transfer_type: (r) => r.transferType,
    purpose_message: (r) => r.purposeMessage,
    bank_reference_number: (r) => r.bankReferenceNumber,
    status_message: (r) => r.statusMessage,
    updated_at: (r) => r.updatedAt,
  }),
  count: (db, scope) => countPayoutReport(db, payoutFilter(scope)),
  pages: (db, scope, pageSize) => payoutReportPages(db, payoutFilter(scope), pageSize),
});

/** The statement's accounts: `account_number` may name several, comma-separated; default all of them. */
const statementScope = (s: ReportScope) => ({
  clientRef: s.clientRef,
  from: s.filter.from,
  to: s.filter.to,
  ...(s.params.account_number
    ? {
        accountNumbers: s.params.account_number
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      }
    : {}),
});

const consolidatedStatement = defineReport<StatementRow>({
  type: 'consolidated_statement',
  title: 'Consolidated account statement',
  description:
    'Every account of the client over the range, one after another: opening balance, every posting with the balance after it, closing balance.',
  formats: ['pdf', 'csv', 'xlsx', 'json'],
  list: { name: 'consolidated_statement', searchKeys: [], defaultRange: 'last7' },
  filters: { account_number: null },
  columns: [
    {
      key: 'account_number',
      header: 'account_number',
      label: 'Account number',
      kind: 'text',
      value: (r) => r.account_number,
    },
    {
      key: 'account_name',
      header: 'account_name',
      label: 'Account name',
      kind: 'text',
      value: (r) => r.account_name,
    },
    { key: 'line', header: 'line', label: 'Line', kind: 'text', value: (r) => r.line },
    { key: 'at', header: 'time', label: 'Time', kind: 'time', value: (r) => r.at },
    {
      key: 'transaction_id',
      header: 'transaction_id',
      label: 'Transaction ID',
      kind: 'text',
      value: (r) => r.transaction_id,
    },
    { key: 'category', header: 'category', label: 'Category', kind: 'text', value: (r) => r.category },
    {
      key: 'description',
      header: 'description',
      label: 'Description',
      kind: 'text',
      value: (r) => r.description,
    },
    { key: 'reference', header: 'reference', label: 'Reference', kind: 'text', value: (r) => r.reference },
    {
      key: 'bank_reference_number',
      header: 'bank_reference_number',
      label: 'UTR',
      kind: 'text',
      value: (r) => r.bank_reference_number,
    },
    { key: 'debit', header: 'debit', label: 'Debit', kind: 'money', value: (r) => r.debit },
    { key: 'credit', header: 'credit', label: 'Credit', kind: 'money', value: (r) => r.credit },
    { key: 'balance', header: 'balance', label: 'Balance', kind: 'money', value: (r) => r.balance },
  ],
  count: (db, s) => countStatement(db, statementScope(s)),
  pages: (db, s, n) => statementPages(db, statementScope(s), n),
  pdfSections: (r) => ({
    key: r.account_number,
    title: `${r.account_name} · ${r.account_number} (${r.account_kind.toLowerCase()})`,
  }),
});

export const moneyReportSources: AnyReportSource[] = [payoutsReport, consolidatedStatement];
