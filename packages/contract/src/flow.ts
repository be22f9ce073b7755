import { z } from 'zod';
import { livemodeField } from './modes.ts';

/**
 * Flow: accounts, beneficiaries, payouts, bank-account validation, transactions, dropdowns, feature flags.
 * Money travels as decimal strings with two places ("1250.00"); times as ISO 8601 (UTC).
 * `{provider}` in paths and `{product}` in search keys are the provider slug (`meridian` by default).
 */

export const TRANSFER_TYPES = ['IMPS', 'NEFT', 'RTGS', 'UPI'] as const;
export const TransferType = z.enum(TRANSFER_TYPES);
export type TransferType = z.infer<typeof TransferType>;

/** The real limits of each rail, in paise. `max: null` means no upper limit. */
export const RAIL_LIMITS: Record<TransferType, { min: number; max: number | null; label: string }> = {
  IMPS: { min: 100, max: 5_00_000_00, label: 'IMPS (instant, up to ₹5,00,000)' },
  NEFT: { min: 100, max: null, label: 'NEFT (half-hourly batches, no upper limit)' },
  RTGS: { min: 2_00_000_00, max: null, label: 'RTGS (from ₹2,00,000)' },
  UPI: { min: 100, max: 1_00_000_00, label: 'UPI (instant, up to ₹1,00,000)' },
};

/**
 * PENDING (on the rail, debited) → SUCCESS → maybe RETURNED, or FAILURE (debit reversed). A payout an approval rule
 * holds starts PENDING_APPROVAL (no money moved, no balance held) and becomes PENDING once approved, or REJECTED
 * (rejected, expired, or the balance was short at approval; `status_message` says which) without moving money.
 */
export const PAYOUT_STATUSES = [
  'PENDING',
  'SUCCESS',
  'FAILURE',
  'RETURNED',
  'PENDING_APPROVAL',
  'REJECTED',
] as const;
/** A payout's status in words (lists, the /flow home, the payout form). */
export const PAYOUT_STATUS_LABELS: Readonly<Record<(typeof PAYOUT_STATUSES)[number], string>> = {
  PENDING: 'Pending',
  SUCCESS: 'Successful',
  FAILURE: 'Failed',
  RETURNED: 'Returned',
  PENDING_APPROVAL: 'Pending approval',
  REJECTED: 'Rejected',
};
export const PAYOUT_KINDS = ['PAYOUT', 'SETTLEMENT'] as const;
export const PayoutStatus = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

export const VALIDATION_STATUSES = ['SUCCESS', 'FAILURE'] as const;
export const ValidationStatus = z.enum(VALIDATION_STATUSES);

/**
 * How well the name given matches the holder the bank has on file, from the 0–100 name-match score: MATCH from
 * `NAME_MATCH_THRESHOLDS.match` (85), PARTIAL from `.partial` (60) up to 84, NO_MATCH below 60. Only MATCH means
 * the account is the named person's; a beneficiary saved under a PARTIAL or NO_MATCH name needs an explicit
 * confirmation (`confirm_name_mismatch`).
 */
export const NAME_MATCH_VERDICTS = ['MATCH', 'PARTIAL', 'NO_MATCH'] as const;
export const NameMatch = z.enum(NAME_MATCH_VERDICTS);
export type NameMatch = z.infer<typeof NameMatch>;
export const NAME_MATCH_THRESHOLDS = { match: 85, partial: 60 } as const;
/** The verdict of a name-match score; null when there is no score (the account could not be validated). */
export const nameMatchOf = (score: number | null): NameMatch | null =>
  score === null
    ? null
    : score >= NAME_MATCH_THRESHOLDS.match
      ? 'MATCH'
      : score >= NAME_MATCH_THRESHOLDS.partial
        ? 'PARTIAL'
        : 'NO_MATCH';

export const BENEFICIARY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const BeneficiaryStatus = z.enum(BENEFICIARY_STATUSES);

export const TRANSACTION_CATEGORIES = [
  'TOPUP',
  'PAYOUT',
  'REVERSAL',
  'VALIDATION_FEE',
  /** Money that arrived in a virtual account. */
  'COLLECTION',
  /** Collections swept to the client's settlement account. */
  'SETTLEMENT',
  /** A mandate presentation settled: the payer's money credited to the client. */
  'MANDATE_COLLECTION',
  /** A customer paid one of the client's payment links. */
  'PAYMENT_LINK',
] as const;
export const TransactionCategory = z.enum(TRANSACTION_CATEGORIES);

