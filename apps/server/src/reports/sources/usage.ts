import { FABRIC_CALL_STATUSES, FABRIC_PRODUCTS } from '@meridian/contract';
import { API_USAGE_SEARCH_KEYS } from '@meridian/contract/reports';
import { creditConsumption } from '../../credits/consumption.ts';
import {
  apiUsagePages,
  countFabricReport,
  fabricReportPages,
  type FabricReportScope,
} from '../../fabric/report.ts';
import { defineReport, type AnyReportSource, type PageRow, type ReportScope } from '../source.ts';

/** KYC calls, API usage and credit consumption: what fabric's metered calls cost. */
const fabricScope = (s: ReportScope): FabricReportScope => ({
  clientRef: s.clientRef,
  filter: s.filter,
  product: s.params.product,
  status: s.params.status,
});

const fabricReport = defineReport<PageRow<typeof fabricReportPages>>({
  type: 'fabric',
  title: 'Fabric report',
  description:
    'Every KYC call of the range across products, masked as the logs are: product, status, result, references, credits charged, channel and latency.',
  formats: ['csv', 'xlsx', 'json'],
  list: { name: 'fabric', searchKeys: ['{product}_urn', 'customer_reference_number'], defaultRange: 'last7' },
  filters: { product: FABRIC_PRODUCTS, status: FABRIC_CALL_STATUSES },
  columns: [
    { key: 'created_at', header: 'created_at', kind: 'time', value: (r) => r.created_at },
    { key: 'urn', header: 'meridian_urn', kind: 'text', value: (r) => r.urn },
    { key: 'product', header: 'product', kind: 'text', value: (r) => r.product },
    { key: 'status', header: 'status', kind: 'text', value: (r) => r.status },
    { key: 'result_code', header: 'result_code', kind: 'text', value: (r) => r.result_code },
    { key: 'message', header: 'message', kind: 'text', value: (r) => r.message },
    {
      key: 'customer_reference_number',
      header: 'customer_reference_number',
      kind: 'text',
      value: (r) => r.customer_reference_number,
    },
    { key: 'reference_id', header: 'reference_id', kind: 'text', value: (r) => r.reference_id },
    { key: 'transaction_id', header: 'transaction_id', kind: 'text', value: (r) => r.transaction_id },
    { key: 'credits', header: 'credits', kind: 'number', value: (r) => r.credits },
    { key: 'channel', header: 'channel', kind: 'text', value: (r) => r.channel },
    { key: 'latency_ms', header: 'latency_ms', kind: 'number', value: (r) => r.latency_ms },
    { key: 'updated_at', header: 'updated_at', kind: 'time', value: (r) => r.updated_at },
  ],
  count: (db, s) => countFabricReport(db, fabricScope(s)),
  pages: (db, s, n) => fabricReportPages(db, fabricScope(s), n),
});

const apiUsageReport = defineReport<PageRow<typeof apiUsagePages>>({
  type: 'api_usage',
  title: 'API usage',
  description:
    'Every metered API call of the range with its API, product, status, credits, channel and latency.',
  formats: ['csv', 'xlsx', 'json'],
  list: { name: 'api_usage', searchKeys: API_USAGE_SEARCH_KEYS, defaultRange: 'last7' },
  filters: { product: FABRIC_PRODUCTS },
  columns: [
    { key: 'created_at', header: 'created_at', kind: 'time', value: (r) => r.created_at },
    { key: 'urn', header: 'meridian_urn', kind: 'text', value: (r) => r.urn },
    { key: 'api_name', header: 'api_name', kind: 'text', value: (r) => r.api_name },
    { key: 'product', header: 'product', kind: 'text', value: (r) => r.product },
    { key: 'status', header: 'status', kind: 'text', value: (r) => r.status },
    { key: 'credits', header: 'credits', kind: 'number', value: (r) => r.credits },
    { key: 'channel', header: 'channel', kind: 'text', value: (r) => r.channel },
    { key: 'latency_ms', header: 'latency_ms', kind: 'number', value: (r) => r.latency_ms },
    {
      key: 'customer_reference_number',
      header: 'customer_reference_number',
      kind: 'text',
      value: (r) => r.customer_reference_number,
    },
  ],
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
    { key: 'date', header: 'date', kind: 'date', value: (r) => r.date },
    { key: 'product', header: 'product', kind: 'text', value: (r) => r.product ?? '(loads and unloads)' },
    { key: 'used', header: 'credits_used', kind: 'number', value: (r) => r.used },
    { key: 'loaded', header: 'credits_loaded', kind: 'number', value: (r) => r.loaded },
    { key: 'unloaded', header: 'credits_unloaded', kind: 'number', value: (r) => r.unloaded },
    { key: 'balance', header: 'closing_balance', kind: 'number', value: (r) => r.balance },
  ],
  count: async (db, s) => (await creditConsumption(db, consumptionScope(s))).length,
  async *pages(db, s) {
    const rows = await creditConsumption(db, consumptionScope(s));
    if (rows.length) yield rows;
  },
});

export const usageReportSources: AnyReportSource[] = [fabricReport, apiUsageReport, creditConsumptionReport];
