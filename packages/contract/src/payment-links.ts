import { z } from 'zod';
import {
  AMOUNT_PATTERN,
  Amount,
  CalendarDate,
  CallbackDelivery,
  MOBILE_PATTERN,
  Money,
  NAME_PATTERN,
  REFERENCE_PATTERN,
  UPI_ID_PATTERN,
} from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * Payment links (a pay page of Meridian's that a client's customer opens without signing in, with a UPI QR code
 * and, in the sandbox, Pay / Fail buttons) and UPI intent links (`upi://pay?…`, NPCI's parameter names).
 * Money travels as decimal strings with two places; times as ISO 8601 (UTC).
 */

export const PAYMENT_LINK_STATUSES = ['CREATED', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export const PaymentLinkStatus = z.enum(PAYMENT_LINK_STATUSES);
export type PaymentLinkStatus = z.infer<typeof PaymentLinkStatus>;

/** What a link (and a UPI intent) may ask for, in paise: ₹1 to ₹1,00,000 (the UPI per-transaction limit). */
export const PAYMENT_LINK_LIMITS = { min: 100, max: 1_00_000_00 } as const;
/** A link expires after this many days unless told otherwise, and at most after MAX. */
export const PAYMENT_LINK_EXPIRY_DAYS = { default: 7, max: 180 } as const;
export const PAYMENT_LINK_PURPOSE_MAX = 100;
/** NPCI: `tr` (transaction reference) is at most 35 characters, `tn` (note) at most 50. */
export const UPI_REFERENCE_MAX = 35;
export const UPI_NOTE_MAX = 50;

const paise = (amount: string) => {
  const [rupees, decimals = ''] = amount.split('.');
  return Number(rupees) * 100 + Number(decimals.padEnd(2, '0'));
};
const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const LIMIT_MESSAGE = `Enter an amount from ${rupees(PAYMENT_LINK_LIMITS.min)} to ${rupees(PAYMENT_LINK_LIMITS.max)}`;
/** True when an amount (a valid decimal string) is within the link limits. */
export const withinLinkLimits = (amount: string) => {
  if (!AMOUNT_PATTERN.test(amount)) return false;
  const p = paise(amount);
  return p >= PAYMENT_LINK_LIMITS.min && p <= PAYMENT_LINK_LIMITS.max;
};
const linkAmount = Amount.refine(withinLinkLimits, LIMIT_MESSAGE);
/** Compares two valid amounts: negative when a < b. */
export const compareAmounts = (a: string, b: string) => paise(a) - paise(b);

const optionalText = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]).optional();

export const CreatePaymentLink = z
  .object({
    /** The client's own reference, unique among its links. */
    customer_reference_number: z
      .string()
      .trim()
      .max(40, 'A reference is 1 to 40 letters, digits, _ or -')
      .regex(REFERENCE_PATTERN, 'A reference is 1 to 40 letters, digits, _ or -'),
    /** A fixed amount; absent when the customer enters it (`customer_enters_amount`). */
    amount: linkAmount.optional(),
    customer_enters_amount: z.boolean().default(false),
    /** Limits of an amount the customer enters (default: the link limits). */
    min_amount: linkAmount.optional(),
    max_amount: linkAmount.optional(),
    purpose: z
      .string()
      .trim()
      .min(1, 'Enter what the payment is for')
      .max(PAYMENT_LINK_PURPOSE_MAX, `At most ${PAYMENT_LINK_PURPOSE_MAX} characters`),
    customer_name: optionalText(
      z
        .string()
        .trim()
        .max(100, 'A name is 2 to 100 letters')
        .regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -"),
    ),
    customer_email: optionalText(z.email('Enter a valid e-mail address').max(254)),
    customer_mobile: optionalText(
      z.string().trim().max(13).regex(MOBILE_PATTERN, 'Enter a 10-digit Indian mobile number'),
    ),
    /** The link works until the end of this day (Asia/Kolkata). At most one of expire_on and expires_at. */
    expire_on: CalendarDate.optional(),
    /** The link works until this instant (ISO 8601 with an offset). Default: 7 days; at most 180 days. */
    expires_at: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time' }).max(40).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.customer_enters_amount && v.amount)
      issue('amount', 'Leave the amount empty when the customer enters it');
    if (!v.customer_enters_amount && !v.amount)
      issue('amount', 'Enter an amount, or let the customer enter it');
    if (!v.customer_enters_amount && (v.min_amount || v.max_amount))
      issue(v.min_amount ? 'min_amount' : 'max_amount', 'Only for an amount the customer enters');
    if (
      v.min_amount &&
      v.max_amount &&
      withinLinkLimits(v.min_amount) &&
      withinLinkLimits(v.max_amount) &&
      compareAmounts(v.min_amount, v.max_amount) > 0
    )
      issue('max_amount', 'The maximum must not be below the minimum');
    if (v.expire_on && v.expires_at) issue('expires_at', 'Give expire_on or expires_at, not both');
  });
export type CreatePaymentLink = z.infer<typeof CreatePaymentLink>;
export type CreatePaymentLinkInput = z.input<typeof CreatePaymentLink>;

export const PaymentLinkUrnParams = z.object({ urn: z.string().min(1).max(64) });

