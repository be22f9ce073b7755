import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  PAYMENT_LINK_EXPIRY_DAYS,
  PAYMENT_LINK_LIMITS,
  UPI_NOTE_MAX,
  type CreatePaymentLink,
  type PaymentLink,
  type PaymentLinkDetails,
  type PaymentLinkStatus,
} from '@meridian/contract/payment-links';
import { enqueueCallbacks } from '../events/outbox.ts';
import { deliveriesFor } from '../callbacks/delivery.ts';
import type { Db } from '../db/database.ts';
import { accounts, clients, paymentLinkAttempts, paymentLinks } from '../db/schema.ts';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { AppError, notFound } from '../http/errors.ts';
import { clientAccounts, post } from '../ledger/ledger.ts';
import { startOfDay } from '../lists/list-query.ts';
import { newId, newSecret } from '../lib/ids.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { bankReference } from '../rail/sandbox.ts';
import { collectionVpa, qrSvg, upiIntent, upiPayeeName } from './upi.ts';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

const DAY_MS = 86_400_000;
/** Days are whole days in India for `expire_on`. */
const LINK_TIME_ZONE = 'Asia/Kolkata';

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
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });

/** The amount range a link accepts, in paise. */
export function amountRange(r: PaymentLinkRow): { min: bigint; max: bigint } {
  if (r.amount !== null) return { min: r.amount, max: r.amount };
  return {
    min: r.minAmount ?? BigInt(PAYMENT_LINK_LIMITS.min),
    max: r.maxAmount ?? BigInt(PAYMENT_LINK_LIMITS.max),
  };
}

/** When a new link expires: the end of `expire_on` in India, `expires_at`, or 7 days; within 180 days. */
function expiryOf(input: CreatePaymentLink, now: Date): Date {
  const max = now.getTime() + PAYMENT_LINK_EXPIRY_DAYS.max * DAY_MS;
  if (input.expire_on) {
    const end = new Date(startOfDay(input.expire_on, LINK_TIME_ZONE).getTime() + DAY_MS);
    if (end.getTime() <= now.getTime())
      throw unprocessable('invalid_expiry', 'expire_on must not be in the past', {
        expire_on: 'is in the past',
      });
    // the whole last day counts: a date 180 days ahead is allowed
    if (end.getTime() > max + DAY_MS)
      throw unprocessable('invalid_expiry', `A link expires within ${PAYMENT_LINK_EXPIRY_DAYS.max} days`, {
        expire_on: `is more than ${PAYMENT_LINK_EXPIRY_DAYS.max} days ahead`,
      });
    return end;
  }
  if (input.expires_at) {
    const at = new Date(input.expires_at);
    if (at.getTime() <= now.getTime())
      throw unprocessable('invalid_expiry', 'expires_at must be in the future', {
        expires_at: 'is not in the future',
      });
    if (at.getTime() > max)
      throw unprocessable('invalid_expiry', `A link expires within ${PAYMENT_LINK_EXPIRY_DAYS.max} days`, {
        expires_at: `is more than ${PAYMENT_LINK_EXPIRY_DAYS.max} days ahead`,
      });
    return at;
  }
  return new Date(now.getTime() + PAYMENT_LINK_EXPIRY_DAYS.default * DAY_MS);
}

export type LinkOptions = {
  /** The origin of the pay page's URL (PUBLIC_URL, else the request's origin). */
  publicUrl: string;
  /** Backdates the link (demo seed only); default now. */
  at?: Date;
};

/**
 * Creates a payment link in the caller's transaction (the idempotency record commits with it), with its
 * `payment_link.created` callback and audit record. The link credits the client's (first) current account.
 */
export async function createPaymentLink(
  tx: Db,
  actor: Actor,
  input: CreatePaymentLink,
  opts: LinkOptions,
): Promise<{ link: PaymentLinkDetails; effects: Effects }> {
  const now = opts.at ?? new Date();
  const [account] = await clientAccounts(tx, actor.clientRef);
  if (!account) throw unprocessable('no_account', 'You have no current account to credit the payments to');
  const [client] = await tx
    .select({ clientId: clients.clientId, name: clients.companyCommonName })
    .from(clients)
    .where(eq(clients.id, actor.clientRef));
  if (!client) throw notFound('Unknown client');
  const expiresAt = expiryOf(input, now);
  const [dup] = await tx
    .select({ urn: paymentLinks.urn })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.clientRef, actor.clientRef),
        eq(paymentLinks.customerReferenceNumber, input.customer_reference_number),
      ),
    );
  if (dup) throw duplicateReference(input.customer_reference_number);

  const urn = newId('PLK', opts.at?.getTime());
  const token = `${client.clientId}.${newSecret(16)}`;
  const blank = (v: string | undefined) => (v ? v : null);
  const [row] = await tx
    .insert(paymentLinks)
    .values({
      urn,
      clientRef: actor.clientRef,
      token,
      linkUrl: `${opts.publicUrl.replace(/\/+$/, '')}/pay/${token}`,
      accountRef: account.id,
      customerReferenceNumber: input.customer_reference_number,
      amount: input.customer_enters_amount ? null : toPaise(input.amount!),
      customerEntersAmount: input.customer_enters_amount,
      minAmount: input.min_amount ? toPaise(input.min_amount, 'min_amount') : null,
      maxAmount: input.max_amount ? toPaise(input.max_amount, 'max_amount') : null,
      purpose: input.purpose,
      customerName: blank(input.customer_name),
      customerEmail: blank(input.customer_email),
      customerMobile: blank(input.customer_mobile)?.replace(/^\+91/, '') ?? null,
      payeeVpa: collectionVpa(account.accountNumber),
      payeeName: upiPayeeName(client.name),
      expiresAt,
      ...(opts.at ? { createdAt: opts.at, updatedAt: opts.at } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw duplicateReference(input.customer_reference_number);
  const link = toPaymentLink(row, account.accountNumber, now);
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: actor.clientRef,
    eventType: 'PAYMENT_LINK',
    event: 'payment_link.created',
    subjectUrn: urn,
    data: link,
  });
  await auditBy(tx, actor, 'payment_link.created', urn, {
    amount: link.amount,
    customer_enters_amount: link.customer_enters_amount,
    customer_reference_number: link.customer_reference_number,
    expires_at: link.expires_at,
  });
  return {
    link: { ...link, qr_svg: await qrSvg(link.upi_intent), attempts: [], callbacks: [] },
    effects: { ...noEffects(), callbacks },
  };
}

async function lockLink(tx: Db, where: ReturnType<typeof and>) {
  const [row] = await tx.select().from(paymentLinks).where(where).for('update');
  return row ?? null;
}

async function accountNumberOf(db: Db, r: PaymentLinkRow): Promise<string> {
  const [a] = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, r.clientRef), eq(accounts.id, r.accountRef)));
  return a?.number ?? '';
}

/** Writes a link's new state with its callback and audit record (inside the transaction). */
async function transition(
  tx: Db,
  actor: Actor,
  row: PaymentLinkRow,
  set: PgUpdateSetSource<typeof paymentLinks>,
  event: string,
  metadata: Record<string, unknown>,
  at: Date,
): Promise<{ row: PaymentLinkRow; effects: Effects }> {
  const [updated] = await tx
    .update(paymentLinks)
    .set({ ...set, updatedAt: at })
    .where(and(eq(paymentLinks.clientRef, row.clientRef), eq(paymentLinks.id, row.id)))
    .returning();
  const link = toPaymentLink(updated!, await accountNumberOf(tx, updated!), at);
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: row.clientRef,
    eventType: 'PAYMENT_LINK',
    event: `payment_link.${event}`,
    subjectUrn: row.urn,
    data: link,
  });
  await auditBy(tx, actor, `payment_link.${event}`, row.urn, metadata);
  return { row: updated!, effects: { ...noEffects(), callbacks } };
}

/** Marks an open link past its expiry EXPIRED (inside the transaction, the row locked). */
function expire(tx: Db, row: PaymentLinkRow, at: Date) {
  return transition(
    tx,
    systemActor(row.clientRef, 'payment-link-expiry'),
    row,
    { status: 'EXPIRED' },
    'expired',
    { expires_at: row.expiresAt.toISOString() },
    at,
  );
}

const byUrn = (clientRef: number, urn: string) =>
  and(eq(paymentLinks.clientRef, clientRef), eq(paymentLinks.urn, urn));

