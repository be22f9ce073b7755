import {
  MANDATE_PRESENTATIONS_LIST,
  MANDATE_REGISTRATIONS_LIST,
  PRESENTATION_STATUSES,
  type MandateType,
} from '@meridian/contract/mandates';
import { PAYMENT_LINK_STATUSES } from '@meridian/contract/payment-links';
import { SETTLEMENTS_LIST } from '@meridian/contract/accounts';
import type { Db } from '../../db/database.ts';
import {
  countMandates,
  countPresentations,
  mandateReportPages,
  presentationReportPages,
} from '../../mandates/queries.ts';
import { countPaymentLinks, paymentLinkReportPages } from '../../payment-links/queries.ts';
import { countSettlements, settlementReportPages } from '../../settlements/queries.ts';
import type { ListFilter } from '../../lists/list-query.ts';
import { fileColumnsOf } from '../../lists/register-list.ts';
import { defineReport, type AnyReportSource, type PageRow, type ReportScope } from '../source.ts';

/**
 * Money collected from customers: collection requests (payment links and mandate debits in one report), the
 * NACH and UPI-autopay MIS files and the commission-settlement report.
 */

/** The providers that carry collection requests (the report's and the screen's provider filter). */
export const COLLECTION_PROVIDERS = [
  { provider: 'meridian_payment_links', label: 'Payment links (UPI and bank transfer)' },
  { provider: 'meridian_nach', label: 'NACH debits' },
  { provider: 'meridian_upi_autopay', label: 'UPI autopay debits' },
] as const;
type Provider = (typeof COLLECTION_PROVIDERS)[number]['provider'];

const listFilter = (s: ReportScope): ListFilter => ({ ...s.filter, limit: 0, offset: 0 });
const scopeWith = <P>(s: ReportScope, params: P) => ({
  clientRef: s.clientRef,
  filter: listFilter(s),
  params,
});

type CollectionRow = {
  kind: 'PAYMENT_LINK' | 'MANDATE_DEBIT';
  provider: Provider;
  urn: string;
  customer_reference_number: string;
  customer_name: string | null;
  amount: string | null;
  status: string;
  bank_reference_number: string | null;
  created_at: string;
  completed_at: string | null;
};

const includes = (list: readonly string[], v: string | undefined) => v === undefined || list.includes(v);

/** The two kinds' scopes, or null for a kind the filters exclude (another provider, a status it has not). */
function collectionScopes(s: ReportScope) {
  const { provider, status } = s.params;
  const links =
    (!provider || provider === 'meridian_payment_links') && includes(PAYMENT_LINK_STATUSES, status)
      ? scopeWith(s, { status: status as (typeof PAYMENT_LINK_STATUSES)[number] | undefined })
      : null;
  const debitType: MandateType | undefined =
    provider === 'meridian_nach' ? 'NACH' : provider === 'meridian_upi_autopay' ? 'UPI_AUTOPAY' : undefined;
  const debits =
    (!provider || debitType) && includes(PRESENTATION_STATUSES, status)
      ? scopeWith(s, { status, mandate_type: debitType })
      : null;
  return { links, debits };
}

async function* linkRows(db: Db, s: ReportScope, pageSize: number): AsyncGenerator<CollectionRow> {
  const { links } = collectionScopes(s);
  if (!links) return;
  for await (const page of paymentLinkReportPages(db, links, pageSize))
    for (const l of page)
      yield {
        kind: 'PAYMENT_LINK',
        provider: 'meridian_payment_links',
        urn: l.urn,
        customer_reference_number: l.customer_reference_number,
        customer_name: l.customer_name,
        amount: l.paid_amount ?? l.amount,
        status: l.status,
        bank_reference_number: l.bank_reference_number,
        created_at: l.created_at,
        completed_at: l.paid_at ?? l.cancelled_at,
      };
}