export const PaymentLink = z.object({
  urn: z.string(),
  customer_reference_number: z.string(),
  /** The fixed amount; null when the customer enters it. */
  amount: Money.nullable(),
  customer_enters_amount: z.boolean(),
  min_amount: Money.nullable(),
  max_amount: Money.nullable(),
  purpose: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  status: PaymentLinkStatus,
  /** The public pay page (`/pay/{token}`): no sign-in, the token is the capability. */
  link_url: z.string(),
  /** The same page: Meridian's pay page address is already short (no third-party shortener in the sandbox). */
  short_url: z.string(),
  /** The UPI intent behind the QR code (`upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…`). */
  upi_intent: z.string(),
  payee_vpa: z.string(),
  /** The client account a payment is credited to. */
  account_number: z.string(),
  expires_at: z.string(),
  paid_amount: Money.nullable(),
  /** The UTR of the payment. */
  bank_reference_number: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  failed_attempts: z.number().int(),
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentLink = z.infer<typeof PaymentLink>;

export const PAYMENT_LINK_ATTEMPT_STATUSES = ['SUCCESS', 'FAILED'] as const;
export const PaymentLinkAttempt = z.object({
  status: z.enum(PAYMENT_LINK_ATTEMPT_STATUSES),
  amount: Money,
  bank_reference_number: z.string().nullable(),
  reason: z.string().nullable(),
  livemode: livemodeField,
  at: z.string(),
});

/** A link with its QR code (SVG), the payment attempts and the callbacks sent about it. */
export const PaymentLinkDetails = PaymentLink.extend({
  qr_svg: z.string(),
  attempts: z.array(PaymentLinkAttempt),
  callbacks: z.array(CallbackDelivery),
});
export type PaymentLinkDetails = z.infer<typeof PaymentLinkDetails>;

/** /payment-links' list and its export; the collection requests report reads the same rows. */
export const PAYMENT_LINKS_LIST = defineList({
  name: 'payment_links',
  title: 'Payment links',
  noun: 'payment link',
  permission: 'flow.read',
  paths: readPaths('payment_links'),
  searchKeys: [
    { key: '{product}_urn', label: 'URN' },
    { key: 'customer_reference_number', label: 'Customer reference' },
  ],
  defaultRange: 'last7',
  filters: { status: { kind: 'enum', label: 'Status', values: PAYMENT_LINK_STATUSES } },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 2 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'customer_enters_amount', label: 'Customer enters amount', format: 'text', priority: 3 },
    { key: 'purpose', label: 'Purpose', format: 'text', priority: 2 },
    { key: 'customer_name', label: 'Customer', format: 'text', priority: 3 },
    { key: 'customer_email', label: 'E-mail', format: 'text', priority: 3 },
    { key: 'customer_mobile', label: 'Mobile', format: 'text', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'expires_at', label: 'Expires', format: 'time', priority: 3 },
    { key: 'paid_amount', label: 'Paid amount', format: 'money', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 3 },
    { key: 'paid_at', label: 'Paid', format: 'time', priority: 3 },
    { key: 'link_url', label: 'Link', format: 'text', priority: 3 },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// UPI intent links

/** A UPI payee name: what payer apps show; letters, digits, spaces and . & ' - ( ) , */
export const UPI_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .&'(),-]{0,98}$/;
/** `tr` and `tn`: printable text without the characters UPI apps mishandle. */
export const UPI_TEXT_PATTERN = /^[A-Za-z0-9 .,:;_/#@()+-]+$/;

/** `POST /v2/payments/upi/link` */
export const CreateUpiLink = z.object({
  /** The payee VPA (`pa`); default: the client's collection VPA. */
  payee_vpa: optionalText(
    z
      .string()
      .trim()
      .max(255, 'A UPI id is at most 255 characters')
      .regex(UPI_ID_PATTERN, 'Enter a UPI id like name@bank'),
  ),
  /** The payee name (`pn`); default: the client's name. */
  payee_name: optionalText(
    z
      .string()
      .trim()
      .max(99, 'At most 99 characters')
      .regex(UPI_NAME_PATTERN, "Letters, digits, spaces and . & ' - ( ) ,"),
  ),
  /** `am`: absent, the payer enters the amount. */
  amount: optionalText(linkAmount),
  /** `tr`: the transaction reference. */
  reference: optionalText(
    z
      .string()
      .trim()
      .max(UPI_REFERENCE_MAX, `At most ${UPI_REFERENCE_MAX} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ or -'),
  ),
  /** `tn`: the note the payer sees. */
  note: optionalText(
    z
      .string()
      .trim()
      .max(UPI_NOTE_MAX, `At most ${UPI_NOTE_MAX} characters`)
      .regex(UPI_TEXT_PATTERN, 'Letters, digits, spaces and . , : ; _ / # @ ( ) + -'),
  ),
});
export type CreateUpiLink = z.infer<typeof CreateUpiLink>;

export const UpiLink = z.object({
  intent: z.string(),
  payee_vpa: z.string(),
  payee_name: z.string(),
  amount: Money.nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The intent as a QR code (SVG document). */
  qr_svg: z.string(),
});
export type UpiLink = z.infer<typeof UpiLink>;
