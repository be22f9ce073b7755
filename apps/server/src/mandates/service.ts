import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MANDATE_AUTHORISATION_DAYS,
  MANDATE_LIMITS,
  type CreateMandate,
  type Mandate,
  type MandateDetails,
  type MandateStatus,
  type MandateType,
} from '@meridian/contract/mandates';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { lookupIfsc } from '../beneficiaries/ifsc.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { mandateEvents, mandatePresentations, mandates } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { newId, newSecret } from '../lib/ids.ts';
import { formatRupees, toPaise } from '../lib/money.ts';
import { dayIn } from '../lists/list-query.ts';
import { mandateReference } from '../rail/sandbox.ts';
import {
  accountNumberOf,
  DAY_MS,
  duplicateReference,
  MANDATE_TIME_ZONE,
  toMandate,
  toPresentation,
  unprocessable,
  type MandateOptions,
  type MandateRow,
} from './answer.ts';

/* A mandate's life: registered, authorised (or not) on the hosted page, paused, resumed, cancelled, expired. */

/** The hosted authorisation page of a mandate: public, the token (256 random bits) is the capability. */
export const authorisationUrl = (publicUrl: string, provider: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/${provider}/hosted/mandates/${token}`;

const normaliseMobile = (m: string) => m.trim().replace(/^\+91/, '');

/**
 * Registers a mandate (PENDING until the customer answers on the hosted page) in the caller's transaction, with
 * its event, the `mandate.pending` callbacks and an audit record. The client's current account receives its
 * presentations.
 */
export async function createMandate(
  tx: Db,
  actor: Actor,
  input: CreateMandate,
  opts: MandateOptions & { publicUrl: string; provider: string },
): Promise<{ mandate: Mandate; effects: Effects }> {
  const at = opts.at ?? new Date();
  const { maxAmount, bankName } = checkMandate(input, at);
  const nach = input.type === 'NACH';
  const [account] = await clientAccounts(tx, actor.clientRef);
  if (!account) throw unprocessable('no_account', 'You have no current account to collect into');
  const [dup] = await tx
    .select({ urn: mandates.urn })
    .from(mandates)
    .where(
      and(
        eq(mandates.clientRef, actor.clientRef),
        eq(mandates.customerReferenceNumber, input.customer_reference_number),
      ),
    );
  if (dup) throw duplicateReference(input.customer_reference_number);

  const urn = newId('MDT', at.getTime());
  const token = newSecret(32);
  const [row] = await tx
    .insert(mandates)
    .values({
      clientRef: actor.clientRef,
      urn,
      customerReferenceNumber: input.customer_reference_number,
      type: input.type,
      status: 'PENDING',
      customerName: input.customer_name,
      customerEmail: input.customer_email ? input.customer_email.toLowerCase() : null,
      customerMobile: normaliseMobile(input.customer_mobile),
      accountNumber: nach ? input.account_number! : null,
      ifsc: nach ? input.ifsc_code! : null,
      accountType: nach ? input.account_type! : null,
      bankName,
      vpa: nach ? null : input.vpa!.toLowerCase(),
      maxAmount,
      frequency: input.frequency,
      startDate: input.start_date,
      endDate: input.end_date || null,
      accountRef: account.id,
      authToken: token,
      authorisationUrl: authorisationUrl(opts.publicUrl, opts.provider, token),
      authExpiresAt: new Date(at.getTime() + MANDATE_AUTHORISATION_DAYS * DAY_MS),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw duplicateReference(input.customer_reference_number);
  const mandate = toMandate(row, account.accountNumber);
  const effects = await recordMandateTransition(tx, row, 'PENDING', null, mandate, at);
  await auditBy(tx, actor, 'mandate.created', urn, {
    type: row.type,
    max_amount: mandate.max_amount,
    frequency: row.frequency,
    customer_reference_number: row.customerReferenceNumber,
  });
  return { mandate, effects };
}

/** The mandate's maximum within its type's limits, a start date from today, a known IFSC for NACH (its bank). */
function checkMandate(input: CreateMandate, at: Date): { maxAmount: bigint; bankName: string | null } {
  const today = dayIn(MANDATE_TIME_ZONE, 0, at.getTime());
  if (input.start_date < today)
    throw unprocessable('start_date_in_past', 'The start date must be today or later', {
      start_date: 'is in the past',
    });
  const maxAmount = toPaise(input.max_amount, 'max_amount');
  const limits = MANDATE_LIMITS[input.type];
  if (maxAmount < BigInt(limits.min) || maxAmount > BigInt(limits.max))
    throw unprocessable(
      'amount_out_of_range',
      `A mandate's maximum is ${formatRupees(limits.min)} to ${formatRupees(limits.max)} for ${input.type}`,
      {
        max_amount: 'is outside the limits of the mandate type',
      },
    );
  const nach = input.type === 'NACH';
  let bankName: string | null = null;
  if (nach) {
    const ifsc = lookupIfsc(input.ifsc_code ?? '');
    if (!ifsc)
      throw unprocessable('unknown_ifsc', 'The IFSC is not in the IFSC registry', {
        ifsc_code: 'is not in the IFSC registry',
      });
    bankName = ifsc.bank_name;
  }
  return { maxAmount, bankName };
}

