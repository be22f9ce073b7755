import { z } from 'zod';
import { CalendarDate } from './flow.ts';
import { defineList } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * Reports: one engine on the server builds every downloadable report in the background (a pg-boss job) and
 * streams it into a file kept 30 days; the history lists them. Every `/reports/*` screen and every list's export
 * go through it. Times travel as ISO 8601 (UTC) in these answers; inside a report they are in its `time_zone`.
 */

export const REPORT_TYPES = [
  'payouts',
  'beneficiaries',
  'virtual_accounts',
  'vba_mis',
  'fabric',
  'credit_consumption',
  'collection_requests',
  'consolidated_statement',
  'api_usage',
  'upi_mis',
  'ecollect_mis',
  'nach_presentation_mis',
  'nach_registration_mis',
  'upi_autopay_mis',
  'audit',
  'commission_settlement',
  'validation_mis',
] as const;
export const ReportType = z.enum(REPORT_TYPES, {
  error: `report_type is one of ${REPORT_TYPES.join(', ')}`,
});
export type ReportType = z.infer<typeof ReportType>;

export const REPORT_FORMATS = ['csv', 'xlsx', 'json', 'pdf'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS, {
  error: `format is one of ${REPORT_FORMATS.join(', ')}`,
});
export type ReportFormat = z.infer<typeof ReportFormat>;

export const REPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;
export const ReportStatus = z.enum(REPORT_STATUSES, {
  error: `status is one of ${REPORT_STATUSES.join(', ')}`,
});
export type ReportStatus = z.infer<typeof ReportStatus>;

/** At most this many reports of one client build at once; the next ones wait QUEUED (with their position). */
export const MAX_RUNNING_REPORTS = 5;
/** A report's file is kept this many days; after that its download answers 410. */
export const REPORT_RETENTION_DAYS = 30;
/** An XLSX sheet holds 1,048,576 rows: the header and this many data rows, then a new sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;
/** A list's export answers the file at once up to this many rows; above, it queues a report (202). */
export const IMMEDIATE_EXPORT_ROWS = 10_000;

/**
 * The filters a report takes beside the date range and the search (the same as its list screen). Which of them
 * a report type accepts is in its catalogue entry (`filters`); another is a 400.
 */
export const ReportFilters = z.object({
  search_key: z.string().max(64).optional(),
  search_value: z.string().trim().max(100).optional(),
  /** A status of the listed rows (payouts: SUCCESS, FAILURE…). */
  status: z.string().trim().max(32).optional(),
  /** One of the caller's account numbers (a current or virtual account). */
  account_number: z.string().trim().max(32).optional(),
  /** A KYC product (fabric), or an API's product (API usage). */
  product: z.string().trim().max(64).optional(),
  /** The provider that carried a collection request. */
  provider: z.string().trim().max(64).optional(),
  /** A transfer type of the listed payouts (IMPS, NEFT, RTGS, UPI). */
  transfer_type: z.string().trim().max(16).optional(),
  /** Amounts from and to, in rupees, both included (a list's amount filter). */
  amount_min: z.string().trim().max(20).optional(),
  amount_max: z.string().trim().max(20).optional(),
  /** `test` or `live`: the records of one mode (the audit report; records of what both modes share are in neither). */
  mode: z.string().trim().max(8).optional(),
});
export type ReportFilters = z.infer<typeof ReportFilters>;
export const REPORT_FILTER_KEYS = [
  'status',
  'account_number',
  'product',
  'provider',
  'transfer_type',
  'amount_min',
  'amount_max',
  'mode',
] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];
/** What a person reads for each report filter in the report forms. */
export const REPORT_FILTER_LABELS: Readonly<Record<ReportFilterKey, string>> = {
  status: 'Status',
  account_number: 'Account number',
  product: 'Product',
  provider: 'Provider',
  transfer_type: 'Transfer type',
  amount_min: 'Amount from (₹)',
  amount_max: 'Amount to (₹)',
  mode: 'Mode',
};