/** A decimal rupee amount with at most two decimals, e.g. "1250" or "1250.50". */
export const AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$/;
export const Amount = z
  .string()
  .trim()
  .regex(AMOUNT_PATTERN, 'Enter an amount in rupees with at most two decimals, e.g. 1250.00');
/** Money in answers: always two decimals. */
export const Money = z.string().meta({
  id: 'Money',
  description: 'An amount in rupees as a decimal string with two places (never a float).',
  examples: ['1250.00'],
});

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const MOBILE_PATTERN = /^(\+91)?[6-9][0-9]{9}$/;
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const NAME_PATTERN = /^[A-Za-z][A-Za-z .'&-]{1,99}$/;

const ifsc = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z.string().regex(IFSC_PATTERN, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits'),
  );
const accountNumber = z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits');

// ---------------------------------------------------------------------------------------------------------
// Lists

/** The dates a filter may name: far enough either way for any real question, near enough for date arithmetic. */
export const DATE_LIMITS = { min: '1900-01-01', max: '2999-12-31' } as const;
const DATE_MESSAGE = `Use a real date between ${DATE_LIMITS.min} and ${DATE_LIMITS.max} as YYYY-MM-DD`;
/** A calendar date (YYYY-MM-DD) that exists: 2025-02-30 is refused, not rolled over to March 2. */
export const CalendarDate = z.iso
  .date({ message: DATE_MESSAGE })
  .refine((d) => d >= DATE_LIMITS.min && d <= DATE_LIMITS.max, DATE_MESSAGE)
  .meta({
    id: 'CalendarDate',
    description: 'A calendar date, YYYY-MM-DD (a whole day in the time zone of the request).',
    examples: ['2026-01-31'],
  });
export const MAX_PAGE_SIZE = 100;

/** The list filter state as query parameters; dates are whole days in `time_zone`. */
export const ListQuery = z.object({
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  search_key: z.string().max(64).optional(),
  search_value: z.string().trim().max(100).optional(),
  /** IANA time zone of the user; default Asia/Kolkata. */
  time_zone: z.string().max(64).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;
export const ExportQuery = ListQuery.omit({ limit: true, offset: true });
/** Paging by page (account transactions use pageIndex and pageSize instead of limit and offset). */
export const PageQuery = {
  page_index: z.coerce.number().int().min(0).max(1_000_000).default(0),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
};

export const CountResponse = z.object({ count: z.number().int() });
export const listResponse = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

// ---------------------------------------------------------------------------------------------------------
// Accounts

export const Account = z.object({
  account_number: z.string(),
  ifsc: z.string(),
  account_name: z.string(),
  provider: z.string(),
  provider_code: z.string(),
  currency: z.literal('INR'),
  balance: Money,
  livemode: livemodeField,
  updated_at: z.string(),
});
export type Account = z.infer<typeof Account>;

// ---------------------------------------------------------------------------------------------------------
// Beneficiaries

const beneficiaryFields = {
  beneficiary_name: z.string().trim().regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -"),
  beneficiary_email: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]).optional(),
  beneficiary_mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE_PATTERN.test(v), 'Enter a 10-digit Indian mobile number')
    .optional(),
  provider: z.string().trim().min(1).max(64),
  provider_code: z.string().trim().min(1).max(16),
  transfer_type: TransferType,
  sender_account_number: accountNumber,
  beneficiary_account_number: z.union([z.literal(''), accountNumber]).optional(),
  ifsc_code: z.union([z.literal(''), ifsc]).optional(),
  beneficiary_upi_id: z
    .string()
    .trim()
    .refine((v) => v === '' || UPI_ID_PATTERN.test(v), 'Enter a UPI id such as name@bank')
    .optional(),
};

/**
 * Saving a bank-account beneficiary under a name that does not match the holder of the account's latest
 * successful validation (PARTIAL or NO_MATCH) is refused with 422 `name_mismatch_unconfirmed` unless this is
 * true.
 */
const confirmNameMismatch = z.boolean().optional().meta({
  description:
    "Saves the beneficiary although its name matches the account's registered holder only partly or not at all (the latest validation of the account): without it that is a 422 `name_mismatch_unconfirmed`.",
});
/** The error key of a beneficiary saved under a mismatched name without `confirm_name_mismatch: true`. */
export const NAME_MISMATCH_UNCONFIRMED = 'name_mismatch_unconfirmed';