/** Event row + `mandate.<status>` callbacks for a state the mandate has just entered (inside the transaction). */
async function recordMandateTransition(
  tx: Db,
  row: MandateRow,
  status: MandateStatus,
  message: string | null,
  mandate: Mandate,
  at: Date,
): Promise<Effects> {
  await tx
    .insert(mandateEvents)
    .values({ clientRef: row.clientRef, mandateRef: row.id, status, message, createdAt: at });
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: row.clientRef,
    eventType: 'MANDATE',
    event: `mandate.${status.toLowerCase()}`,
    subjectUrn: row.urn,
    data: mandate,
  });
  return { ...noEffects(), callbacks };
}

const thisMandate = (row: { clientRef: number; id: number }) =>
  and(eq(mandates.clientRef, row.clientRef), eq(mandates.id, row.id));

export async function lockMandate(tx: Db, clientRef: number, urn: string): Promise<MandateRow> {
  const [row] = await tx
    .select()
    .from(mandates)
    .where(and(eq(mandates.clientRef, clientRef), eq(mandates.urn, urn)))
    .for('update');
  if (!row) throw notFound(`No mandate with urn ${urn}`);
  return row;
}

/** Moves a locked mandate to `status` (row, event, callbacks, audit). */
async function transition(
  tx: Db,
  actor: Actor,
  row: MandateRow,
  status: MandateStatus,
  message: string | null,
  at: Date,
  extra: Partial<Pick<MandateRow, 'umrn' | 'authorisedAt'>> = {},
): Promise<{ mandate: Mandate; effects: Effects }> {
  await tenantOf(tx, row.clientRef); // the sweeper and the hosted page may meet the tenant here first
  const [updated] = await tx
    .update(mandates)
    .set({ status, statusMessage: message, updatedAt: at, ...extra })
    .where(thisMandate(row))
    .returning();
  const mandate = toMandate(updated!, await accountNumberOf(tx, updated!));
  const effects = await recordMandateTransition(tx, updated!, status, message, mandate, at);
  await auditBy(tx, actor, `mandate.${status.toLowerCase()}`, row.urn, {
    from: row.status,
    ...(message ? { reason: message } : {}),
  });
  return { mandate, effects };
}

export type MandateAction = 'pause' | 'resume' | 'cancel';
const ACTIONS: Record<MandateAction, { from: MandateStatus[]; to: MandateStatus; message: string }> = {
  pause: { from: ['ACTIVE'], to: 'PAUSED', message: 'Paused by the client' },
  resume: { from: ['PAUSED'], to: 'ACTIVE', message: 'Resumed by the client' },
  cancel: { from: ['PENDING', 'ACTIVE', 'PAUSED'], to: 'CANCELLED', message: 'Cancelled by the client' },
};

/** Pause (ACTIVE → PAUSED), resume (PAUSED → ACTIVE) or cancel (PENDING/ACTIVE/PAUSED → CANCELLED); else 409. */
export async function changeMandate(
  tx: Db,
  actor: Actor,
  urn: string,
  action: MandateAction,
  opts: { at?: Date } = {},
): Promise<{ mandate: Mandate; effects: Effects }> {
  const row = await lockMandate(tx, actor.clientRef, urn);
  const rule = ACTIONS[action];
  if (!rule.from.includes(row.status as MandateStatus))
    throw new AppError(409, 'invalid_mandate_state', `A ${row.status} mandate cannot be ${action}d`, {
      fields: { status: `must be ${rule.from.join(' or ')}` },
    });
  const at = opts.at ?? new Date();
  if (action === 'resume' && row.endDate && dayIn(MANDATE_TIME_ZONE, 0, at.getTime()) > row.endDate)
    return transition(tx, actor, row, 'EXPIRED', 'End date reached', at);
  return transition(tx, actor, row, rule.to, rule.message, at);
}

/** A mandate by its authorisation token, whatever its client (the hosted page is public), or null. */
export async function mandateByToken(db: Db, token: string): Promise<MandateRow | null> {
  const [row] = await db.select().from(mandates).where(eq(mandates.authToken, token)).limit(1);
  return row ?? null;
}

/**
 * The customer's answer on the hosted page (sandbox: no bank sign-in): approve → ACTIVE with a UMRN, reject →
 * REJECTED. A mandate whose authorisation window closed becomes EXPIRED instead. Answers the mandate's state
 * after the decision (unchanged when it was no longer PENDING).
 */
