import { z } from 'zod';
import {
  ACCOUNT_NUMBER_PATTERN,
  Amount,
  AMOUNT_PATTERN,
  CalendarDate,
  IFSC_PATTERN,
  MOBILE_PATTERN,
  Money,
  NAME_PATTERN,
  REFERENCE_PATTERN,
  UPI_ID_PATTERN,
} from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * E-mandates: NACH and UPI-autopay registrations (a customer's standing authorisation to debit their account up
 * to a maximum amount at a frequency between two dates) and presentations (the debits made under them).
 * Money travels as decimal strings with two places; dates as YYYY-MM-DD (Asia/Kolkata, the rail's calendar).
 *
 * Imported as `@meridian/contract/mandates`, not through the index (like `./screens`): every screen loads the
 * index's chunk, and the /flow first view's JavaScript budget has no room for schemas only /flow/e-mandates uses.
 */

export const MANDATE_TYPES = ['NACH', 'UPI_AUTOPAY'] as const;
export const MandateType = z.enum(MANDATE_TYPES);
export type MandateType = z.infer<typeof MandateType>;

export const MANDATE_FREQUENCIES = ['ADHOC', 'DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export const MandateFrequency = z.enum(MANDATE_FREQUENCIES);
export type MandateFrequency = z.infer<typeof MandateFrequency>;

/** PENDING (awaiting the customer) → ACTIVE or REJECTED; ACTIVE ⇄ PAUSED; → CANCELLED; → EXPIRED. */
export const MANDATE_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED', 'PAUSED', 'CANCELLED', 'EXPIRED'] as const;
export const MandateStatus = z.enum(MANDATE_STATUSES);
export type MandateStatus = z.infer<typeof MandateStatus>;

export const PRESENTATION_STATUSES = ['PENDING', 'SUCCESS', 'BOUNCED'] as const;
export const PresentationStatus = z.enum(PRESENTATION_STATUSES);
export type PresentationStatus = z.infer<typeof PresentationStatus>;

export const ACCOUNT_TYPES = ['SAVINGS', 'CURRENT'] as const;
export const BankAccountType = z.enum(ACCOUNT_TYPES);

/** The schemes' ceilings per debit, in paise: NACH ₹1 crore, UPI autopay ₹1,00,000. */
export const MANDATE_LIMITS: Record<MandateType, { min: number; max: number; label: string }> = {
  NACH: { min: 100, max: 1_00_00_000_00, label: 'NACH (bank account, up to ₹1,00,00,000)' },
  UPI_AUTOPAY: { min: 100, max: 1_00_000_00, label: 'UPI autopay (VPA, up to ₹1,00,000)' },
};

/** A mandate not authorised within this many days expires. */
export const MANDATE_AUTHORISATION_DAYS = 7;

const reference = z
  .string()
  .trim()
  .regex(REFERENCE_PATTERN, 'A reference is 1 to 40 letters, digits, _ or -');
const optionalText = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

/** The create form and `POST /v2/mandates`. NACH needs a bank account; UPI autopay a VPA. */
export const CreateMandate = z
  .object({
    customer_reference_number: reference,
    type: MandateType,
    customer_name: z.string().trim().regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -"),
    customer_email: optionalText(z.email('Enter a valid e-mail address').max(254)),
    customer_mobile: z.string().trim().max(16).regex(MOBILE_PATTERN, 'Enter a 10-digit Indian mobile number'),
    account_number: optionalText(
      z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits'),
    ),
    ifsc_code: optionalText(
      z
        .string()
        .trim()
        .max(11)
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(IFSC_PATTERN, 'An IFSC is 4 letters, a zero, then 6 letters or digits')),
    ),
    account_type: optionalText(BankAccountType),
    vpa: optionalText(
      z.string().trim().max(320).regex(UPI_ID_PATTERN, 'Enter a UPI id (VPA) such as name@bank'),
    ),
    max_amount: Amount.max(16),
    frequency: MandateFrequency,
    start_date: CalendarDate,
    /** Empty or absent: until cancelled. */
    end_date: optionalText(CalendarDate),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 'NACH') {
      if (!v.account_number) need('account_number', 'A NACH mandate needs the payer’s account number');
      if (!v.ifsc_code) need('ifsc_code', 'A NACH mandate needs the payer’s IFSC');
      if (!v.account_type) need('account_type', 'Choose savings or current');
      if (v.vpa) need('vpa', 'A NACH mandate has no VPA');
    } else {
      if (!v.vpa) need('vpa', 'A UPI autopay mandate needs the payer’s VPA');
      if (v.account_number) need('account_number', 'A UPI autopay mandate has no account number');
    }
    if (v.end_date && v.end_date <= v.start_date)
      need('end_date', 'The end date must be after the start date');
    if (AMOUNT_PATTERN.test(v.max_amount)) {
      const [r, f = ''] = v.max_amount.split('.');
      const paise = Number(r) * 100 + Number(f.padEnd(2, '0'));
      const { min, max, label } = MANDATE_LIMITS[v.type];
      if (paise < min || paise > max) need('max_amount', `Outside the limits of ${label}`);
    }
  });
export type CreateMandate = z.input<typeof CreateMandate>;

