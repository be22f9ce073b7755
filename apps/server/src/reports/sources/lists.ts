import { BENEFICIARIES_LIST, VALIDATIONS_LIST } from '@meridian/contract/flow-lists';
import { VA_CREDITS_LIST, VIRTUAL_ACCOUNTS_LIST } from '@meridian/contract/accounts';
import { AUDIT_LOG_LIST } from '@meridian/contract/audit-log';
import { auditMetadataCell } from '../../audit-log/routes.ts';
import { auditReportPages, countAuditRecords } from '../../audit-log/queries.ts';
import { beneficiaryReportPages, countBeneficiaries } from '../../beneficiaries/queries.ts';
import { countValidations, validationReportPages } from '../../validations/queries.ts';
import {
  allowedPayersCell,
  countCreditReport,
  countVirtualAccounts,
  creditReportPages,
  virtualAccountReportPages,
  type CreditModes,
} from '../../virtual-accounts/queries.ts';
import type { Db } from '../../db/database.ts';
import { companyOf } from '../../db/tenants.ts';
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

/**
 * The audit log is the company's (both modes write to it, as its list shows it), whatever the mode the report was
 * asked in; its mode filter as the report takes it.
 */
const auditScope = async (db: Db, scope: ReportScope) => ({
  ...listScope(scope),
  clientRef: await companyOf(db, scope.clientRef),
  params: { mode: scope.params.mode },
});
async function* auditPages(db: Db, scope: ReportScope, pageSize: number) {
  yield* auditReportPages(db, await auditScope(db, scope), pageSize);
}

const auditReport = defineReport<PageRow<typeof auditReportPages>>({
  type: 'audit',
  title: 'Audit report',
  description:
    'Every audit record of the range (the audit log, in full): who did what, when, from which address, with the before and after of configuration changes.',
  formats: ['csv', 'xlsx', 'json'],
  list: AUDIT_LOG_LIST,
  permission: 'audit.read',
  filters: { mode: AUDIT_LOG_LIST.filters.mode.values },
  columns: fileColumnsOf<typeof AUDIT_LOG_LIST, PageRow<typeof auditReportPages>>(AUDIT_LOG_LIST, {
    metadata: auditMetadataCell,
  }),
  count: async (db, scope) => countAuditRecords(db, await auditScope(db, scope)),
  pages: auditPages,
});

/** The virtual accounts list's status filter as the report takes it. */
const vaScope = (scope: ReportScope) => ({ ...listScope(scope), params: { status: scope.params.status } });

const virtualAccountsReport = defineReport<PageRow<typeof virtualAccountReportPages>>({
  type: 'virtual_accounts',
  title: 'Virtual accounts report',
  description:
    'Virtual accounts opened in the range (the virtual accounts list, in full) with their customer, status, balance, total collected and number of credits.',
  formats: ['csv', 'xlsx', 'json'],
  list: VIRTUAL_ACCOUNTS_LIST,
  filters: { status: VIRTUAL_ACCOUNTS_LIST.filters.status.values },
  columns: fileColumnsOf<typeof VIRTUAL_ACCOUNTS_LIST, PageRow<typeof virtualAccountReportPages>>(
    VIRTUAL_ACCOUNTS_LIST,
    { allowed_payers: allowedPayersCell },
  ),
  count: (db, scope) => countVirtualAccounts(db, vaScope(scope)),
  pages: (db, scope, n) => virtualAccountReportPages(db, vaScope(scope), n),
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
    params: { status: s.params.status, amount_min: s.params.amount_min, amount_max: s.params.amount_max },
  });
  return defineReport<PageRow<typeof creditReportPages>>({
    type,
    title,
    description,
    formats: ['csv', 'xlsx', 'json'],
    list: VA_CREDITS_LIST,
    filters: { status: VA_CREDITS_LIST.filters.status.values, amount_min: null, amount_max: null },
    columns: fileColumnsOf<typeof VA_CREDITS_LIST, PageRow<typeof creditReportPages>>(VA_CREDITS_LIST),
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