/**
 * A machine value as words, for a value without a label of its own: `IN_PROGRESS` → "In progress",
 * `text-match` → "Text match", `meridian_urn` → "Meridian urn".
 */
export const humanize = (value: string): string => {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `POST /{provider}/reports/generate` */
export const GenerateReport = ReportFilters.extend({
  report_type: ReportType,
  format: ReportFormat,
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  /** A subset of the type's column keys, in the order wanted; default all. */
  columns: z.array(z.string().max(64)).min(1).max(100).optional(),
  /** IANA time zone of the range and of the times in the file; default the user's (Asia/Kolkata). */
  time_zone: z.string().max(64).optional(),
});
export type GenerateReport = z.infer<typeof GenerateReport>;

export const GenerateReportResponse = z.object({
  report_urn: z.string(),
  status: z.literal('QUEUED'),
});
export type GenerateReportResponse = z.infer<typeof GenerateReportResponse>;

/** A report in the download history. */
export const ReportItem = z.object({
  /** `RPT…` */
  report_urn: z.string(),
  report_type: ReportType,
  format: ReportFormat,
  start_date: z.string(),
  end_date: z.string(),
  time_zone: z.string(),
  /** The filters it was asked with (search, status, account, product, provider), as given. */
  filters: z.record(z.string(), z.string()),
  /** The columns asked for; null: all. */
  columns: z.array(z.string()).nullable(),
  status: ReportStatus,
  /** 0–100: rows written of the count taken when the build started. */
  progress: z.number().int(),
  rows_written: z.number().int(),
  rows_total: z.number().int().nullable(),
  /** Bytes of the finished file; null until READY. */
  size_bytes: z.number().int().nullable(),
  /** While QUEUED behind the client's running reports: 1 is next. */
  queue_position: z.number().int().nullable(),
  file_name: z.string(),
  error: z.string().nullable(),
  requested_by: z.string(),
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The schedule that made it; null when asked by hand. */
  schedule_urn: z.string().nullable(),
  livemode: livemodeField,
});
export type ReportItem = z.infer<typeof ReportItem>;

/** Each report type's title, as its screen and the catalogue name it. */
export const REPORT_TYPE_TITLES: Readonly<Record<ReportType, string>> = {
  payouts: 'Payouts report',
  beneficiaries: 'Beneficiary report',
  virtual_accounts: 'Virtual accounts report',
  vba_mis: 'VBA MIS',
  fabric: 'Fabric report',
  credit_consumption: 'Credit consumption',
  collection_requests: 'Collection requests',
  consolidated_statement: 'Consolidated account statement',
  api_usage: 'API usage',
  upi_mis: 'UPI MIS',
  ecollect_mis: 'E-collect MIS',
  nach_presentation_mis: 'NACH presentation MIS',
  nach_registration_mis: 'NACH registration MIS',
  upi_autopay_mis: 'UPI autopay MIS',
  audit: 'Audit report',
  commission_settlement: 'Commission and settlement report',
  validation_mis: 'Validation account MIS',
};

export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/**
 * The download history (filters date range, {product}_company_urn, status, report_type; the company
 * filter is the server's own parameter, its name holding the provider slug).
 */
export const REPORT_HISTORY_LIST = defineList({
  name: 'report_history',
  title: 'Reports',
  noun: 'report',
  permission: 'reports.read',
  paths: {
    search: '/{provider}/read/reports/history',
    count: '/{provider}/read/reports/history/count',
    export: '/{provider}/read/reports/history/export',
  },
  searchKeys: [{ key: '{product}_urn', label: 'Report URN' }],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: REPORT_STATUSES, valueLabels: REPORT_STATUS_LABELS },
    report_type: {
      kind: 'enum',
      label: 'Report type',
      values: REPORT_TYPES,
      valueLabels: REPORT_TYPE_TITLES,
    },
  },
  columns: [
    { key: 'requested_at', label: 'Requested', format: 'time', priority: 2 },
    { key: 'report_urn', header: '{product}_urn', label: 'Report URN', format: 'code', priority: 3 },
    { key: 'file_name', label: 'File', format: 'text', priority: 1, export: false },
    { key: 'report_type', label: 'Report type', format: 'text', priority: 1 },
    { key: 'format', label: 'Format', format: 'text', priority: 3 },
    { key: 'start_date', label: 'From', format: 'date', priority: 3 },
    { key: 'end_date', label: 'To', format: 'date', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'rows_written', header: 'rows', label: 'Rows', format: 'number', priority: 3 },
    { key: 'size_bytes', label: 'Size (bytes)', format: 'number', priority: 3 },
    { key: 'requested_by', label: 'Requested by', format: 'text', priority: 2 },
    { key: 'finished_at', label: 'Finished', format: 'time', priority: 3 },
  ],
});

