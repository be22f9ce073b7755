import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MANDATE_AUTHORISATION_DAYS,
  MANDATE_LIMITS,
  type CreateMandate,
  type CreatePresentation,
  type Mandate,
  type MandateDetails,
  type MandateFrequency,
  type MandateStatus,
  type MandateType,
  type Presentation,
  type PresentationStatus,
} from '@meridian/contract/mandates';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { lookupIfsc } from '../beneficiaries/ifsc.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, mandateEvents, mandatePresentations, mandates } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects, type RailStep } from '../jobs/effects.ts';
import { clientAccounts, post } from '../ledger/ledger.ts';
import { newId, newSecret } from '../lib/ids.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { dayIn } from '../lists/list-query.ts';
import { bankReference, mandateReference, planPresentation } from '../rail/sandbox.ts';

/** The rail's calendar: mandate dates and frequency periods are days in India. */
export const MANDATE_TIME_ZONE = 'Asia/Kolkata';
/** Presentation urns start with this: the rail worker routes their steps here (workers.ts). */
export const PRESENTATION_PREFIX = 'MPR';
const DAY_MS = 86_400_000;

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
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });

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

async function accountNumberOf(db: Db, row: MandateRow): Promise<string> {
  const [a] = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, row.clientRef), eq(accounts.id, row.accountRef)));
  return a?.number ?? '';
}

