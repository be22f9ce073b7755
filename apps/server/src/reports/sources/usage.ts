import {
  API_USAGE_LIST,
  FABRIC_CALL_STATUSES,
  FABRIC_LISTS,
  FABRIC_PRODUCTS,
} from '@meridian/contract/fabric';
import { creditConsumption } from '../../credits/consumption.ts';
import {
  apiUsagePages,
  countFabricReport,
  fabricReportPages,
  type FabricReportScope,
} from '../../fabric/report.ts';
import { fileColumnsOf } from '../../lists/register-list.ts';
import { defineReport, type AnyReportSource, type PageRow, type ReportScope } from '../source.ts';

/** KYC calls, API usage and credit consumption: what fabric's metered calls cost. */
const fabricScope = (s: ReportScope): FabricReportScope => ({
  clientRef: s.clientRef,
  filter: s.filter,
  product: s.params.product,
  status: s.params.status,
});

type FabricReportRow = PageRow<typeof fabricReportPages>;

/**
 * Every product's calls in one file. A product's calls (`product`) are its log's rows: every log has the same
 * columns (FABRIC_LISTS), written here with the logs' headers.
 */
const fabricReport = defineReport<FabricReportRow>({
  type: 'fabric',
  title: 'Fabric report',
  description:
    'Every KYC call of the range across products, masked as the logs are: product, status, result, references, credits charged, channel and latency.',
  formats: ['csv', 'xlsx', 'json'],
  list: {
    name: 'fabric',
    searchKeys: [
      { key: '{product}_urn', label: 'URN' },
      { key: 'customer_reference_number', label: 'Customer reference' },
    ],
    defaultRange: 'last7',
  },
  filters: { product: FABRIC_PRODUCTS, status: FABRIC_CALL_STATUSES },
  columns: fileColumnsOf<(typeof FABRIC_LISTS)['text-match'], FabricReportRow>(FABRIC_LISTS['text-match']),
  count: (db, s) => countFabricReport(db, fabricScope(s)),
  pages: (db, s, n) => fabricReportPages(db, fabricScope(s), n),
});

type ApiUsageReportRow = PageRow<typeof apiUsagePages>;

/** The API usage list (API_USAGE_LIST), in full. */
const apiUsageReport = defineReport<ApiUsageReportRow>({
  type: 'api_usage',
  title: 'API usage',
  description:
    'Every metered API call of the range with its API, product, status, credits, channel and latency.',
  formats: ['csv', 'xlsx', 'json'],
  list: API_USAGE_LIST,
  filters: {
    product: API_USAGE_LIST.filters.product.values,
    status: API_USAGE_LIST.filters.status.values,
  },
  columns: fileColumnsOf<typeof API_USAGE_LIST, ApiUsageReportRow>(API_USAGE_LIST),
  count: (db, s) => countFabricReport(db, fabricScope(s)),
  pages: (db, s, n) => apiUsagePages(db, fabricScope(s), n),
});

type ConsumptionRow = Awaited<ReturnType<typeof creditConsumption>>[number];
const consumptionScope = (s: ReportScope) => ({
  clientRef: s.clientRef,
  from: s.filter.from,
  to: s.filter.to,
  timeZone: s.filter.timeZone,
});

/** At most a row per day (≤ 366) and product: one bounded aggregate, read in one page. */
const creditConsumptionReport = defineReport<ConsumptionRow>({
  type: 'credit_consumption',
  title: 'Credit consumption',
  description:
    'Credits used per product per day, the day’s loads and unloads, and the credit balance at the end of each day, oldest day first.',
  formats: ['csv', 'xlsx', 'json'],
  list: { name: 'credit_consumption', searchKeys: [], defaultRange: 'last7' },
  columns: [
    { key: 'date', header: 'date', label: 'Date', kind: 'date', value: (r) => r.date },
    {
      key: 'product',
      header: 'product',
      label: 'Product',
      kind: 'text',
      value: (r) => r.product ?? '(loads and unloads)',
    },
    { key: 'used', header: 'credits_used', label: 'Credits used', kind: 'number', value: (r) => r.used },
    {
      key: 'loaded',
      header: 'credits_loaded',
      label: 'Credits loaded',
      kind: 'number',
      value: (r) => r.loaded,
    },
    {
      key: 'unloaded',
      header: 'credits_unloaded',
      label: 'Credits unloaded',
      kind: 'number',
      value: (r) => r.unloaded,
    },
    {
      key: 'balance',
      header: 'closing_balance',
      label: 'Closing balance',
      kind: 'number',
      value: (r) => r.balance,
    },
  ],
  count: async (db, s) => (await creditConsumption(db, consumptionScope(s))).length,
  async *pages(db, s) {
    const rows = await creditConsumption(db, consumptionScope(s));
    if (rows.length) yield rows;
  },
});

export const usageReportSources: AnyReportSource[] = [fabricReport, apiUsageReport, creditConsumptionReport];