export const Mandate = z.object({
  urn: z.string(),
  customer_reference_number: z.string(),
  type: MandateType,
  status: MandateStatus,
  status_message: z.string().nullable(),
  /** The scheme's Unique Mandate Reference Number, given on activation. */
  umrn: z.string().nullable(),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_mobile: z.string(),
  account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  account_type: BankAccountType.nullable(),
  bank_name: z.string().nullable(),
  vpa: z.string().nullable(),
  max_amount: Money,
  frequency: MandateFrequency,
  start_date: z.string(),
  end_date: z.string().nullable(),
  /** The hosted page where the customer approves or rejects the mandate (public; the token is the capability). */
  authorisation_url: z.string(),
  /** Until when the customer may authorise it (PENDING only). */
  authorisation_expires_at: z.string(),
  /** The client account presentations credit. */
  credit_account_number: z.string(),
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Mandate = z.infer<typeof Mandate>;

export const MandateEvent = z.object({
  status: MandateStatus,
  message: z.string().nullable(),
  livemode: livemodeField,
  at: z.string(),
});

export const UrnParams = z.object({ urn: z.string().min(1).max(64) });

export const CreatePresentation = z.object({
  customer_reference_number: reference,
  amount: Amount.max(16),
  /** Shown on the payer's statement. */
  remarks: z.string().trim().max(100).optional(),
});
export type CreatePresentation = z.input<typeof CreatePresentation>;

export const Presentation = z.object({
  urn: z.string(),
  mandate_urn: z.string(),
  mandate_type: MandateType,
  customer_reference_number: z.string(),
  customer_name: z.string(),
  amount: Money,
  remarks: z.string().nullable(),
  status: PresentationStatus,
  status_message: z.string().nullable(),
  bank_reference_number: z.string().nullable(),
  livemode: livemodeField,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Presentation = z.infer<typeof Presentation>;

export const MandateDetails = Mandate.extend({
  events: z.array(MandateEvent),
  presentations: z.array(Presentation),
});
export type MandateDetails = z.infer<typeof MandateDetails>;

/**
 * /flow/e-mandates' registrations and their export (search keys: "E-mandate registrations: search and
 * count"); the NACH registration MIS writes the same columns.
 */
export const MANDATE_REGISTRATIONS_LIST = defineList({
  name: 'mandate-registrations',
  title: 'Registrations',
  noun: 'mandate',
  permission: 'flow.read',
  paths: readPaths('mandates/registrations'),
  searchKeys: [
    { key: '{product}_urn', label: 'Mandate URN' },
    { key: 'customer_reference_number', label: 'Customer reference' },
    { key: 'umrn', label: 'UMRN' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: MANDATE_STATUSES },
    type: {
      kind: 'enum',
      label: 'Type',
      values: MANDATE_TYPES,
      valueLabels: { NACH: 'NACH', UPI_AUTOPAY: 'UPI autopay' },
    },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
    { key: 'umrn', label: 'UMRN', format: 'code', priority: 3 },
    { key: 'type', label: 'Type', format: 'text', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'status_message', label: 'Status message', format: 'text', priority: 3 },
    { key: 'customer_name', label: 'Customer', format: 'text', priority: 1 },
    { key: 'customer_email', label: 'E-mail', format: 'text', priority: 3 },
    { key: 'customer_mobile', label: 'Mobile', format: 'text', priority: 3 },
    { key: 'account_number', label: 'Payer account', format: 'code', priority: 3 },
    { key: 'ifsc_code', label: 'Payer IFSC', format: 'code', priority: 3 },
    { key: 'account_type', label: 'Account type', format: 'text', priority: 3 },
    { key: 'bank_name', label: 'Payer bank', format: 'text', priority: 3 },
    { key: 'vpa', label: 'Payer VPA', format: 'code', priority: 3 },
    { key: 'max_amount', label: 'Maximum amount', format: 'money', priority: 2 },
    { key: 'frequency', label: 'Frequency', format: 'text', priority: 3 },
    { key: 'start_date', label: 'Start date', format: 'date', priority: 3 },
    { key: 'end_date', label: 'End date', format: 'date', priority: 3 },
    { key: 'credit_account_number', label: 'Credit account', format: 'code', priority: 3 },
  ],
});

/** The debits presented under mandates, their export; the NACH and UPI-autopay MIS write the same columns. */
export const MANDATE_PRESENTATIONS_LIST = defineList({
  name: 'mandate-presentations',
  title: 'Debits',
  noun: 'debit',
  permission: 'flow.read',
  paths: readPaths('mandates/presentations'),
  searchKeys: [
    { key: '{product}_urn', label: 'Debit URN' },
    { key: 'mandate_urn', label: 'Mandate URN' },
    { key: 'customer_reference_number', label: 'Customer reference' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
  ],
  defaultRange: 'last7',
  filters: {
    status: { kind: 'enum', label: 'Status', values: PRESENTATION_STATUSES },
    mandate_type: {
      kind: 'enum',
      label: 'Mandate type',
      values: MANDATE_TYPES,
      valueLabels: { NACH: 'NACH', UPI_AUTOPAY: 'UPI autopay' },
    },
    amount: { kind: 'amount', label: 'Amount' },
  },
  columns: [
    { key: 'created_at', label: 'Presented', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'mandate_urn', label: 'Mandate URN', format: 'code', priority: 3 },
    { key: 'mandate_type', label: 'Mandate type', format: 'text', priority: 3 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
    { key: 'customer_name', label: 'Customer', format: 'text', priority: 1 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'status_message', label: 'Reason', format: 'text', priority: 3 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 2 },
    { key: 'remarks', label: 'Remarks', format: 'text', priority: 3 },
  ],
});
