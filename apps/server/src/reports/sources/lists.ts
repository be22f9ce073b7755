import { BENEFICIARIES_LIST, VALIDATIONS_LIST } from '@meridian/contract';
import { ACCOUNT_SEARCH_KEYS, VA_CREDIT_STATUSES } from '@meridian/contract/accounts';
import { AUDIT_LOG_SEARCH_KEYS } from '@meridian/contract/audit-log';
import { AUDIT_ADMIN_MESSAGE } from '../../audit-log/routes.ts';
import { auditReportPages, countAuditRecords } from '../../audit-log/queries.ts';
import { beneficiaryReportPages, countBeneficiaries } from '../../beneficiaries/queries.ts';
import { countValidations, validationReportPages } from '../../validations/queries.ts';
import {
  countCreditReport,
  countVirtualAccounts,
  creditReportPages,
  virtualAccountReportPages,
  type CreditModes,
  type CreditParams,
} from '../../virtual-accounts/queries.ts';
import type { ListFilter } from '../../lists/list-query.ts';
import { fileColumnsOf } from '../../lists/register-list.ts';
import { defineReport, type AnyReportSource, type PageRow, type ReportScope } from '../source.ts';

/**
 * Reports over lists the product already has: each reads its list's own filter (the same `where`) in keyset
 * pages and counts with the list's own count, so a report has exactly the rows its list screen counts.
 */
const listFilter = (scope: ReportScope): ListFilter => ({ ...scope.filter, limit: 0, offset: 0 });
const listScope = (scope: ReportScope) => ({
  clientRef: scope.clientRef,
  filter: listFilter(scope),
  params: {},
});

type BeneficiaryReportRow = PageRow<typeof beneficiaryReportPages>;
type ValidationReportRow = PageRow<typeof validationReportPages>;
/** The beneficiaries' and validations' filters as their lists take them. */
const filteredScope = (scope: ReportScope) => ({
  ...listScope(scope),
  params: { status: scope.params.status, transfer_type: scope.params.transfer_type },
});

/** The beneficiaries list's columns, then the latest validation (penny drop) of the beneficiary's account. */
const beneficiariesReport = defineReport<BeneficiaryReportRow>({
  type: 'beneficiaries',
  title: 'Beneficiary report',
  description:
    'Beneficiaries added in the range with their bank details, status and the latest validation (penny drop) of their account.',
  formats: ['csv', 'xlsx', 'json'],
  list: BENEFICIARIES_LIST,
  filters: {
    status: BENEFICIARIES_LIST.filters.status.values,
    transfer_type: BENEFICIARIES_LIST.filters.transfer_type.values,
  },
  columns: [
    ...fileColumnsOf<typeof BENEFICIARIES_LIST, BeneficiaryReportRow>(BENEFICIARIES_LIST),
    {
      key: 'validation_status',
      header: 'validation_status',
      label: 'Validation status',
      kind: 'text',
      value: (r) => r.validation?.status ?? 'NOT_VALIDATED',
    },
    {
      key: 'registered_name',
      header: 'registered_name',
      label: 'Registered name',
      kind: 'text',
      value: (r) => r.validation?.registered_name,
    },
    {
      key: 'name_match_score',
      header: 'name_match_score',
      label: 'Name match',
      kind: 'number',
      value: (r) => r.validation?.name_match_score,
    },
    {
      key: 'validated_at',
      header: 'validated_at',
      label: 'Validated',
      kind: 'time',
      value: (r) => r.validation?.created_at,
    },
  ],
  count: (db, scope) => countBeneficiaries(db, filteredScope(scope)),
  pages: (db, scope, n) => beneficiaryReportPages(db, filteredScope(scope), n),
});

/** The validations list, in full. */
const validationReport = defineReport<ValidationReportRow>({
  type: 'validation_mis',
  title: 'Validation account MIS',
  description:
    'Every bank-account validation (penny drop) of the range: account, IFSC, bank, status, the holder name at the bank, name-match score and fee.',
  formats: ['csv', 'xlsx', 'json'],
  list: VALIDATIONS_LIST,
  filters: { status: VALIDATIONS_LIST.filters.status.values },
  columns: fileColumnsOf<typeof VALIDATIONS_LIST, ValidationReportRow>(VALIDATIONS_LIST),
  count: (db, scope) => countValidations(db, filteredScope(scope)),
  pages: (db, scope, n) => validationReportPages(db, filteredScope(scope), n),
});

const auditReport = defineReport<PageRow<typeof auditReportPages>>({
  type: 'audit',
  title: 'Audit report',
  description:
    'Every audit record of the range: who did what, when, from which address, with the before and after of configuration changes.',
  formats: ['csv', 'xlsx', 'json'],
  list: { name: 'audit_log', searchKeys: AUDIT_LOG_SEARCH_KEYS, defaultRange: 'last7' },
  role: { name: 'admin', message: AUDIT_ADMIN_MESSAGE },
  columns: [
    { key: 'created_at', header: 'created_at', kind: 'time', value: (r) => r.created_at },
    { key: 'audit_id', header: 'audit_id', kind: 'text', value: (r) => r.audit_id },
    { key: 'actor', header: 'actor', kind: 'text', value: (r) => r.actor },
    { key: 'action', header: 'action', kind: 'text', value: (r) => r.action },
    { key: 'object_id', header: 'object_id', kind: 'text', value: (r) => r.object_id },
    { key: 'ip', header: 'ip', kind: 'text', value: (r) => r.ip },
    { key: 'request_id', header: 'request_id', kind: 'text', value: (r) => r.request_id },
    {
      key: 'metadata',
      header: 'metadata',
      kind: 'text',
      value: (r) => (r.metadata ? JSON.stringify(r.metadata) : null),
    },
  ],
  count: (db, scope) => countAuditRecords(db, listScope(scope)),
  pages: (db, scope, n) => auditReportPages(db, listScope(scope), n),
});