async function lockMandate(tx: Db, clientRef: number, urn: string): Promise<MandateRow> {
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

/** The frequency period a day (YYYY-MM-DD) falls in: at most one live presentation per mandate and period. */
export function periodKey(frequency: MandateFrequency, day: string): string | null {
  const [y, m] = day.split('-').map(Number) as [number, number];
  switch (frequency) {
    case 'ADHOC':
      return null;
    case 'DAILY':
      return day;
    case 'WEEKLY': {
      const d = new Date(`${day}T00:00:00Z`);
      const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
      return `W${monday.toISOString().slice(0, 10)}`;
    }
    case 'MONTHLY':
      return day.slice(0, 7);
    case 'QUARTERLY':
      return `${y}-Q${Math.floor((m - 1) / 3) + 1}`;
    case 'YEARLY':
      return String(y);
  }
}

const PERIOD_NAMES: Record<MandateFrequency, string> = {
  ADHOC: '',
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  QUARTERLY: 'quarter',
  YEARLY: 'year',
};

/**
 * Presents a debit under an ACTIVE mandate, within its dates, its maximum amount and its frequency (one live
 * presentation per period; a bounced one frees the period). PENDING until the rail answers (a step after
 * commit). The mandate row is locked, so presentations of one mandate are serialised.
 */
export async function createPresentation(
  tx: Db,
  actor: Actor,
  mandateUrn: string,
  input: CreatePresentation,
  opts: MandateOptions,
): Promise<{ presentation: Presentation; effects: Effects }> {
  const mandate = await lockMandate(tx, actor.clientRef, mandateUrn);
  const at = opts.at ?? new Date();
  if (mandate.status !== 'ACTIVE')
    throw unprocessable(
      'mandate_not_active',
      `The mandate is ${mandate.status}: only an ACTIVE mandate can be presented`,
      {
        mandate_urn: 'is not ACTIVE',
      },
    );
  const today = dayIn(MANDATE_TIME_ZONE, 0, at.getTime());
  if (today < mandate.startDate || (mandate.endDate && today > mandate.endDate))
    throw unprocessable(
      'outside_mandate_period',
      mandate.endDate
        ? `The mandate runs from ${mandate.startDate} to ${mandate.endDate}`
        : `The mandate starts on ${mandate.startDate}`,
      { amount: 'cannot be presented today' },
    );
  const amount = toPaise(input.amount);
  if (amount < 100n)
    throw unprocessable('amount_out_of_range', 'A presentation is at least ₹1.00', {
      amount: 'is below ₹1.00',
    });
  if (amount > mandate.maxAmount)
    throw unprocessable(
      'amount_exceeds_mandate',
      `The mandate allows at most ${formatRupees(mandate.maxAmount)} per debit`,
      { amount: `is more than the mandate's maximum of ${formatMoney(mandate.maxAmount)}` },
    );
  const frequency = mandate.frequency as MandateFrequency;
  const period = periodKey(frequency, today);
  const periodTaken = async () => {
    if (!period) return false;
    const [taken] = await tx
      .select({ urn: mandatePresentations.urn })
      .from(mandatePresentations)
      .where(
        and(
          eq(mandatePresentations.clientRef, actor.clientRef),
          eq(mandatePresentations.mandateRef, mandate.id),
          eq(mandatePresentations.periodKey, period),
          sql`${mandatePresentations.status} <> 'BOUNCED'`,
        ),
      );
    return Boolean(taken);
  };
  const frequencyLimit = () =>
    unprocessable(
      'frequency_limit',
      `A ${frequency} mandate allows one debit per ${PERIOD_NAMES[frequency]}: this ${PERIOD_NAMES[frequency]}'s was already presented`,
      { amount: `was already presented this ${PERIOD_NAMES[frequency]}` },
    );
  const [dup] = await tx
    .select({ urn: mandatePresentations.urn })
    .from(mandatePresentations)
    .where(
      and(
        eq(mandatePresentations.clientRef, actor.clientRef),
        eq(mandatePresentations.customerReferenceNumber, input.customer_reference_number),
      ),
    );
  if (dup) throw duplicateReference(input.customer_reference_number);
  if (await periodTaken()) throw frequencyLimit();

  const urn = newId(PRESENTATION_PREFIX, at.getTime());
  const plan = planPresentation(mandate.type as MandateType, {
    accountNumber: mandate.accountNumber,
    vpa: mandate.vpa,
  });
  const railDueAt = new Date(at.getTime() + plan.settleAfterMs * opts.railTimeScale);
  const [row] = await tx
    .insert(mandatePresentations)
    .values({
      clientRef: actor.clientRef,
      urn,
      mandateRef: mandate.id,
      customerReferenceNumber: input.customer_reference_number,
      amount,
      remarks: input.remarks || null,
      periodKey: period,
      status: 'PENDING',
      railDueAt,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw (await periodTaken()) ? frequencyLimit() : duplicateReference(input.customer_reference_number);
  const presentation = toPresentation(row, mandate);
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: actor.clientRef,
    eventType: 'MANDATE',
    event: 'presentation.pending',
    subjectUrn: urn,
    data: presentation,
  });
  await auditBy(tx, actor, 'presentation.created', urn, {
    mandate_urn: mandate.urn,
    amount: presentation.amount,
    customer_reference_number: row.customerReferenceNumber,
  });
  return { presentation, effects: { rail: [{ clientRef: actor.clientRef, urn, at: railDueAt }], callbacks } };
}

/**
 * The sandbox rail's step for a presentation, when due: PENDING → SUCCESS (a bank reference, and the amount
 * credited to the mandate's client account against collections clearing) or → BOUNCED (the reason). Idempotent:
 * the row is locked and its state checked, and the credit carries a unique ledger key.
 */
export async function advancePresentation(
  db: Db,
  step: { clientRef: number; urn: string },
  opts: MandateOptions,
): Promise<{ effects: Effects; status: PresentationStatus | null }> {
  const { clientRef, urn } = step;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ presentation: mandatePresentations, mandate: mandates })
      .from(mandatePresentations)
      .innerJoin(
        mandates,
        withinClient(mandates, mandatePresentations.clientRef, mandatePresentations.mandateRef),
      )
      .where(and(eq(mandatePresentations.clientRef, clientRef), eq(mandatePresentations.urn, urn)))
      .for('update', { of: mandatePresentations });
    const now = opts.at ?? new Date();
    if (!found || !found.presentation.railDueAt)
      return { effects: noEffects(), status: (found?.presentation.status as PresentationStatus) ?? null };
    const { presentation: row, mandate } = found;
    if (row.railDueAt!.getTime() > now.getTime())
      return {
        effects: { ...noEffects(), rail: [{ clientRef, urn, at: row.railDueAt! }] },
        status: row.status as PresentationStatus,
      };
    if (row.status !== 'PENDING') {
      await tx.update(mandatePresentations).set({ railDueAt: null }).where(thisPresentation(row));
      return { effects: noEffects(), status: row.status as PresentationStatus };
    }
    const plan = planPresentation(mandate.type as MandateType, {
      accountNumber: mandate.accountNumber,
      vpa: mandate.vpa,
    });
    const success = plan.outcome === 'SUCCESS';
    const utr = success ? bankReference(mandate.type === 'NACH' ? 'NACH' : 'UPI', urn, now) : null;
    const message = plan.outcome === 'BOUNCED' ? plan.reason : null;
    const [updated] = await tx
      .update(mandatePresentations)
      .set({
        status: plan.outcome,
        statusMessage: message,
        bankReferenceNumber: utr,
        railDueAt: null,
        updatedAt: now,
      })
      .where(thisPresentation(row))
      .returning();
    if (success)
      await post(tx, {
        clientRef,
        clientAccountRef: mandate.accountRef,
        counterparty: 'collections',
        category: 'MANDATE_COLLECTION',
        description: `Mandate collection from ${mandate.customerName} (${mandate.type === 'NACH' ? 'NACH' : 'UPI autopay'})`,
        amount: row.amount,
        referenceUrn: urn,
        bankReferenceNumber: utr,
        customerReferenceNumber: row.customerReferenceNumber,
        idempotencyKey: `mandate-collection:${urn}`,
        at: opts.at,
      });
    const presentation = toPresentation(updated!, mandate);
    const callbacks = await enqueueCallbacks(tx, {
      clientRef,
      eventType: 'MANDATE',
      event: `presentation.${plan.outcome.toLowerCase()}`,
      subjectUrn: urn,
      data: presentation,
    });
    await auditBy(
      tx,
      systemActor(clientRef, 'sandbox-rail'),
      `presentation.${plan.outcome.toLowerCase()}`,
      urn,
      {
        mandate_urn: mandate.urn,
        ...(message ? { reason: message } : {}),
        ...(utr ? { bank_reference_number: utr } : {}),
      },
    );
    return { effects: { ...noEffects(), callbacks }, status: plan.outcome };
  });
}

const thisPresentation = (row: PresentationRow) =>
  and(eq(mandatePresentations.clientRef, row.clientRef), eq(mandatePresentations.id, row.id));

/** Presentations whose rail step is overdue (their job was lost), of every client: for the sweeper. */
export async function overduePresentations(db: Db, graceSeconds = 60): Promise<RailStep[]> {
  const rows = await db
    .select({
      clientRef: mandatePresentations.clientRef,
      urn: mandatePresentations.urn,
      at: mandatePresentations.railDueAt,
    })
    .from(mandatePresentations)
    .where(sql`${mandatePresentations.railDueAt} < now() - make_interval(secs => ${graceSeconds})`)
    .orderBy(asc(mandatePresentations.railDueAt))
    .limit(500);
  return rows.map((r) => ({ clientRef: r.clientRef, urn: r.urn, at: r.at! }));
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
      at: e.createdAt.toISOString(),
    })),
    presentations: presentations.map((p) => toPresentation(p, row)),
  };
}