/** A column a report offers. */
export const ReportColumnInfo = z.object({
  key: z.string(),
  /** The column's header in the files (machine-readable: `meridian_urn`, `amount`). */
  header: z.string(),
  /** What a person reads in the report forms: the list's column label (`URN`, `Amount`). */
  label: z.string(),
  kind: z.enum(['text', 'money', 'time', 'date', 'number']),
});
export type ReportColumnInfo = z.infer<typeof ReportColumnInfo>;

/** `GET /{provider}/read/reports/types`: what each report type offers, for the screens' forms. */
export const ReportTypeInfo = z.object({
  report_type: ReportType,
  title: z.string(),
  description: z.string(),
  formats: z.array(ReportFormat),
  columns: z.array(ReportColumnInfo),
  search_keys: z.array(z.string()),
  /** What a person reads for each search key (`meridian_urn` → "URN"). */
  search_key_labels: z.record(z.string(), z.string()),
  default_range: z.enum(['last7', 'todayMinus7']),
  /**
   * The filters it takes, each with its label; with its allowed values where the set is fixed (statuses,
   * products, providers) and what a person reads for each value.
   */
  filters: z.array(
    z.object({
      key: z.enum(REPORT_FILTER_KEYS),
      label: z.string(),
      values: z.array(z.string()).nullable(),
      value_labels: z.record(z.string(), z.string()),
    }),
  ),
});
export type ReportTypeInfo = z.infer<typeof ReportTypeInfo>;
export const ReportTypesResponse = z.object({ data: z.array(ReportTypeInfo) });

/** `GET /{provider}/read/reports/preview`: the first rows as the file would have them (cells as text). */
export const ReportPreview = z.object({
  columns: z.array(ReportColumnInfo),
  rows: z.array(z.array(z.string().nullable())),
  count: z.number().int(),
});
export type ReportPreview = z.infer<typeof ReportPreview>;

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const ReportFrequency = z.enum(REPORT_FREQUENCIES, {
  error: `frequency is one of ${REPORT_FREQUENCIES.join(', ')}`,
});
export type ReportFrequency = z.infer<typeof ReportFrequency>;

/**
 * `POST /{provider}/reports/schedules`: a report built on its own. DAILY covers yesterday, WEEKLY the 7 days
 * before the run's day, MONTHLY the previous calendar month, each in `time_zone`; it runs at `time_of_day`.
 */
export const CreateReportSchedule = ReportFilters.extend({
  report_type: ReportType,
  format: ReportFormat,
  frequency: ReportFrequency,
  time_of_day: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_of_day is HH:mm (24-hour)')
    .default('08:00'),
  /** WEEKLY: 1 (Monday) to 7 (Sunday). */
  day_of_week: z.number().int().min(1).max(7).optional(),
  /** MONTHLY: 1 to 28. */
  day_of_month: z.number().int().min(1).max(28).optional(),
  columns: z.array(z.string().max(64)).min(1).max(100).optional(),
  time_zone: z.string().max(64).optional(),
});
export type CreateReportSchedule = z.infer<typeof CreateReportSchedule>;