const virtualAccountsReport = defineReport<PageRow<typeof virtualAccountReportPages>>({
  type: 'virtual_accounts',
  title: 'Virtual accounts report',
  description:
    'Virtual accounts opened in the range with their customer, status, balance, total collected and number of credits.',
  formats: ['csv', 'xlsx', 'json'],
  list: { name: 'virtual-accounts', searchKeys: ACCOUNT_SEARCH_KEYS.virtual_accounts, defaultRange: 'last7' },
  columns: [
    { key: 'created_at', header: 'created_at', kind: 'time', value: (r) => r.created_at },
    { key: 'account_number', header: 'account_number', kind: 'text', value: (r) => r.account_number },
    { key: 'ifsc', header: 'ifsc', kind: 'text', value: (r) => r.ifsc },
    { key: 'upi_id', header: 'upi_id', kind: 'text', value: (r) => r.upi_id },
    { key: 'name', header: 'name', kind: 'text', value: (r) => r.name },
    { key: 'customer_id', header: 'customer_id', kind: 'text', value: (r) => r.customer_id },
    { key: 'status', header: 'status', kind: 'text', value: (r) => r.status },
    { key: 'expected_amount', header: 'expected_amount', kind: 'money', value: (r) => r.expected_amount },
    { key: 'expires_at', header: 'expires_at', kind: 'time', value: (r) => r.expires_at },
    { key: 'balance', header: 'balance', kind: 'money', value: (r) => r.balance },
    { key: 'total_collected', header: 'total_collected', kind: 'money', value: (r) => r.total_collected },
    { key: 'credits_count', header: 'credits_count', kind: 'number', value: (r) => r.credits_count },
  ],
  count: (db, scope) => countVirtualAccounts(db, listScope(scope)),
  pages: (db, scope, n) => virtualAccountReportPages(db, listScope(scope), n),
});

/** The MIS files over virtual-account credits: all of them (VBA MIS), bank transfers (e-collect), UPI. */
function creditsReport(
  type: 'vba_mis' | 'ecollect_mis' | 'upi_mis',
  modes: CreditModes,
  title: string,
  description: string,
) {
  const scope = (s: ReportScope) => ({
    clientRef: s.clientRef,
    filter: listFilter(s),
    params: { status: s.params.status as CreditParams['status'] },
  });
  return defineReport<PageRow<typeof creditReportPages>>({
    type,
    title,
    description,
    formats: ['csv', 'xlsx', 'json'],
    list: {
      name: 'virtual-account-credits',
      searchKeys: ['bank_reference_number', 'virtual_account_number'],
      defaultRange: 'last7',
    },
    filters: { status: VA_CREDIT_STATUSES },
    columns: [
      { key: 'created_at', header: 'credited_at', kind: 'time', value: (r) => r.created_at },
      { key: 'urn', header: 'meridian_urn', kind: 'text', value: (r) => r.urn },
      {
        key: 'virtual_account_number',
        header: 'virtual_account_number',
        kind: 'text',
        value: (r) => r.virtual_account_number,
      },
      { key: 'customer_id', header: 'customer_id', kind: 'text', value: (r) => r.customer_id },
      { key: 'mode', header: 'mode', kind: 'text', value: (r) => r.mode },
      { key: 'amount', header: 'amount', kind: 'money', value: (r) => r.amount },
      { key: 'bank_reference_number', header: 'utr', kind: 'text', value: (r) => r.bank_reference_number },
      { key: 'remitter_name', header: 'remitter_name', kind: 'text', value: (r) => r.remitter_name },
      {
        key: 'remitter_account_number',
        header: 'remitter_account_number',
        kind: 'text',
        value: (r) => r.remitter_account_number,
      },
      { key: 'remitter_ifsc', header: 'remitter_ifsc', kind: 'text', value: (r) => r.remitter_ifsc },
      { key: 'remitter_upi_id', header: 'remitter_upi_id', kind: 'text', value: (r) => r.remitter_upi_id },
      { key: 'status', header: 'status', kind: 'text', value: (r) => r.status },
      { key: 'return_reason', header: 'return_reason', kind: 'text', value: (r) => r.return_reason },
      { key: 'transaction_id', header: 'transaction_id', kind: 'text', value: (r) => r.transaction_id },
    ],
    count: (db, s) => countCreditReport(db, scope(s), modes),
    pages: (db, s, n) => creditReportPages(db, scope(s), modes, n),
  });
}

export const listReportSources: AnyReportSource[] = [
  beneficiariesReport,
  virtualAccountsReport,
  creditsReport(
    'vba_mis',
    null,
    'VBA MIS',
    'Every credit into a virtual account in the range (remitter, mode, UTR, amount, customer id, returned ones with their reason): the bank MIS finance reconciles against.',
  ),
  creditsReport(
    'ecollect_mis',
    ['NEFT', 'RTGS', 'IMPS'],
    'E-collect MIS',
    'Credits into virtual accounts by bank transfer (NEFT, RTGS, IMPS) in the range, with remitter, UTR and status.',
  ),
  creditsReport(
    'upi_mis',
    ['UPI'],
    'UPI MIS',
    "Credits into virtual accounts by UPI in the range, with the payer's UPI id, UTR and status.",
  ),
  validationReport,
  auditReport,
];
