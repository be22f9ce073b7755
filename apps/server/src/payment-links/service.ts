import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  PAYMENT_LINK_EXPIRY_DAYS,
  type CreatePaymentLink,
  type PaymentLink,
  type PaymentLinkDetails,
} from '@meridian/contract/payment-links';
import { enqueueCallbacks } from '../events/outbox.ts';
import { deliveriesFor } from '../callbacks/delivery.ts';
import type { Db } from '../db/database.ts';
import { clients, paymentLinkAttempts, paymentLinks } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { AppError, notFound } from '../http/errors.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { startOfDay } from '../lists/list-query.ts';
import { newId, newSecret } from '../lib/ids.ts';
import { formatMoney, toPaise } from '../lib/money.ts';
import { accountNumberOf, toPaymentLink, type PaymentLinkRow } from './answer.ts';
import { collectionVpa, qrSvg, upiPayeeName } from './upi.ts';

/* A payment link's life on the client's side: created, cancelled, expired, read. The pay page's side is pay.ts. */

const DAY_MS = 86_400_000;
/** Days are whole days in India for `expire_on`. */
const LINK_TIME_ZONE = 'Asia/Kolkata';

const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });

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

/** A link's row, locked for the transaction (null when none matches). */
export async function lockLink(tx: Db, where: ReturnType<typeof and>) {
  const [row] = await tx.select().from(paymentLinks).where(where).for('update');
  return row ?? null;
}

/** Writes a link's new state with its callback and audit record (inside the transaction). */
export async function transition(
  tx: Db,
  actor: Actor,
  row: PaymentLinkRow,
  set: PgUpdateSetSource<typeof paymentLinks>,
  event: string,
  metadata: Record<string, unknown>,
  at: Date,
): Promise<{ row: PaymentLinkRow; effects: Effects }> {
  await tenantOf(tx, row.clientRef); // the pay page and the sweeper may meet the tenant here first
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
export function expire(tx: Db, row: PaymentLinkRow, at: Date) {
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
      livemode: livemodeOf(a.clientRef),
      at: a.createdAt.toISOString(),
    })),
    callbacks: await deliveriesFor(db, clientRef, urn),
  };
}