export const ReportSchedule = z.object({
  /** `RSC…` */
  schedule_urn: z.string(),
  report_type: ReportType,
  format: ReportFormat,
  frequency: ReportFrequency,
  time_of_day: z.string(),
  day_of_week: z.number().int().nullable(),
  day_of_month: z.number().int().nullable(),
  time_zone: z.string(),
  filters: z.record(z.string(), z.string()),
  columns: z.array(z.string()).nullable(),
  active: z.boolean(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  created_by: z.string(),
  livemode: livemodeField,
  created_at: z.string(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;
export const ReportSchedulesResponse = z.object({ data: z.array(ReportSchedule) });

/** `POST /v2/banking/account/consolidated_account_statement`: every account of the client over a range. */
export const ConsolidatedStatementRequest = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  format: z.enum(['csv', 'xlsx', 'json', 'pdf']).default('pdf'),
  /** Only these of the caller's accounts; default all of them. */
  account_numbers: z.array(z.string().trim().max(32)).max(100).optional(),
  time_zone: z.string().max(64).optional(),
});
export type ConsolidatedStatementRequest = z.infer<typeof ConsolidatedStatementRequest>;

/**
 * `POST /api/pdf_generation`: a PDF of a statement (queued as a consolidated statement report) or of one
 * payout's receipt (answered at once).
 */
export const PdfGenerationRequest = z.discriminatedUnion('document', [
  z.object({
    document: z.literal('payout_receipt'),
    payout_urn: z.string().trim().min(1).max(64),
    time_zone: z.string().max(64).optional(),
  }),
  z.object({
    document: z.literal('statement'),
    start_date: CalendarDate,
    end_date: CalendarDate,
    account_numbers: z.array(z.string().trim().max(32)).max(100).optional(),
    time_zone: z.string().max(64).optional(),
  }),
]);
export type PdfGenerationRequest = z.infer<typeof PdfGenerationRequest>;

/**
 * API usage: one metered API call (a fabric product call) as `GET /{provider}/read/fetch/credits/details` lists it
 * (its list: fabric.ts's API_USAGE_LIST).
 */
export const ApiUsageRow = z.object({
  /** The call's urn. */
  urn: z.string(),
  /** The API called (e.g. `text_match`). */
  api_name: z.string(),
  /** The KYC product it belongs to. */
  product: z.string(),
  status: z.string(),
  /** Whole credits charged (0 when none). */
  credits: z.number().int(),
  /** `api_key` or `dashboard`. */
  channel: z.string(),
  latency_ms: z.number().int(),
  customer_reference_number: z.string().nullable(),
  livemode: livemodeField,
  created_at: z.string(),
});
export type ApiUsageRow = z.infer<typeof ApiUsageRow>;

/** `GET /{provider}/read/fetch/credits/usage_by_day`: calls and credits per day (in `time_zone`) per API. */
export const ApiUsageDay = z.object({
  date: z.string(),
  api_name: z.string(),
  calls: z.number().int(),
  credits: z.number().int(),
});
export type ApiUsageDay = z.infer<typeof ApiUsageDay>;
export const ApiUsageByDayResponse = z.object({ data: z.array(ApiUsageDay) });

/**
 * `GET /{provider}/read/fetch/credits/consumption`: per day (in `time_zone`) and product, credits used, and the
 * day's loads and unloads (product `null`) with the balance at the end of the day.
 */
export const CreditConsumptionDay = z.object({
  date: z.string(),
  product: z.string().nullable(),
  used: z.number().int(),
  loaded: z.number().int(),
  unloaded: z.number().int(),
  /** The credit balance at the end of that day (same on every row of the day). */
  balance: z.number().int(),
});
export type CreditConsumptionDay = z.infer<typeof CreditConsumptionDay>;
export const CreditConsumptionResponse = z.object({ data: z.array(CreditConsumptionDay) });

/** `GET /{provider}/read/fetch/collection_requests/providers`: who carries collection requests (a filter). */
export const CollectionProvider = z.object({ provider: z.string(), label: z.string() });
export const CollectionProvidersResponse = z.object({ data: z.array(CollectionProvider) });
