import { and, eq, sql } from 'drizzle-orm';
import type { PaymentLinkStatus } from '@meridian/contract/payment-links';
import type { Db } from '../db/database.ts';
import { clients, paymentLinkAttempts, paymentLinks } from '../db/schema.ts';
import type { Actor } from '../audit/actor.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { post } from '../ledger/ledger.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { bankReference } from '../rail/sandbox.ts';
import { amountRange, intentOf, statusOf, TOKEN_PATTERN, type PaymentLinkRow } from './answer.ts';
import { expire, lockLink, transition } from './service.ts';
import { qrSvg } from './upi.ts';

/* The public pay page's side: a link by its token, and the sandbox's pay and fail buttons. */

/** The client behind a public token, or null (a malformed token or an unknown client). */
async function clientOfToken(db: Db, token: string): Promise<{ clientRef: number; name: string } | null> {
  const m = TOKEN_PATTERN.exec(token);
  if (!m) return null;
  const [client] = await db
    .select({ id: clients.id, name: clients.companyCommonName })
    .from(clients)
    .where(eq(clients.clientId, m[1]!));
  return client ? { clientRef: client.id, name: client.name } : null;
}

export type PublicLink = { row: PaymentLinkRow; merchant: string; status: PaymentLinkStatus; qrSvg: string };

/** A link by its public token (whatever its client: the page is public), with its merchant, or null. */
export async function linkByToken(db: Db, token: string, now = new Date()): Promise<PublicLink | null> {
  const client = await clientOfToken(db, token);
  if (!client) return null;
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.clientRef, client.clientRef), eq(paymentLinks.token, token)));
  if (!row) return null;
  return { row, merchant: client.name, status: statusOf(row, now), qrSvg: await qrSvg(intentOf(row)) };
}

export type PayOutcome =
  | { kind: 'paid'; row: PaymentLinkRow }
  | { kind: 'failed'; row: PaymentLinkRow }
  | { kind: 'not_open'; row: PaymentLinkRow; status: PaymentLinkStatus }
  | { kind: 'bad_amount'; row: PaymentLinkRow; message: string }
  | { kind: 'not_found' };

export const FAILURE_REASON = "Declined by the payer's bank (sandbox)";

/**
 * The pay page's sandbox buttons. `pay` credits the client's account once: the link row is locked, its state
 * checked, the ledger entry carries the link's unique key and a second SUCCESS attempt is refused by a unique
 * index, so a double submit (or two racing ones) pays once and the second sees PAID. `fail` records a declined
 * attempt (`payment_link.failed`); the link stays payable. A link past its expiry is marked EXPIRED instead.
 */
export async function attemptPayment(
  db: Db,
  input: { token: string; action: 'pay' | 'fail'; amount: string | null; meta: Actor['meta']; at?: Date },
): Promise<{ outcome: PayOutcome; effects: Effects }> {
  const client = await clientOfToken(db, input.token);
  if (!client) return { outcome: { kind: 'not_found' }, effects: noEffects() };
  const at = input.at ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockLink(
      tx,
      and(eq(paymentLinks.clientRef, client.clientRef), eq(paymentLinks.token, input.token)),
    );
    if (!row) return { outcome: { kind: 'not_found' as const }, effects: noEffects() };
    if (row.status === 'CREATED' && row.expiresAt.getTime() <= at.getTime()) {
      const expired = await expire(tx, row, at);
      return {
        outcome: { kind: 'not_open' as const, row: expired.row, status: 'EXPIRED' as const },
        effects: expired.effects,
      };
    }
    if (row.status !== 'CREATED')
      return {
        outcome: { kind: 'not_open' as const, row, status: row.status as PaymentLinkStatus },
        effects: noEffects(),
      };
    const amount = amountToPay(row, input.amount);
    if (typeof amount === 'string')
      return { outcome: { kind: 'bad_amount' as const, row, message: amount }, effects: noEffects() };
    const actor: Actor = { clientRef: row.clientRef, userRef: null, email: 'payer', meta: input.meta };
    if (input.action === 'fail') return decline(tx, actor, row, amount, at);
    return pay(tx, actor, row, amount, at, input.at);
  });
}

/** The link's amount, or the one the payer entered when it is within the link's range; else why it is refused. */
function amountToPay(row: PaymentLinkRow, typed: string | null): bigint | string {
  if (row.amount !== null) return row.amount;
  const range = amountRange(row);
  let entered: bigint | null = null;
  try {
    entered = typed ? toPaise(typed.trim()) : null;
  } catch {
    entered = null;
  }
  if (entered === null || entered < range.min || entered > range.max)
    return `Enter an amount from ${formatRupees(range.min)} to ${formatRupees(range.max)}`;
  return entered;
}

/** A declined attempt (`payment_link.failed`): recorded, the link stays payable. */
async function decline(
  tx: Db,
  actor: Actor,
  row: PaymentLinkRow,
  amount: bigint,
  at: Date,
): Promise<{ outcome: PayOutcome; effects: Effects }> {
  await tx.insert(paymentLinkAttempts).values({
    clientRef: row.clientRef,
    linkRef: row.id,
    status: 'FAILED',
    amount,
    reason: FAILURE_REASON,
    createdAt: at,
  });
  const failed = await transition(
    tx,
    actor,
    row,
    { failedAttempts: sql`${paymentLinks.failedAttempts} + 1` },
    'failed',
    { amount: formatMoney(amount), reason: FAILURE_REASON },
    at,
  );
  return { outcome: { kind: 'failed' as const, row: failed.row }, effects: failed.effects };
}

/** A payment: the client's account credited once (the link's ledger key), the attempt recorded, the link PAID. */
async function pay(
  tx: Db,
  actor: Actor,
  row: PaymentLinkRow,
  amount: bigint,
  at: Date,
  backdated: Date | undefined,
): Promise<{ outcome: PayOutcome; effects: Effects }> {
  const utr = bankReference('UPI', row.urn, at);
  const entry = await post(tx, {
    clientRef: row.clientRef,
    clientAccountRef: row.accountRef,
    counterparty: 'collections',
    category: 'PAYMENT_LINK',
    description: `Payment link ${row.customerReferenceNumber}: ${row.purpose}`,
    amount,
    referenceUrn: row.urn,
    bankReferenceNumber: utr,
    customerReferenceNumber: row.customerReferenceNumber,
    idempotencyKey: `payment_link:${row.urn}`,
    at: backdated,
  });
  if (!entry) throw new Error(`payment link ${row.urn} was credited before it was paid`);
  await tx.insert(paymentLinkAttempts).values({
    clientRef: row.clientRef,
    linkRef: row.id,
    status: 'SUCCESS',
    amount,
    utr,
    createdAt: at,
  });
  const paid = await transition(
    tx,
    actor,
    row,
    { status: 'PAID', paidAmount: amount, utr, entryId: entry.entryId, paidAt: at },
    'paid',
    { amount: formatMoney(amount), bank_reference_number: utr },
    at,
  );
  return { outcome: { kind: 'paid' as const, row: paid.row }, effects: paid.effects };
}
