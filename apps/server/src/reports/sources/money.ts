import { SEARCH_KEYS } from '@meridian/contract';
import {
  countPayoutReport,
  PAYOUT_REPORT_STATUSES,
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
});

/** Payouts with beneficiary, amount, status, UTR and failure reason (the payouts list, in full). */
const payoutsReport = defineReport<PayoutReportRow>({
  type: 'payouts',
  title: 'Payouts report',
  description:
    'Every payout of the range, newest first: beneficiary, amount, transfer type, status, UTR, failure reason and times.',
  formats: ['csv', 'xlsx', 'json', 'pdf'],
  list: { name: 'payouts', searchKeys: SEARCH_KEYS.payouts, defaultRange: 'last7' },
  filters: { status: PAYOUT_REPORT_STATUSES, account_number: null },
  columns: [
    { key: 'created_at', header: 'created_at', kind: 'time', value: (r) => r.createdAt },
    { key: 'urn', header: 'meridian_urn', kind: 'text', value: (r) => r.urn },
    {
      key: 'customer_reference_number',
      header: 'customer_reference_number',
      kind: 'text',
      value: (r) => r.customerReferenceNumber,
    },
    { key: 'kind', header: 'kind', kind: 'text', value: (r) => r.kind },
    {
      key: 'sender_account_number',
      header: 'sender_account_number',
      kind: 'text',
      value: (r) => r.senderAccountNumber,
    },
    { key: 'beneficiary_code', header: 'beneficiary_code', kind: 'text', value: (r) => r.beneficiaryCode },
    { key: 'beneficiary_name', header: 'beneficiary_name', kind: 'text', value: (r) => r.beneficiaryName },
    {
      key: 'beneficiary_account_number',
      header: 'beneficiary_account_number',
      kind: 'text',
      value: (r) => r.beneficiaryAccountNumber,
    },
    { key: 'ifsc_code', header: 'ifsc_code', kind: 'text', value: (r) => r.ifsc },
    { key: 'beneficiary_upi_id', header: 'beneficiary_upi_id', kind: 'text', value: (r) => r.upiId },
    { key: 'amount', header: 'amount', kind: 'money', value: (r) => r.amount },
    { key: 'transfer_type', header: 'transfer_type', kind: 'text', value: (r) => r.transferType },
    { key: 'purpose_message', header: 'purpose_message', kind: 'text', value: (r) => r.purposeMessage },
    { key: 'status', header: 'status', kind: 'text', value: (r) => r.status },
    {
      key: 'bank_reference_number',
      header: 'bank_reference_number',
      kind: 'text',
      value: (r) => r.bankReferenceNumber,
    },
    {
      key: 'failure_reason',
      header: 'failure_reason',
      kind: 'text',
      value: (r) => (r.status === 'SUCCESS' || r.status === 'PENDING' ? null : r.statusMessage),
    },
    { key: 'updated_at', header: 'updated_at', kind: 'time', value: (r) => r.updatedAt },
  ],
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
    { key: 'account_number', header: 'account_number', kind: 'text', value: (r) => r.account_number },
    { key: 'account_name', header: 'account_name', kind: 'text', value: (r) => r.account_name },
    { key: 'line', header: 'line', kind: 'text', value: (r) => r.line },
    { key: 'at', header: 'time', kind: 'time', value: (r) => r.at },
    { key: 'transaction_id', header: 'transaction_id', kind: 'text', value: (r) => r.transaction_id },
    { key: 'category', header: 'category', kind: 'text', value: (r) => r.category },
    { key: 'description', header: 'description', kind: 'text', value: (r) => r.description },
    { key: 'reference', header: 'reference', kind: 'text', value: (r) => r.reference },
    {
      key: 'bank_reference_number',
      header: 'bank_reference_number',
      kind: 'text',
      value: (r) => r.bank_reference_number,
    },
    { key: 'debit', header: 'debit', kind: 'money', value: (r) => r.debit },
    { key: 'credit', header: 'credit', kind: 'money', value: (r) => r.credit },
    { key: 'balance', header: 'balance', kind: 'money', value: (r) => r.balance },
  ],
  count: (db, s) => countStatement(db, statementScope(s)),
  pages: (db, s, n) => statementPages(db, statementScope(s), n),
  pdfSections: (r) => ({
    key: r.account_number,
    title: `${r.account_name} · ${r.account_number} (${r.account_kind.toLowerCase()})`,
  }),
});

export const moneyReportSources: AnyReportSource[] = [payoutsReport, consolidatedStatement];
