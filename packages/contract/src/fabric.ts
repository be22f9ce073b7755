import { z } from 'zod';
import { FABRIC_PRODUCTS, FABRIC_TITLES, type FabricSlug } from './screens.ts';
import { REFERENCE_PATTERN } from './flow.ts';
import { CLIENT_ROLE_KEYS, DEFAULT_API_KEY_ROLE, roleKeySchema } from './permissions.ts';
import {
  defineList,
  readPaths,
  type ColumnFormat,
  type ColumnPriority,
  type DefaultRange,
  type ListFilterDef,
} from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * Fabric: Meridian's identity-verification (KYC) products as a metered public API. A client's servers call
 * `POST /v2/fabric/{slug}` with an API key (HTTP Basic `key_id:key_secret`) or the dashboard session; each call
 * is charged in credits and logged with personal data masked. `{product}` in search keys is the provider slug.
 */

export { FABRIC_PRODUCTS, FABRIC_TITLES } from './screens.ts';

export const FabricProductSlug = z.enum(FABRIC_PRODUCTS);
export type FabricProductSlug = z.infer<typeof FabricProductSlug>;

// ---------------------------------------------------------------------------------------------------------
// API keys

export const MAX_ACTIVE_API_KEYS = 10;

export const CreateApiKey = z.object({
  name: z.string().trim().min(1, 'Name the key').max(64, 'At most 64 characters'),
  role: roleKeySchema
    .optional()
    .describe(
      `The role whose permissions limit the key: a built-in client role (${CLIENT_ROLE_KEYS.join(', ')}) or one of your custom roles (default ${DEFAULT_API_KEY_ROLE}). It may grant only permissions you hold yourself.`,
    ),
});
export type CreateApiKey = z.infer<typeof CreateApiKey>;

export const ApiKeyStatus = z.enum(['ACTIVE', 'REVOKED']);

export const ApiKey = z.object({
  key_id: z.string(),
  name: z.string(),
  /** The role whose permissions limit the key (built-in key or `custom_…`). */
  role: z.string(),
  status: ApiKeyStatus,
  /** The key's mode: an `mk_test_` key (false) sees test data only, an `mk_live_` key (true) live data. */
  livemode: livemodeField,
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only time `key_secret` is ever shown. */
export const ApiKeyCreated = ApiKey.extend({ key_secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

// ---------------------------------------------------------------------------------------------------------
// Credits

export const CreditBalance = z.object({
  /** Credits left (whole credits). */
  credits: z.number().int(),
  /** Price of one call per product the server offers, in credits. */
  prices: z.partialRecord(FabricProductSlug, z.number().int()),
});
export type CreditBalance = z.infer<typeof CreditBalance>;

// ---------------------------------------------------------------------------------------------------------
// Calls and their logs

/**
 * SUCCESS and FAILURE are answers of the product (a FAILURE is still charged: the check ran); PENDING waits for
 * a person or a second step (digilocker consent, Aadhaar XML OTP); REJECTED is bad input and
 * INSUFFICIENT_CREDITS a call that could not be paid (neither is charged).
 */
export const FABRIC_CALL_STATUSES = [
  'SUCCESS',
  'FAILURE',
  'PENDING',
  'REJECTED',
  'INSUFFICIENT_CREDITS',
] as const;
export const FabricCallStatus = z.enum(FABRIC_CALL_STATUSES);
export type FabricCallStatus = z.infer<typeof FabricCallStatus>;

export const FABRIC_CALL_STATUS_LABELS: Readonly<Record<FabricCallStatus, string>> = {
  SUCCESS: 'Success',
  FAILURE: 'Failure',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  INSUFFICIENT_CREDITS: 'Insufficient credits',
};

/** A call's status as a list filter (the product logs, API usage). */
export const FABRIC_STATUS_FILTER = {
  kind: 'enum',
  label: 'Status',
  values: FABRIC_CALL_STATUSES,
  valueLabels: FABRIC_CALL_STATUS_LABELS,
} as const satisfies ListFilterDef;

// ---------------------------------------------------------------------------------------------------------
// The product logs: one list per product, /fabric/{slug}

/** The fields of a call (`FabricCall`) as a log's columns. */
type FabricColumnKey =
  | 'created_at'
  | 'urn'
  | 'product'
  | 'status'
  | 'result_code'
  | 'message'
  | 'customer_reference_number'
  | 'company_urn'
  | 'reference_id'
  | 'transaction_id'
  | 'initiation_transaction_id'
  | 'credits'
  | 'latency_ms'
  | 'channel'
  | 'api_key_id'
  | 'updated_at';
type FabricColumn = {
  readonly key: FabricColumnKey;
  readonly header?: string;
  readonly label: string;
  readonly format: ColumnFormat;
  readonly priority: ColumnPriority;
};

/**
 * Every log's columns, in the order of its files. In view at 1280 px: the time, the urn, the customer reference,
 * the status, the product's result and the credits charged; a product searched by another reference (ckyc's
 * reference id, Aadhaar XML's transaction id) shows that one too.
 */
const FABRIC_COLUMNS: readonly FabricColumn[] = [
  { key: 'created_at', label: 'Time', format: 'time', priority: 2 },
  { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
  { key: 'product', label: 'Product', format: 'text', priority: 3 },
  { key: 'status', label: 'Status', format: 'status', priority: 1 },
  { key: 'result_code', label: 'Result', format: 'code', priority: 2 },
  { key: 'message', label: 'Message', format: 'text', priority: 3 },
  { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 1 },
  { key: 'company_urn', header: '{product}_company_urn', label: 'Company URN', format: 'code', priority: 3 },
  { key: 'reference_id', label: 'Reference ID', format: 'code', priority: 3 },
  {
    key: 'transaction_id',
    header: '{product}_transaction_id',
    label: 'Transaction ID',
    format: 'code',
    priority: 3,
  },
  { key: 'initiation_transaction_id', label: 'Initiation transaction ID', format: 'code', priority: 3 },
  { key: 'credits', label: 'Credits', format: 'number', priority: 2 },
  { key: 'latency_ms', label: 'Latency (ms)', format: 'number', priority: 3 },
  { key: 'channel', label: 'Channel', format: 'text', priority: 3 },
  { key: 'api_key_id', label: 'API key', format: 'code', priority: 3 },
  { key: 'updated_at', label: 'Updated', format: 'time', priority: 3 },
];

const COMPANY_URN = { key: '{product}_company_urn', label: 'Company URN' } as const;
const CUSTOMER_REFERENCE = { key: 'customer_reference_number', label: 'Customer reference' } as const;
const COMPANY_AND_REFERENCE = [COMPANY_URN, CUSTOMER_REFERENCE] as const;

/** A product's log: its title, search keys (default first) and default range; `shown`: a column it raises to view. */
function fabricList<
  const S extends FabricSlug,
  const K extends readonly { readonly key: string; readonly label: string }[],
>(
  slug: S,
  screen: {
    searchKeys: K;
    defaultRange: DefaultRange;
    aliases?: Readonly<Record<string, string>>;
    shown?: FabricColumnKey;
  },
) {
  return defineList({
    name: `fabric_${slug.replace(/-/g, '_')}`,
    title: FABRIC_TITLES[slug],
    noun: 'call',
    permission: 'fabric.read',
    paths: readPaths(`fabric/${slug}`),
    searchKeys: screen.searchKeys,
    ...(screen.aliases ? { aliases: screen.aliases } : {}),
    defaultRange: screen.defaultRange,
    filters: { status: FABRIC_STATUS_FILTER },
    columns: FABRIC_COLUMNS.map((c) =>
      c.key === screen.shown ? { ...c, priority: 2 as ColumnPriority } : c,
    ) as readonly FabricColumn[],
  });
}

/**
 * The twelve logs, by product (one table: search keys and default ranges; Aadhaar XML, Aadhaar UID
 * masking, mobile-to-X and data pull start at today minus 7). The server's lists, the fabric report's columns
 * and the web's screens read them.
 */
export const FABRIC_LISTS = {
  'video-liveness': fabricList('video-liveness', {
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'last7',
  }),
  'text-match': fabricList('text-match', { searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' }),
  'mobile-to-x': fabricList('mobile-to-x', {
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'todayMinus7',
  }),
  'kyc-validate': fabricList('kyc-validate', { searchKeys: [CUSTOMER_REFERENCE], defaultRange: 'last7' }),
  'kyc-digilocker': fabricList('kyc-digilocker', {
    searchKeys: [
      COMPANY_URN,
      { key: '{product}_urn', label: 'URN' },
      { key: 'customer_reference_id', label: 'Customer reference' },
    ],
    // customer_reference_number is accepted too and stands for customer_reference_id
    aliases: { customer_reference_number: 'customer_reference_id' },
    defaultRange: 'last7',
  }),
  'id-classification': fabricList('id-classification', {
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'last7',
  }),
  'face-match': fabricList('face-match', { searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' }),
  'customer-data-pull': fabricList('customer-data-pull', {
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'todayMinus7',
  }),
  'credit-report': fabricList('credit-report', { searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' }),
  ckyc: fabricList('ckyc', {
    searchKeys: [COMPANY_URN, { key: 'reference_id', label: 'Reference ID' }, CUSTOMER_REFERENCE],
    defaultRange: 'last7',
    shown: 'reference_id',
  }),
  'aadhaar-xml': fabricList('aadhaar-xml', {
    searchKeys: [
      CUSTOMER_REFERENCE,
      { key: '{product}_transaction_id', label: 'Transaction ID' },
      { key: 'initiation_transaction_id', label: 'Initiation transaction ID' },
    ],
    defaultRange: 'todayMinus7',
    shown: 'transaction_id',
  }),
  'aadhaar-uid-masking': fabricList('aadhaar-uid-masking', {
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'todayMinus7',
  }),
} as const satisfies Record<FabricSlug, unknown>;
export type FabricList = (typeof FABRIC_LISTS)[FabricSlug];

/** Every product's request carries the client's own reference for the person or case. */
export const CustomerReference = z
  .string()
  .trim()
  .regex(REFERENCE_PATTERN, 'A customer reference is 1 to 40 letters, digits, _ or -');

/** A row of a fabric log screen (the same for every product). */
export const FabricCall = z.object({
  /** `{product}_urn` of the call. */
  urn: z.string(),
  product: FabricProductSlug,
  status: FabricCallStatus,
  /** The product's own short verdict, e.g. MATCH, VALID, CONSENT_GIVEN (null when none). */
  result_code: z.string().nullable(),
  message: z.string().nullable(),
  customer_reference_number: z.string().nullable(),
  /** `{product}_company_urn`: the calling client's company urn. */
  company_urn: z.string(),
  /** ckyc's reference_id, Aadhaar XML's transaction ids, when the product has them. */
  reference_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  initiation_transaction_id: z.string().nullable(),
  credits: z.number().int(),
  latency_ms: z.number().int(),
  /** `api_key` or `dashboard`. */
  channel: z.enum(['api_key', 'dashboard']),
  api_key_id: z.string().nullable(),
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type FabricCall = z.infer<typeof FabricCall>;

/** A call's details: the row plus the masked request and response as stored. */
export const FabricCallDetails = FabricCall.extend({
  request: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()),
});
export type FabricCallDetails = z.infer<typeof FabricCallDetails>;

/** What `POST /v2/fabric/{slug}` answers (besides `{product}_urn`, which carries the provider's name). */
export const FabricCallAnswer = z.object({
  status: FabricCallStatus,
  result_code: z.string().nullable(),
  message: z.string().nullable(),
  customer_reference_number: z.string(),
  credits_charged: z.number().int(),
  /** The product's result (unmasked: the caller's own data). */
  result: z.record(z.string(), z.unknown()),
  livemode: livemodeField,
});

/** One event of `GET /{provider}/read/stream/fabric/events` (Server-Sent Events, `id` = event sequence). */
export const FabricEvent = z.object({
  id: z.string(),
  type: z.enum(['call.created', 'call.updated']),
  call: FabricCall,
});
export type FabricEvent = z.infer<typeof FabricEvent>;

/** The /fabric home: today per product, credits left. */
export const FabricSummary = z.object({
  credits: z.number().int(),
  today: z.array(
    z.object({
      product: FabricProductSlug,
      calls: z.number().int(),
      success: z.number().int(),
      credits: z.number().int(),
    }),
  ),
});
export type FabricSummary = z.infer<typeof FabricSummary>;

// ---------------------------------------------------------------------------------------------------------
// API usage: every call is a metered API call (/reports/api-usage; its row is reports.ts's ApiUsageRow)

/**
 * API usage as a list: `GET /{provider}/read/fetch/credits/details` (count and export beside it), search keys
 * `{product}_urn` (default) and `api_name`, filtered by product and status. In view at 1280 px: the
 * time, the urn, the API, the status, the credits and the channel.
 */
export const API_USAGE_LIST = defineList({
  name: 'api_usage',
  title: 'API calls',
  noun: 'API call',
  permission: 'reports.read',
  paths: {
    search: '/{provider}/read/fetch/credits/details',
    count: '/{provider}/read/count/credits/details',
    export: '/{provider}/read/export/credits/details',
  },
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'api_name', label: 'API name' },
  ],
  defaultRange: 'last7',
  filters: {
    product: { kind: 'enum', label: 'Product', values: FABRIC_PRODUCTS, valueLabels: FABRIC_TITLES },
    status: FABRIC_STATUS_FILTER,
  },
  columns: [
    { key: 'created_at', label: 'Time', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'api_name', label: 'API', format: 'code', priority: 1 },
    { key: 'product', label: 'Product', format: 'text', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'credits', label: 'Credits', format: 'number', priority: 1 },
    { key: 'channel', label: 'Channel', format: 'text', priority: 2 },
    { key: 'latency_ms', label: 'Latency (ms)', format: 'number', priority: 3 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
  ],
});