export const CreateBeneficiary = z.object({
  beneficiary_code: z
    .string()
    .trim()
    .regex(CODE_PATTERN, 'A beneficiary code is 3 to 32 letters, digits, _ or -'),
  ...beneficiaryFields,
  confirm_name_mismatch: confirmNameMismatch,
});
export type CreateBeneficiary = z.infer<typeof CreateBeneficiary>;

export const UpdateBeneficiary = z
  .object({ ...beneficiaryFields, status: BeneficiaryStatus })
  .partial()
  .extend({ confirm_name_mismatch: confirmNameMismatch })
  .refine((v) => Object.entries(v).some(([k, x]) => k !== 'confirm_name_mismatch' && x !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateBeneficiary = z.infer<typeof UpdateBeneficiary>;

export const Beneficiary = z.object({
  beneficiary_code: z.string(),
  beneficiary_name: z.string(),
  beneficiary_email: z.string().nullable(),
  beneficiary_mobile: z.string().nullable(),
  provider: z.string(),
  provider_code: z.string(),
  transfer_type: TransferType,
  sender_account_number: z.string(),
  beneficiary_account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  beneficiary_upi_id: z.string().nullable(),
  status: BeneficiaryStatus,
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * A new beneficiary, or one whose account or UPI id changed, is limited until this time (ISO 8601): payouts to
   * it above `cooling_off_limit` are refused (422 `beneficiary_cooling_off`). Null once the period is over.
   */
  cooling_off_until: z.string().nullable(),
  /** The most one payout to it may be while limited (rupees, two decimals); null when not limited. */
  cooling_off_limit: z.string().nullable(),
  /**
   * How well its name matched the holder the bank named at the account's latest penny drop (0–100), when it was
   * added or its name or account changed; null when there was nothing to compare with (never validated, UPI).
   */
  name_match_score: z.number().int().nullable(),
  livemode: livemodeField,
});
export type Beneficiary = z.infer<typeof Beneficiary>;

/** The error of a payout above a limited beneficiary's cooling-off limit. */
export const BENEFICIARY_COOLING_OFF = 'beneficiary_cooling_off';

/**
 * Below this name match (0–100) a beneficiary still cooling off is paid only with an approver's approval: its
 * payouts (and a bulk paying it) wait PENDING_APPROVAL even when no approval rule covers them.
 */
export const WEAK_NAME_MATCH_BELOW = 70;

/** Why a payout to a weakly matched beneficiary waits, in words. */
export const weakNameMatchText = (code: string, score: number): string =>
  `${code} is new and the bank's name matched only ${score} % (below ${WEAK_NAME_MATCH_BELOW} %): a payout to it waits for an approver until its limit ends`;

/**
 * The limit of a new or changed beneficiary in words, e.g. "New beneficiary: up to ₹25,000 per payout until
 * 27 Nov 2026, 14:05" (the time in India, where the rail runs). `limit` is rupees with two decimals.
 */
export function coolingOffText(limit: string, until: string): string {
  const rupees = Number(limit);
  const amount = `₹${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: Number.isInteger(rupees) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
  const when = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(until));
  return `New beneficiary: up to ${amount} per payout until ${when}`;
}

export const IfscDetails = z.object({
  ifsc: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  upi: z.boolean(),
});
export type IfscDetails = z.infer<typeof IfscDetails>;

// ---------------------------------------------------------------------------------------------------------
// Payouts

export const InitiatePayout = z.object({
  customer_reference_number: z
    .string()
    .trim()
    .regex(REFERENCE_PATTERN, 'A reference is 1 to 40 letters, digits, _ or -'),
  beneficiary_code: z.string().trim().regex(CODE_PATTERN, 'Unknown beneficiary code'),
  amount: Amount,
  transfer_type: TransferType,
  purpose_message: z.string().trim().min(1, 'Enter the purpose of the payout').max(100),
  sender_account_number: accountNumber,
});
export type InitiatePayout = z.infer<typeof InitiatePayout>;

export const Payout = z.object({
  urn: z.string(),
  customer_reference_number: z.string(),
  bank_reference_number: z.string().nullable(),
  beneficiary_code: z.string(),
  beneficiary_name: z.string(),
  beneficiary_account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  beneficiary_upi_id: z.string().nullable(),
  amount: Money,
  transfer_type: TransferType,
  purpose_message: z.string(),
  sender_account_number: z.string(),
  status: PayoutStatus,
  status_message: z.string().nullable(),
  /** PAYOUT (to a beneficiary) or SETTLEMENT (collections swept to the client's own settlement account). */
  kind: z.enum(PAYOUT_KINDS),
  created_at: z.string(),
  updated_at: z.string(),
  livemode: livemodeField,
});
export type Payout = z.infer<typeof Payout>;

export const CallbackAttempt = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export const CallbackDelivery = z.object({
  webhook_id: z.string(),
  event: z.string(),
  url: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(CallbackAttempt),
});
export type CallbackDelivery = z.infer<typeof CallbackDelivery>;

export const PayoutEvent = z.object({ status: PayoutStatus, message: z.string().nullable(), at: z.string() });
export const PayoutDetails = Payout.extend({
  events: z.array(PayoutEvent),
  callbacks: z.array(CallbackDelivery),
});
export type PayoutDetails = z.infer<typeof PayoutDetails>;

// ---------------------------------------------------------------------------------------------------------
// Bank-account validation (penny drop)

export const ValidateAccount = z.object({
  beneficiary_account_number: accountNumber,
  ifsc_code: ifsc,
  /** The name the client expects; the answer scores it against the registered holder's name. */
  beneficiary_name: z.string().trim().regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -"),
  customer_reference_number: z
    .string()
    .trim()
    .regex(REFERENCE_PATTERN, 'A reference is 1 to 40 letters, digits, _ or -')
    .optional(),
});
export type ValidateAccount = z.infer<typeof ValidateAccount>;

export const Validation = z.object({
  urn: z.string(),
  customer_reference_number: z.string().nullable(),
  bank_reference_number: z.string().nullable(),
  beneficiary_account_number: z.string(),
  ifsc_code: z.string(),
  bank_name: z.string(),
  name_given: z.string(),
  registered_name: z.string().nullable(),
  /** 0–100; null when the account could not be validated. */
  name_match_score: z.number().int().nullable(),
  /** The score's verdict (MATCH ≥ 85, PARTIAL 60–84, NO_MATCH below); null when the account could not be validated. */
  name_match: NameMatch.nullable(),
  status: ValidationStatus,
  status_message: z.string().nullable(),
  fee: Money,
  created_at: z.string(),
  livemode: livemodeField,
});
export type Validation = z.infer<typeof Validation>;

// ---------------------------------------------------------------------------------------------------------
// Transactions (account statement)

export const Transaction = z.object({
  transaction_id: z.string(),
  account_number: z.string(),
  type: z.enum(['CREDIT', 'DEBIT']),
  category: TransactionCategory,
  amount: Money,
  /** Balance of the account after this transaction. */
  balance: Money,
  description: z.string(),
  reference_urn: z.string().nullable(),
  bank_reference_number: z.string().nullable(),
  customer_reference_number: z.string().nullable(),
  livemode: livemodeField,
  created_at: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TRANSACTION_TYPES = ['CREDIT', 'DEBIT'] as const;

// ---------------------------------------------------------------------------------------------------------
// Dropdowns, flags, dashboard summary

export const ProviderAccountOption = z.object({
  provider: z.string(),
  provider_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  ifsc: z.string(),
});
export const BeneficiaryOption = z.object({
  beneficiary_code: z.string(),
  beneficiary_name: z.string(),
  beneficiary_account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  transfer_type: TransferType,
  sender_account_number: z.string(),
  /** While a new or changed beneficiary is limited: until when (ISO 8601) and up to how much per payout. */
  cooling_off_until: z.string().nullable(),
  cooling_off_limit: z.string().nullable(),
  /** The penny drop's name match score (0–100) or null: below 70 while limited, every payout waits for approval. */
  name_match_score: z.number().int().nullable(),
});
export const PaymentMethodOption = z.object({
  transfer_type: TransferType,
  label: z.string(),
  min_amount: Money,
  max_amount: Money.nullable(),
});
export const VirtualAccountOption = z.object({ account_number: z.string(), label: z.string() });

export const FeatureFlags = z.object({ frontend_payout: z.boolean(), bulk_frontend_payout: z.boolean() });
export type FeatureFlags = z.infer<typeof FeatureFlags>;

export const FlowSummary = z.object({
  accounts: z.array(Account),
  /** Today's payouts (in `time_zone`) by status: count and amount. */
  today: z.array(z.object({ status: PayoutStatus, count: z.number().int(), amount: Money })),
  /** The last 7 days including today, oldest first. */
  volume: z.array(z.object({ date: z.string(), count: z.number().int(), amount: Money })),
  recent: z.array(Payout),
});
export type FlowSummary = z.infer<typeof FlowSummary>;
