import { and, eq } from 'drizzle-orm';
import type {
  Mandate,
  MandateFrequency,
  MandateStatus,
  MandateType,
  Presentation,
  PresentationStatus,
} from '@meridian/contract/mandates';
import type { Db } from '../db/database.ts';
import { livemodeOf } from '../db/tenants.ts';
import { accounts, type mandatePresentations, type mandates } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { formatMoney } from '../lib/money.ts';

/* A mandate's and a presentation's answers, and what the writes of both share. */

/** The rail's calendar: mandate dates and frequency periods are days in India. */
export const MANDATE_TIME_ZONE = 'Asia/Kolkata';
export const DAY_MS = 86_400_000;

export type MandateRow = typeof mandates.$inferSelect;
export type PresentationRow = typeof mandatePresentations.$inferSelect;

export type MandateOptions = {
  /** Multiplies the rail's delays (config RAIL_TIME_SCALE). */
  railTimeScale: number;
  /** Backdates the change (demo seed only); default now. */
  at?: Date;
};

export const toMandate = (m: MandateRow, creditAccountNumber: string): Mandate => ({
  urn: m.urn,
  customer_reference_number: m.customerReferenceNumber,
  type: m.type as MandateType,
  status: m.status as MandateStatus,
  status_message: m.statusMessage,
  umrn: m.umrn,
  customer_name: m.customerName,
  customer_email: m.customerEmail,
  customer_mobile: m.customerMobile,
  account_number: m.accountNumber,
  ifsc_code: m.ifsc,
  account_type: m.accountType as Mandate['account_type'],
  bank_name: m.bankName,
  vpa: m.vpa,
  max_amount: formatMoney(m.maxAmount),
  frequency: m.frequency as MandateFrequency,
  start_date: m.startDate,
  end_date: m.endDate,
  authorisation_url: m.authorisationUrl,
  authorisation_expires_at: m.authExpiresAt.toISOString(),
  credit_account_number: creditAccountNumber,
  livemode: livemodeOf(m.clientRef),
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

type MandateSummary = Pick<MandateRow, 'urn' | 'type' | 'customerName'>;

export const toPresentation = (p: PresentationRow, m: MandateSummary): Presentation => ({
  urn: p.urn,
  mandate_urn: m.urn,
  mandate_type: m.type as MandateType,
  customer_reference_number: p.customerReferenceNumber,
  customer_name: m.customerName,
  amount: formatMoney(p.amount),
  remarks: p.remarks,
  status: p.status as PresentationStatus,
  status_message: p.statusMessage,
  bank_reference_number: p.bankReferenceNumber,
  livemode: livemodeOf(p.clientRef),
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

/** The number of the client account a mandate credits. */
export async function accountNumberOf(db: Db, row: MandateRow): Promise<string> {
  const [a] = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, row.clientRef), eq(accounts.id, row.accountRef)));
  return a?.number ?? '';
}

export const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

export const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });
