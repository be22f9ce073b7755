import { and, eq } from 'drizzle-orm';
import {
  PAYMENT_LINK_LIMITS,
  UPI_NOTE_MAX,
  type PaymentLink,
  type PaymentLinkStatus,
} from '@meridian/contract/payment-links';
import type { Db } from '../db/database.ts';
import { livemodeOf } from '../db/tenants.ts';
import { accounts, type paymentLinks } from '../db/schema.ts';
import { formatMoney } from '../lib/money.ts';
import { upiIntent } from './upi.ts';

/* A payment link as answered: its status now, its UPI intent, the amounts it accepts. */

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The public token: the client's public id, a dot, 128 random bits (base64url). */
export const TOKEN_PATTERN = /^(CLI[0-9A-Z]{26})\.([A-Za-z0-9_-]{22})$/;

/** The status a link has now: an open link past its expiry is EXPIRED even before the sweeper writes it. */
export const statusOf = (r: PaymentLinkRow, now = new Date()): PaymentLinkStatus =>
  r.status === 'CREATED' && r.expiresAt.getTime() <= now.getTime()
    ? 'EXPIRED'
    : (r.status as PaymentLinkStatus);

const money = (v: bigint | null) => (v === null ? null : formatMoney(v));

export const intentOf = (r: PaymentLinkRow) =>
  upiIntent({
    pa: r.payeeVpa,
    pn: r.payeeName,
    am: money(r.amount),
    mam: r.customerEntersAmount ? money(r.minAmount) : null,
    tr: r.urn,
    tn: r.purpose.slice(0, UPI_NOTE_MAX),
  });

export const toPaymentLink = (r: PaymentLinkRow, accountNumber: string, now = new Date()): PaymentLink => ({
  urn: r.urn,
  customer_reference_number: r.customerReferenceNumber,
  amount: money(r.amount),
  customer_enters_amount: r.customerEntersAmount,
  min_amount: money(r.minAmount),
  max_amount: money(r.maxAmount),
  purpose: r.purpose,
  customer_name: r.customerName,
  customer_email: r.customerEmail,
  customer_mobile: r.customerMobile,
  status: statusOf(r, now),
  link_url: r.linkUrl,
  short_url: r.linkUrl,
  upi_intent: intentOf(r),
  payee_vpa: r.payeeVpa,
  account_number: accountNumber,
  expires_at: r.expiresAt.toISOString(),
  paid_amount: money(r.paidAmount),
  bank_reference_number: r.utr,
  paid_at: r.paidAt?.toISOString() ?? null,
  cancelled_at: r.cancelledAt?.toISOString() ?? null,
  failed_attempts: r.failedAttempts,
  livemode: livemodeOf(r.clientRef),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The amount range a link accepts, in paise. */
export function amountRange(r: PaymentLinkRow): { min: bigint; max: bigint } {
  if (r.amount !== null) return { min: r.amount, max: r.amount };
  return {
    min: r.minAmount ?? BigInt(PAYMENT_LINK_LIMITS.min),
    max: r.maxAmount ?? BigInt(PAYMENT_LINK_LIMITS.max),
  };
}

/** The number of the account a link credits. */
export async function accountNumberOf(db: Db, r: PaymentLinkRow): Promise<string> {
  const [a] = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, r.clientRef), eq(accounts.id, r.accountRef)));
  return a?.number ?? '';
}
