import { z } from 'zod';
import { FABRIC_PRODUCTS } from './screens.ts';
import { REFERENCE_PATTERN } from './flow.ts';

/**
 * Fabric: Meridian's identity-verification (KYC) products as a metered public API. A client's servers call
 * `POST /v2/fabric/{slug}` with an API key (HTTP Basic `key_id:key_secret`) or the dashboard session; each call
 * is charged in credits and logged with personal data masked. `{product}` in search keys is the provider slug.
 */

export { FABRIC_PRODUCTS, FABRIC_SCREENS, fabricSearchKeysFor } from './screens.ts';

export const FabricProductSlug = z.enum(FABRIC_PRODUCTS);
export type FabricProductSlug = z.infer<typeof FabricProductSlug>;

// ---------------------------------------------------------------------------------------------------------
// API keys

export const MAX_ACTIVE_API_KEYS = 10;

export const CreateApiKey = z.object({
  name: z.string().trim().min(1, 'Name the key').max(64, 'At most 64 characters'),
});
export type CreateApiKey = z.infer<typeof CreateApiKey>;

export const ApiKeyStatus = z.enum(['ACTIVE', 'REVOKED']);

export const ApiKey = z.object({
  key_id: z.string(),
  name: z.string(),
  status: ApiKeyStatus,
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