/**
 * Cancels an open link (`payment_link.cancelled`). A link that is already paid, cancelled or expired is refused
 * (`refused`: the route answers 409 naming its state); one found past its expiry is marked EXPIRED first, and
 * that commits (its callback is in `effects`).
 */
export async function cancelPaymentLink(
  db: Db,
  actor: Actor,
  urn: string,
): Promise<{ link: PaymentLink; effects: Effects; refused: boolean }> {
  const at = new Date();
  const result = await db.transaction(async (tx) => {
    const row = await lockLink(tx, byUrn(actor.clientRef, urn));
    if (!row) throw notFound(`No payment link with urn ${urn}`);
    if (row.status === 'CREATED' && row.expiresAt.getTime() <= at.getTime())
      return { refused: true, ...(await expire(tx, row, at)) };
    if (row.status !== 'CREATED') return { refused: true, row, effects: noEffects() };
    const cancelled = await transition(
      tx,
      actor,
      row,
      { status: 'CANCELLED', cancelledAt: at },
      'cancelled',
      {},
      at,
    );
    return { refused: false, ...cancelled };
  });
  return {
    link: toPaymentLink(result.row, await accountNumberOf(db, result.row), at),
    effects: result.effects,
    refused: result.refused,
  };
}

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
    const range = amountRange(row);
    let amount = row.amount;
    if (amount === null) {
      let entered: bigint | null = null;
      try {
        entered = input.amount ? toPaise(input.amount.trim()) : null;
      } catch {
        entered = null;
      }
      if (entered === null || entered < range.min || entered > range.max)
        return {
          outcome: {
            kind: 'bad_amount' as const,
            row,
            message: `Enter an amount from ${formatRupees(range.min)} to ${formatRupees(range.max)}`,
          },
          effects: noEffects(),
        };
      amount = entered;
    }
    const actor: Actor = { clientRef: row.clientRef, userRef: null, email: 'payer', meta: input.meta };
    if (input.action === 'fail') {
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
      at: input.at,
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
  });
}

/**
 * Open links past their expiry, of every client, marked EXPIRED (`payment_link.expired`): the minute sweeper.
 * Each link in its own short transaction, its row locked and its state checked again (idempotent).
 */
export async function expireDueLinks(
  db: Db,
  now = new Date(),
  limit = 500,
): Promise<{ expired: number; effects: Effects }> {
  const due = await db
    .select({ clientRef: paymentLinks.clientRef, urn: paymentLinks.urn })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, 'CREATED'), sql`${paymentLinks.expiresAt} <= ${now}`))
    .orderBy(asc(paymentLinks.expiresAt))
    .limit(limit);
  let expired = 0;
  const callbacks: Effects['callbacks'] = [];
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      const row = await lockLink(tx, byUrn(d.clientRef, d.urn));
      if (!row || row.status !== 'CREATED' || row.expiresAt.getTime() > now.getTime()) return null;
      return expire(tx, row, now);
    });
    if (done) {
      expired++;
      callbacks.push(...done.effects.callbacks);
    }
  }
  return { expired, effects: { ...noEffects(), callbacks } };
}

export async function getPaymentLinkDetails(
  db: Db,
  clientRef: number,
  urn: string,
): Promise<PaymentLinkDetails> {
  const [row] = await db.select().from(paymentLinks).where(byUrn(clientRef, urn));
  if (!row) throw notFound(`No payment link with urn ${urn}`);
  const attempts = await db
    .select()
    .from(paymentLinkAttempts)
    .where(and(eq(paymentLinkAttempts.clientRef, clientRef), eq(paymentLinkAttempts.linkRef, row.id)))
    .orderBy(asc(paymentLinkAttempts.createdAt), asc(paymentLinkAttempts.id));
  const link = toPaymentLink(row, await accountNumberOf(db, row));
  return {
    ...link,
    qr_svg: await qrSvg(link.upi_intent),
    attempts: attempts.map((a) => ({
      status: a.status as 'SUCCESS' | 'FAILED',
      amount: formatMoney(a.amount),
      bank_reference_number: a.utr,
      reason: a.reason,
      at: a.createdAt.toISOString(),
    })),
    callbacks: await deliveriesFor(db, clientRef, urn),
  };
}
