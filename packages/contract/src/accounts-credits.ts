// Credit management (Meridian operations only: the `ops` role): companies, credit operations, API meters.
// Part of `@meridian/contract/accounts`.
import { z } from 'zod';
import { FabricProductSlug } from './fabric.ts';
import { livemodeField } from './modes.ts';

export const CONSUMER_TYPES = ['customer', 'internal'] as const;
export const CREDIT_OPERATION_TYPES = ['LOAD', 'UNLOAD', 'CONSUME', 'REFUND'] as const;

export const Company = z.object({
  client_id: z.string(),
  company_name: z.string(),
  company_urn: z.string(),
  consumer_type: z.enum(CONSUMER_TYPES),
  credits: z.number().int(),
  users: z.number().int(),
  /** Meridian operations opened the company's live mode (live money may move); false: test mode only. */
  live_mode_enabled: z.boolean(),
  created_at: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CreditOperationRow = z.object({
  kind: z.enum(CREDIT_OPERATION_TYPES),
  /** Signed: + for LOAD/REFUND, − for UNLOAD/CONSUME. */
  credits: z.number().int(),
  balance_after: z.number().int(),
  reference: z.string(),
  reason: z.string().nullable(),
  actor: z.string(),
  livemode: livemodeField,
  created_at: z.string(),
});
export type CreditOperationRow = z.infer<typeof CreditOperationRow>;

/** `POST /{provider}/operations/credits/load` and `…/unload` (with an Idempotency-Key header). */
export const CreditAdjustment = z.object({
  client_id: z.string().trim().min(1).max(64),
  credits: z.number().int().min(1, 'At least 1 credit').max(10_000_000, 'At most 10,000,000 credits at once'),
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason (3 to 200 characters)')
    .max(200, 'A reason is at most 200 characters'),
});
export type CreditAdjustment = z.infer<typeof CreditAdjustment>;
export const CreditAdjustmentResult = z.object({
  client_id: z.string(),
  credits: z.number().int(),
  operation: CreditOperationRow,
});

/** A company's API meter: the price of one call per fabric product, and whether it is the default. */
export const MeterEntry = z.object({
  product: FabricProductSlug,
  price: z.number().int(),
  default_price: z.number().int(),
  is_default: z.boolean(),
});
export const CompanyMeter = z.object({ client_id: z.string(), data: z.array(MeterEntry) });
/** `PUT /{provider}/operations/companies/{client_id}/meter`: prices to set; `null` returns to the default. */
export const UpdateCompanyMeter = z.object({
  prices: z.partialRecord(FabricProductSlug, z.number().int().min(0).max(100_000).nullable()),
});