async function* debitRows(db: Db, s: ReportScope, pageSize: number): AsyncGenerator<CollectionRow> {
  const { debits } = collectionScopes(s);
  if (!debits) return;
  for await (const page of presentationReportPages(db, debits, pageSize))
    for (const p of page)
      yield {
        kind: 'MANDATE_DEBIT',
        provider: p.mandate_type === 'NACH' ? 'meridian_nach' : 'meridian_upi_autopay',
        urn: p.urn,
        customer_reference_number: p.customer_reference_number,
        customer_name: p.customer_name,
        amount: p.amount,
        status: p.status,
        bank_reference_number: p.bank_reference_number,
        created_at: p.created_at,
        completed_at: p.status === 'PENDING' ? null : p.updated_at,
      };
}

/** Two newest-first streams merged newest first, in pages: each stream is read by keyset as it is consumed. */
async function* mergeNewestFirst(
  a: AsyncGenerator<CollectionRow>,
  b: AsyncGenerator<CollectionRow>,
  pageSize: number,
): AsyncGenerator<CollectionRow[]> {
  let [x, y] = await Promise.all([a.next(), b.next()]);
  let page: CollectionRow[] = [];
  while (!x.done || !y.done) {
    const takeX = !x.done && (y.done || x.value.created_at >= y.value.created_at);
    page.push(takeX ? x.value! : y.value!);
    if (takeX) x = await a.next();
    else y = await b.next();
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

const collectionRequests = defineReport<CollectionRow>({
  type: 'collection_requests',
  title: 'Collection requests',
  description:
    'Every request to collect money in the range — payment links and e-mandate debits — with its status, amount and the provider that carried it.',
  formats: ['csv', 'xlsx', 'json'],
  list: {
    name: 'collection_requests',
    searchKeys: [
      { key: '{product}_urn', label: 'URN' },
      { key: 'customer_reference_number', label: 'Customer reference' },
    ],
    defaultRange: 'last7',
  },
  filterValueLabels: { provider: Object.fromEntries(COLLECTION_PROVIDERS.map((p) => [p.provider, p.label])) },
  filters: {
    provider: COLLECTION_PROVIDERS.map((p) => p.provider),
    status: [...new Set([...PAYMENT_LINK_STATUSES, ...PRESENTATION_STATUSES])],
  },
  columns: [
    { key: 'created_at', header: 'created_at', label: 'Created', kind: 'time', value: (r) => r.created_at },
    { key: 'kind', header: 'kind', label: 'Kind', kind: 'text', value: (r) => r.kind },
    { key: 'provider', header: 'provider', label: 'Provider', kind: 'text', value: (r) => r.provider },
    { key: 'urn', header: 'meridian_urn', label: 'URN', kind: 'text', value: (r) => r.urn },
    {
      key: 'customer_reference_number',
      header: 'customer_reference_number',
      label: 'Customer reference',
      kind: 'text',
      value: (r) => r.customer_reference_number,
    },
    {
      key: 'customer_name',
      header: 'customer_name',
      label: 'Customer',
      kind: 'text',
      value: (r) => r.customer_name,
    },
    { key: 'amount', header: 'amount', label: 'Amount', kind: 'money', value: (r) => r.amount },
    { key: 'status', header: 'status', label: 'Status', kind: 'text', value: (r) => r.status },
    {
      key: 'bank_reference_number',
      header: 'bank_reference_number',
      label: 'UTR',
      kind: 'text',
      value: (r) => r.bank_reference_number,
    },
    {
      key: 'completed_at',
      header: 'completed_at',
      label: 'Completed',
      kind: 'time',
      value: (r) => r.completed_at,
    },
  ],
  async count(db, s) {
    const { links, debits } = collectionScopes(s);
    const [l, d] = await Promise.all([
      links ? countPaymentLinks(db, links) : 0,
      debits ? countPresentations(db, debits) : 0,
    ]);
    return l + d;
  },
  pages: (db, s, n) => mergeNewestFirst(linkRows(db, s, n), debitRows(db, s, n), n),
});

type DebitReportRow = PageRow<typeof presentationReportPages>;

/** The debits list's rows of one mandate type, with their mandate's UMRN and payer (account number or VPA). */
function debitsReport(type: 'nach_presentation_mis' | 'upi_autopay_mis', mandateType: MandateType) {
  const scope = (s: ReportScope) =>
    scopeWith(s, {
      status: s.params.status,
      mandate_type: mandateType,
      amount_min: s.params.amount_min,
      amount_max: s.params.amount_max,
    });
  return defineReport<DebitReportRow>({
    type,
    title: mandateType === 'NACH' ? 'NACH presentation MIS' : 'UPI autopay MIS',
    description:
      mandateType === 'NACH'
        ? 'Every NACH debit presented in the range with its mandate, UMRN, payer account, amount, status, bounce reason and UTR.'
        : 'Every UPI-autopay debit presented in the range with its mandate, UMRN, payer VPA, amount, status, decline reason and UTR.',
    formats: ['csv', 'xlsx', 'json'],
    list: MANDATE_PRESENTATIONS_LIST,
    filters: { status: PRESENTATION_STATUSES, amount_min: null, amount_max: null },
    columns: [
      ...fileColumnsOf<typeof MANDATE_PRESENTATIONS_LIST, DebitReportRow>(MANDATE_PRESENTATIONS_LIST),
      { key: 'umrn', header: 'umrn', label: 'UMRN', kind: 'text', value: (r) => r.umrn },
      {
        key: 'payer',
        header: mandateType === 'NACH' ? 'payer_account_number' : 'payer_vpa',
        label: mandateType === 'NACH' ? 'Payer account' : 'Payer VPA',
        kind: 'text',
        value: (r) => r.payer,
      },
    ],
    count: (db, s) => countPresentations(db, scope(s)),
    pages: (db, s, n) => presentationReportPages(db, scope(s), n),
  });
}

/** The registrations list's NACH rows. */
const nachScope = (s: ReportScope) => scopeWith(s, { status: s.params.status, type: 'NACH' as const });
const nachRegistrations = defineReport<PageRow<typeof mandateReportPages>>({
  type: 'nach_registration_mis',
  title: 'NACH registration MIS',
  description:
    'Every NACH mandate registered in the range with its status, UMRN, payer account and bank, limit, frequency and dates.',
  formats: ['csv', 'xlsx', 'json'],
  list: MANDATE_REGISTRATIONS_LIST,
  filters: { status: MANDATE_REGISTRATIONS_LIST.filters.status.values },
  columns: fileColumnsOf<typeof MANDATE_REGISTRATIONS_LIST, PageRow<typeof mandateReportPages>>(
    MANDATE_REGISTRATIONS_LIST,
  ),
  count: (db, s) => countMandates(db, nachScope(s)),
  pages: (db, s, n) => mandateReportPages(db, nachScope(s), n),
});

/** The settlement history's filters as the report takes them (status, amount range). */
const settlementScope = (s: ReportScope) =>
  scopeWith(s, { status: s.params.status, amount_min: s.params.amount_min, amount_max: s.params.amount_max });

const commissionSettlement = defineReport<PageRow<typeof settlementReportPages>>({
  type: 'commission_settlement',
  title: 'Commission and settlement report',
  description:
    'Every settlement of the range (the settlement history, in full): the virtual account swept, the settlement account paid, amount, status, payout and UTR, cycle and window.',
  formats: ['csv', 'xlsx', 'json'],
  list: SETTLEMENTS_LIST,
  filters: { status: SETTLEMENTS_LIST.filters.status.values, amount_min: null, amount_max: null },
  columns: fileColumnsOf<typeof SETTLEMENTS_LIST, PageRow<typeof settlementReportPages>>(SETTLEMENTS_LIST),
  count: (db, s) => countSettlements(db, settlementScope(s)),
  pages: (db, s, n) => settlementReportPages(db, settlementScope(s), n),
});

export const collectionReportSources: AnyReportSource[] = [
  collectionRequests,
  nachRegistrations,
  debitsReport('nach_presentation_mis', 'NACH'),
  debitsReport('upi_autopay_mis', 'UPI_AUTOPAY'),
  commissionSettlement,
];