export async function decideMandate(
  db: Db,
  ref: { clientRef: number; urn: string },
  decision: 'approve' | 'reject' | 'expire-if-due',
  opts: { at?: Date } = {},
): Promise<{ status: MandateStatus; effects: Effects }> {
  return db.transaction(async (tx) => {
    const row = await lockMandate(tx, ref.clientRef, ref.urn);
    if (row.status !== 'PENDING') return { status: row.status as MandateStatus, effects: noEffects() };
    const at = opts.at ?? new Date();
    const actor = systemActor(row.clientRef, 'mandate-authorisation');
    let done: { mandate: Mandate; effects: Effects };
    if (at.getTime() > row.authExpiresAt.getTime())
      done = await transition(
        tx,
        actor,
        row,
        'EXPIRED',
        `Not authorised within ${MANDATE_AUTHORISATION_DAYS} days`,
        at,
      );
    else if (decision === 'approve')
      done = await transition(tx, actor, row, 'ACTIVE', 'Authorised by the customer', at, {
        umrn: mandateReference(row.type as MandateType, row.urn, at),
        authorisedAt: at,
      });
    else if (decision === 'reject')
      done = await transition(tx, actor, row, 'REJECTED', 'Rejected by the customer', at);
    else return { status: 'PENDING' as const, effects: noEffects() };
    return { status: done.mandate.status, effects: done.effects };
  });
}

/**
 * The sweeper's expiry: PENDING mandates not authorised in time, and ACTIVE or PAUSED ones past their end date
 * (in India), become EXPIRED, each in its own transaction with its row locked and its state checked again.
 */
export async function expireMandates(
  db: Db,
  opts: { at?: Date; limit?: number } = {},
): Promise<{ expired: number; effects: Effects }> {
  const at = opts.at ?? new Date();
  const today = dayIn(MANDATE_TIME_ZONE, 0, at.getTime());
  const limit = opts.limit ?? 500;
  const unanswered = await db
    .select({ clientRef: mandates.clientRef, urn: mandates.urn })
    .from(mandates)
    .where(and(eq(mandates.status, 'PENDING'), sql`${mandates.authExpiresAt} < ${at}`))
    .orderBy(asc(mandates.authExpiresAt))
    .limit(limit);
  const ended = await db
    .select({ clientRef: mandates.clientRef, urn: mandates.urn })
    .from(mandates)
    .where(
      and(
        inArray(mandates.status, ['ACTIVE', 'PAUSED']),
        sql`${mandates.endDate} IS NOT NULL AND ${mandates.endDate} < ${today}`,
      ),
    )
    .orderBy(asc(mandates.endDate))
    .limit(limit);
  let effects = noEffects();
  let expired = 0;
  for (const m of unanswered) {
    const done = await decideMandate(db, m, 'expire-if-due', { at });
    if (done.status === 'EXPIRED') expired++;
    effects = mergeEffects(effects, done.effects);
  }
  for (const m of ended) {
    const done = await db.transaction(async (tx) => {
      const row = await lockMandate(tx, m.clientRef, m.urn);
      if (!['ACTIVE', 'PAUSED'].includes(row.status) || !row.endDate || row.endDate >= today) return null;
      return transition(
        tx,
        systemActor(row.clientRef, 'mandate-sweeper'),
        row,
        'EXPIRED',
        'End date reached',
        at,
      );
    });
    if (done) {
      expired++;
      effects = mergeEffects(effects, done.effects);
    }
  }
  return { expired, effects };
}

export async function getMandateDetails(db: Db, clientRef: number, urn: string): Promise<MandateDetails> {
  const [row] = await db
    .select()
    .from(mandates)
    .where(and(eq(mandates.clientRef, clientRef), eq(mandates.urn, urn)));
  if (!row) throw notFound(`No mandate with urn ${urn}`);
  const events = await db
    .select()
    .from(mandateEvents)
    .where(and(eq(mandateEvents.clientRef, clientRef), eq(mandateEvents.mandateRef, row.id)))
    .orderBy(asc(mandateEvents.createdAt), asc(mandateEvents.id));
  const presentations = await db
    .select()
    .from(mandatePresentations)
    .where(and(eq(mandatePresentations.clientRef, clientRef), eq(mandatePresentations.mandateRef, row.id)))
    .orderBy(desc(mandatePresentations.createdAt), desc(mandatePresentations.id))
    .limit(50);
  return {
    ...toMandate(row, await accountNumberOf(db, row)),
    events: events.map((e) => ({
      status: e.status as MandateStatus,
      message: e.message,
      livemode: livemodeOf(e.clientRef),
      at: e.createdAt.toISOString(),
    })),
    presentations: presentations.map((p) => toPresentation(p, row)),
  };
}
