import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CreatePresentation,
  MandateFrequency,
  MandateType,
  Presentation,
  PresentationStatus,
} from '@meridian/contract/mandates';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { mandatePresentations, mandates } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { noEffects, type Effects, type RailStep } from '../jobs/effects.ts';
import { post } from '../ledger/ledger.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { dayIn } from '../lists/list-query.ts';
import { bankReference, planPresentation } from '../rail/sandbox.ts';
import {
  DAY_MS,
  duplicateReference,
  MANDATE_TIME_ZONE,
  toPresentation,
  unprocessable,
  type MandateOptions,
  type MandateRow,
  type PresentationRow,
} from './answer.ts';
import { lockMandate } from './service.ts';

/* Presentations: the debits presented under an ACTIVE mandate, and the sandbox rail's answer to each. */

/** Presentation urns start with this: the rail worker routes their steps here (workers.ts). */
export const PRESENTATION_PREFIX = 'MPR';

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
  const { amount, today } = checkPresentable(mandate, input, at);
  const frequency = mandate.frequency as MandateFrequency;
  const period = periodKey(frequency, today);
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
  if (await periodTaken(tx, mandate, period)) throw frequencyLimit(frequency);

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
    throw (await periodTaken(tx, mandate, period))
      ? frequencyLimit(frequency)
      : duplicateReference(input.customer_reference_number);
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

/** The mandate ACTIVE, today within its dates, the amount from ₹1 up to its maximum: the amount and today. */
function checkPresentable(
  mandate: MandateRow,
  input: CreatePresentation,
  at: Date,
): { amount: bigint; today: string } {
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
  return { amount, today };
}

/** Whether the mandate's period has a live (not BOUNCED) presentation already; never for an ADHOC mandate. */
async function periodTaken(tx: Db, mandate: MandateRow, period: string | null): Promise<boolean> {
  if (!period) return false;
  const [taken] = await tx
    .select({ urn: mandatePresentations.urn })
    .from(mandatePresentations)
    .where(
      and(
        eq(mandatePresentations.clientRef, mandate.clientRef),
        eq(mandatePresentations.mandateRef, mandate.id),
        eq(mandatePresentations.periodKey, period),
        sql`${mandatePresentations.status} <> 'BOUNCED'`,
      ),
    );
  return Boolean(taken);
}

const frequencyLimit = (frequency: MandateFrequency) =>
  unprocessable(
    'frequency_limit',
    `A ${frequency} mandate allows one debit per ${PERIOD_NAMES[frequency]}: this ${PERIOD_NAMES[frequency]}'s was already presented`,
    { amount: `was already presented this ${PERIOD_NAMES[frequency]}` },
  );

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
    return settle(tx, row, mandate, now, opts);
  });
}

/** A due PENDING presentation settles (its amount credited to the mandate's account) or bounces, as planned. */
async function settle(
  tx: Db,
  row: PresentationRow,
  mandate: MandateRow,
  now: Date,
  opts: MandateOptions,
): Promise<{ effects: Effects; status: PresentationStatus }> {
  const { clientRef, urn } = row;
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
  await tenantOf(tx, clientRef); // the rail's worker may meet the tenant here first
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
