import { and, asc, eq, sql } from 'drizzle-orm';
import {
  RAIL_LIMITS,
  type InitiatePayout,
  type Payout,
  type PayoutDetails,
  type PayoutStatus,
  type TransferType,
} from '@meridian/contract';
import type { z } from 'zod';
import { findBeneficiary } from '../beneficiaries/service.ts';
import { checkCoolingOff, weakNameMatch } from '../beneficiaries/cooling-off.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import { deliveriesFor } from '../callbacks/delivery.ts';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, clientSequences, payoutEvents, payouts, type beneficiaries } from '../db/schema.ts';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { mergeEffects, noEffects, type Effects, type RailStep } from '../jobs/effects.ts';
import { AppError, notFound } from '../http/errors.ts';
import { clientAccountByNumber, post, setEntryBankReference } from '../ledger/ledger.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { bankReference, planPayout } from '../rail/sandbox.ts';
import { holdForApproval } from '../approvals/engine.ts';
import type { ApprovalSource } from '@meridian/contract/approvals';

export type PayoutRow = typeof payouts.$inferSelect;
type Answer = z.infer<typeof Payout>;

/** The columns a payout's answer is made of: what its lists read, and no more. */
export const answerColumns = {
  urn: payouts.urn,
  customerReferenceNumber: payouts.customerReferenceNumber,
  bankReferenceNumber: payouts.bankReferenceNumber,
  beneficiaryCode: payouts.beneficiaryCode,
  beneficiaryName: payouts.beneficiaryName,
  beneficiaryAccountNumber: payouts.beneficiaryAccountNumber,
  ifsc: payouts.ifsc,
  upiId: payouts.upiId,
  amount: payouts.amount,
  transferType: payouts.transferType,
  purposeMessage: payouts.purposeMessage,
  status: payouts.status,
  statusMessage: payouts.statusMessage,
  kind: payouts.kind,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};

/**
 * A payout's sender account number, as a subquery within the client: PostgreSQL runs it for the rows a statement
 * returns only, where a join's plan read the client's accounts for every row of a list's range (measured: ~40 µs
 * of PostgreSQL's CPU per page of 10).
 */
export const senderAccountNumber = sql<string>`(select ${accounts.accountNumber} from ${accounts} where ${withinClient(accounts, payouts.clientRef, payouts.accountRef)})`;

export const toPayout = (
  p: Pick<PayoutRow, keyof typeof answerColumns>,
  senderAccountNumber: string,
): Answer => ({
  urn: p.urn,
  customer_reference_number: p.customerReferenceNumber,
  bank_reference_number: p.bankReferenceNumber,
  beneficiary_code: p.beneficiaryCode,
  beneficiary_name: p.beneficiaryName,
  beneficiary_account_number: p.beneficiaryAccountNumber,
  ifsc_code: p.ifsc,
  beneficiary_upi_id: p.upiId,
  amount: formatMoney(p.amount),
  transfer_type: p.transferType as TransferType,
  purpose_message: p.purposeMessage,
  sender_account_number: senderAccountNumber,
  status: p.status as PayoutStatus,
  status_message: p.statusMessage,
  kind: p.kind as Answer['kind'],
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

/** Checks the rail's limits for this transfer type (422 `amount_out_of_range`). */
export function checkRailLimits(transferType: TransferType, amount: bigint): void {
  const { min, max } = RAIL_LIMITS[transferType];
  if (amount < BigInt(min) || (max !== null && amount > BigInt(max)))
    throw unprocessable(
      'amount_out_of_range',
      max === null
        ? `${transferType} payouts start at ${formatRupees(min)}`
        : `${transferType} payouts are ${formatRupees(min)} to ${formatRupees(max)}`,
      { amount: 'is outside the limits of the transfer type' },
    );
}

export type PayoutOptions = {
  /** Multiplies the rail's delays (config RAIL_TIME_SCALE). */
  railTimeScale: number;
  /** Backdates the payout (demo seed only); default now. */
  at?: Date;
  /**
   * For a caller making many payouts in one transaction (a bulk's batch): it checked the references itself, under
   * its locks (the unique index still refuses a duplicate), and read the client's active PAYOUT callback
   * configurations once. Saves two queries per payout; the payout is made the same way.
   */
  batched?: { referencesChecked: true; callbackConfigs: { id: number }[] };
  /**
   * Checks the client's payout approval rules (a single payout, not a bulk's row: a bulk is approved whole): a
   * payout a rule holds is stored PENDING_APPROVAL with its approval request, and moves no money until approved.
   */
  approval?: { source: ApprovalSource; ttlHours: number };
};

/**
 * Creates a payout and debits the sender account in the caller's transaction: either both happen or neither.
 * The guarded debit (never below zero) serialises payouts of one account on its row, so racing payouts can only
 * spend what is there.
 */
export async function initiatePayout(
  tx: Db,
  actor: Actor,
  input: InitiatePayout,
  opts: PayoutOptions,
): Promise<CreatedPayout> {
  const found = await findBeneficiary(tx, actor.clientRef, input.beneficiary_code);
  if (!found)
    throw unprocessable('unknown_beneficiary', `No beneficiary with code ${input.beneficiary_code}`, {
      beneficiary_code: 'is not one of your beneficiaries',
    });
  const ben = found.beneficiary;
  const destination = beneficiaryDestination(ben, input.transfer_type);
  const amount = toPaise(input.amount);
  checkRailLimits(input.transfer_type, amount);
  checkCoolingOff(ben, amount);
  const account = await clientAccountByNumber(tx, actor.clientRef, input.sender_account_number);
  if (!account)
    throw unprocessable('unknown_account', 'The sender account is not one of your accounts', {
      sender_account_number: 'is not your account',
    });
  return createPayout(
    tx,
    actor,
    {
      kind: 'PAYOUT',
      accountRef: account.id,
      accountNumber: account.accountNumber,
      beneficiaryRef: ben.id,
      destination,
      amount,
      transferType: input.transfer_type,
      customerReferenceNumber: input.customer_reference_number,
      purposeMessage: input.purpose_message,
      approvalRequired: weakNameMatch(ben),
    },
    opts,
  );
}

/**
 * A beneficiary as the destination of a payout of this transfer type: its account, or its UPI id for UPI; 422 when
 * it is inactive or has nothing to pay to with this type, or (with the `amount`, in paise) when the amount is above
 * its cooling-off limit while it is new or changed (the answers `initiatePayout` gives; bulk rows too).
 */
export function beneficiaryDestination(
  ben: typeof beneficiaries.$inferSelect,
  transferType: TransferType,
  amount?: bigint,
): PayoutDestination {
  if (ben.status !== 'ACTIVE')
    throw unprocessable('beneficiary_inactive', `Beneficiary ${ben.code} is inactive`, {
      beneficiary_code: 'is inactive',
    });
  if (transferType === 'UPI' ? !ben.upiId : !ben.accountNumber || !ben.ifsc)
    throw unprocessable(
      'transfer_type_not_possible',
      transferType === 'UPI'
        ? `Beneficiary ${ben.code} has no UPI id`
        : `Beneficiary ${ben.code} has no bank account for ${transferType}`,
      { transfer_type: 'is not possible for this beneficiary' },
    );
  if (amount !== undefined) checkCoolingOff(ben, amount);
  const upi = transferType === 'UPI';
  return {
    code: ben.code,
    name: ben.name,
    accountNumber: upi ? null : ben.accountNumber,
    ifsc: upi ? null : ben.ifsc,
    upiId: upi ? ben.upiId : null,
  };
}

/** Where a payout goes: a beneficiary's account or UPI id, or the client's own settlement account. */
export type PayoutDestination = {
  code: string;
  name: string;
  accountNumber: string | null;
  ifsc: string | null;
  upiId: string | null;
};

export type NewPayout = {
  /** PAYOUT (to a beneficiary) or SETTLEMENT (collections swept to the settlement account). */
  kind: 'PAYOUT' | 'SETTLEMENT';
  /** The ledger account debited (a current account, or a virtual account's for a settlement) and its number. */
  accountRef: number;
  accountNumber: string;
  beneficiaryRef: number | null;
  destination: PayoutDestination;
  amount: bigint;
  transferType: TransferType;
  customerReferenceNumber: string;
  purposeMessage: string;
  /** Why it waits for an approver even when no rule covers it (`weakNameMatch`); only with `opts.approval`. */
  approvalRequired?: string | null;
};

/** A payout made: its answer, the work after commit, and the approval request that holds it (if one does). */
export type CreatedPayout = { payout: Answer; effects: Effects; approvalUrn?: string };

/**
 * The one creation path of every payout, after its destination is resolved: refuses a used reference, debits the
 * account (guarded: never below zero), numbers the payout, inserts it PENDING with its rail step due, records the
 * transition (timeline, callbacks) and audits. All in the caller's transaction. With `opts.approval`, a payout
 * an approval rule holds is inserted PENDING_APPROVAL instead: no debit, no rail step, until approved
 * (`releaseHeldPayout`).
 */
export async function createPayout(
  tx: Db,
  actor: Actor,
  p: NewPayout,
  opts: PayoutOptions,
): Promise<CreatedPayout> {
  const [dup] = opts.batched?.referencesChecked
    ? []
    : await tx
        .select({ urn: payouts.urn })
        .from(payouts)
        .where(
          and(
            eq(payouts.clientRef, actor.clientRef),
            eq(payouts.customerReferenceNumber, p.customerReferenceNumber),
          ),
        );
  if (dup) throw duplicateReference(p.customerReferenceNumber);

  const urn = newId('PAY', opts.at?.getTime());
  const settlement = p.kind === 'SETTLEMENT';
  const held =
    opts.approval && !settlement
      ? await holdForApproval(
          tx,
          actor,
          {
            action: 'payout',
            source: opts.approval.source,
            summary: `Payout ${formatRupees(p.amount)} to ${p.destination.name} (${p.destination.code}) by ${p.transferType}`,
            amount: p.amount,
            transferType: p.transferType,
            resourceUrn: urn,
            payload: { payout_urn: urn },
            ...(p.approvalRequired ? { required: p.approvalRequired } : {}),
          },
          { ttlHours: opts.approval.ttlHours, ...(opts.at ? { now: opts.at } : {}) },
        )
      : null;
  if (!held)
    await post(tx, {
      clientRef: actor.clientRef,
      clientAccountRef: p.accountRef,
      counterparty: 'railClearing',
      category: settlement ? 'SETTLEMENT' : 'PAYOUT',
      description: settlement
        ? `Settlement to ${p.destination.name} (${p.transferType})`
        : `Payout to ${p.destination.name} (${p.transferType})`,
      amount: -p.amount,
      referenceUrn: urn,
      customerReferenceNumber: p.customerReferenceNumber,
      idempotencyKey: `payout:${urn}`,
      at: opts.at,
    });
  const [sequence] = await tx
    .insert(clientSequences)
    .values({ clientRef: actor.clientRef, name: 'payouts', value: 1 })
    .onConflictDoUpdate({
      target: [clientSequences.clientRef, clientSequences.name],
      set: { value: sql`${clientSequences.value} + 1` },
    })
    .returning({ value: clientSequences.value });

  const plan = planPayout(p.transferType, {
    accountNumber: p.destination.accountNumber,
    upiId: p.destination.upiId,
  });
  const delayMs = plan.settleAfterMs * opts.railTimeScale;
  // clock_timestamp() is taken while this client's sequence row is locked, so created_at never decreases in seq.
  const createdAt = opts.at ?? sql`clock_timestamp()`;
  const railDueAt = opts.at
    ? new Date(opts.at.getTime() + delayMs)
    : sql`clock_timestamp() + make_interval(secs => ${delayMs / 1000})`;
  const [row] = await tx
    .insert(payouts)
    .values({
      urn,
      clientRef: actor.clientRef,
      seq: sequence!.value,
      accountRef: p.accountRef,
      beneficiaryRef: p.beneficiaryRef,
      kind: p.kind,
      customerReferenceNumber: p.customerReferenceNumber,
      beneficiaryCode: p.destination.code,
      beneficiaryName: p.destination.name,
      beneficiaryAccountNumber: p.destination.accountNumber,
      ifsc: p.destination.ifsc,
      upiId: p.destination.upiId,
      amount: p.amount,
      transferType: p.transferType,
      purposeMessage: p.purposeMessage,
      status: held ? 'PENDING_APPROVAL' : 'PENDING',
      createdAt,
      updatedAt: createdAt,
      railDueAt: held ? null : railDueAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw duplicateReference(p.customerReferenceNumber);
  const payout = toPayout(row, p.accountNumber);
  const effects = await recordTransition(
    tx,
    actor,
    row,
    held ? 'PENDING_APPROVAL' : 'PENDING',
    null,
    payout,
    undefined,
    opts.batched?.callbackConfigs,
  );
  await auditBy(tx, actor, settlement ? 'payout.settlement_initiated' : 'payout.initiated', urn, {
    amount: payout.amount,
    transfer_type: payout.transfer_type,
    beneficiary_code: p.destination.code,
    ...(held ? { approval_urn: held.urn } : {}),
  });
  if (held) return { payout, effects: mergeEffects(effects, held.effects), approvalUrn: held.urn };
  effects.rail.push({ clientRef: actor.clientRef, urn, at: row.railDueAt! });
  return { payout, effects };
}

/** A held payout's row, locked; 409 when it no longer waits for approval. */
async function heldPayout(tx: Db, clientRef: number, urn: string): Promise<PayoutRow> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
    .for('update');
  if (!row) throw notFound(`There is no payout ${urn}`);
  if (row.status !== 'PENDING_APPROVAL')
    throw new AppError(409, 'payout_not_held', `Payout ${urn} is ${row.status}, not waiting for approval`);
  return row;
}

async function senderNumber(tx: Db, row: PayoutRow): Promise<string> {
  const [account] = await tx
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, row.clientRef), eq(accounts.id, row.accountRef)));
  return account?.accountNumber ?? '';
}

/**
 * The approved payout goes: the balance is checked now, at approval (the guarded debit: 422
 * `insufficient_balance` when short, and the caller's savepoint undoes it), the payout becomes PENDING with its
 * rail step due, and the transition is recorded (timeline, `payout.pending` callbacks).
 */
export async function releaseHeldPayout(
  tx: Db,
  approver: Actor,
  clientRef: number,
  urn: string,
  opts: PayoutOptions,
): Promise<{ effects: Effects; payout: Answer }> {
  const row = await heldPayout(tx, clientRef, urn);
  const now = opts.at ?? new Date();
  await post(tx, {
    clientRef,
    clientAccountRef: row.accountRef,
    counterparty: 'railClearing',
    category: 'PAYOUT',
    description: `Payout to ${row.beneficiaryName} (${row.transferType})`,
    amount: -row.amount,
    referenceUrn: urn,
    customerReferenceNumber: row.customerReferenceNumber,
    idempotencyKey: `payout:${urn}`,
    at: opts.at,
  });
  const plan = planPayout(row.transferType as TransferType, {
    accountNumber: row.beneficiaryAccountNumber,
    upiId: row.upiId,
  });
  const railDueAt = new Date(now.getTime() + plan.settleAfterMs * opts.railTimeScale);
  const [updated] = await tx
    .update(payouts)
    .set({ status: 'PENDING', statusMessage: null, railDueAt, updatedAt: now })
    .where(thisPayout(row))
    .returning();
  const payout = toPayout(updated!, await senderNumber(tx, updated!));
  const effects = await recordTransition(tx, approver, updated!, 'PENDING', null, payout, now);
  await auditBy(tx, approver, 'payout.approved', urn, { amount: payout.amount });
  effects.rail.push({ clientRef, urn, at: railDueAt });
  return { effects, payout };
}

/** A held payout that will not go (rejected, approval expired, or short of balance at approval): REJECTED. */
export async function rejectHeldPayout(
  tx: Db,
  by: Actor,
  clientRef: number,
  urn: string,
  message: string,
): Promise<Effects> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
    .for('update');
  if (!row || row.status !== 'PENDING_APPROVAL') return noEffects();
  const now = new Date();
  const [updated] = await tx
    .update(payouts)
    .set({ status: 'REJECTED', statusMessage: message, railDueAt: null, updatedAt: now })
    .where(thisPayout(row))
    .returning();
  const payout = toPayout(updated!, await senderNumber(tx, updated!));
  const effects = await recordTransition(tx, by, updated!, 'REJECTED', message, payout, now);
  await auditBy(tx, by, 'payout.rejected', urn, { reason: message });
  return effects;
}

const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });

/** Timeline event + callbacks for a state the payout has just entered (inside the transaction). */
async function recordTransition(
  tx: Db,
  actor: Actor,
  row: PayoutRow,
  status: PayoutStatus,
  message: string | null,
  payout: Answer,
  at?: Date,
  callbackConfigs?: { id: number }[],
): Promise<Effects> {
  await tx.insert(payoutEvents).values({
    clientRef: row.clientRef,
    payoutRef: row.id,
    status,
    message,
    ...(at ? { createdAt: at } : {}),
  });
  const callbacks = await enqueueCallbacks(
    tx,
    {
      clientRef: actor.clientRef,
      eventType: 'PAYOUT',
      event: `payout.${status.toLowerCase()}`,
      subjectUrn: row.urn,
      data: payout,
    },
    callbackConfigs,
  );
  return { ...noEffects(), callbacks };
}

/**
 * What another domain does, in the rail step's transaction, when a payout of its kind changes state: the
 * settlement of a SETTLEMENT payout follows it (SETTLED with the UTR, FAILED once reversed). The composition
 * (composition.ts) hands them to every caller of `advancePayout`, so payouts never import the domains that build
 * on them (the folders stay acyclic) and no domain registers into module state.
 */
export type PayoutTransitionListener = (tx: Db, payout: PayoutRow) => Promise<void>;
/** The listeners by payout kind (at most one per kind). */
export type PayoutTransitions = Partial<Record<'PAYOUT' | 'SETTLEMENT', PayoutTransitionListener>>;

/**
 * The sandbox rail's next step for a payout, when it is due: PENDING → SUCCESS (with a UTR) or → FAILURE (with
 * the debit reversed); SUCCESS → RETURNED (reversed) for the returned test accounts. Idempotent: the payout row
 * is locked and its state checked, and reversals carry a unique ledger key, so a job that runs twice never
 * moves money twice. Answers the effects to run after commit (a later step, callbacks). `transitions`: what
 * other domains do in the same transaction when a payout of their kind moves.
 */
export async function advancePayout(
  db: Db,
  step: { clientRef: number; urn: string },
  opts: PayoutOptions & { transitions: PayoutTransitions },
): Promise<{ effects: Effects; status: PayoutStatus | null }> {
  const { clientRef, urn } = step;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)))
      .for('update');
    const now = opts.at ?? new Date();
    if (!row || !row.railDueAt)
      return { effects: noEffects(), status: (row?.status as PayoutStatus) ?? null };
    if (row.railDueAt.getTime() > now.getTime())
      return {
        effects: { ...noEffects(), rail: [{ clientRef, urn, at: row.railDueAt }] },
        status: row.status as PayoutStatus,
      };
    const actor = systemActor(row.clientRef, 'sandbox-rail');
    const plan = planPayout(row.transferType as TransferType, {
      accountNumber: row.beneficiaryAccountNumber,
      upiId: row.upiId,
    });
    let next: {
      status: PayoutStatus;
      message: string | null;
      due: Date | null;
      utr?: string;
      reverse?: boolean;
    };
    if (row.status === 'PENDING' && plan.outcome === 'FAILURE')
      next = { status: 'FAILURE', message: plan.reason, due: null, reverse: true };
    else if (row.status === 'PENDING') {
      const due =
        plan.outcome === 'RETURNED'
          ? new Date(now.getTime() + plan.returnAfterMs * opts.railTimeScale)
          : null;
      next = {
        status: 'SUCCESS',
        message: null,
        due,
        utr: bankReference(row.transferType as TransferType, urn, now),
      };
    } else if (row.status === 'SUCCESS' && plan.outcome === 'RETURNED')
      next = { status: 'RETURNED', message: plan.reason, due: null, reverse: true };
    else {
      await tx.update(payouts).set({ railDueAt: null }).where(thisPayout(row));
      return { effects: noEffects(), status: row.status as PayoutStatus };
    }

    const [updated] = await tx
      .update(payouts)
      .set({
        status: next.status,
        statusMessage: next.message,
        railDueAt: next.due,
        updatedAt: now,
        ...(next.utr ? { bankReferenceNumber: next.utr } : {}),
      })
      .where(thisPayout(row))
      .returning();
    if (next.utr) await setEntryBankReference(tx, clientRef, urn, next.utr);
    if (next.reverse)
      await post(tx, {
        clientRef: row.clientRef,
        clientAccountRef: row.accountRef,
        counterparty: 'railClearing',
        category: 'REVERSAL',
        description: `Reversal of payout ${urn}: ${next.message}`,
        amount: row.amount,
        referenceUrn: urn,
        bankReferenceNumber: row.bankReferenceNumber,
        customerReferenceNumber: row.customerReferenceNumber,
        idempotencyKey: `reversal:${urn}`,
        at: opts.at,
      });
    await opts.transitions[updated!.kind as keyof PayoutTransitions]?.(tx, updated!);
    const senderAccountNumber = await accountNumberOf(tx, row);
    const payout = toPayout(updated!, senderAccountNumber);
    const effects = await recordTransition(tx, actor, updated!, next.status, next.message, payout, opts.at);
    await auditBy(tx, actor, `payout.${next.status.toLowerCase()}`, urn, {
      ...(next.message ? { reason: next.message } : {}),
      ...(next.utr ? { bank_reference_number: next.utr } : {}),
    });
    if (next.due) effects.rail.push({ clientRef, urn, at: next.due });
    return { effects, status: next.status };
  });
}

const thisPayout = (row: PayoutRow) => and(eq(payouts.clientRef, row.clientRef), eq(payouts.id, row.id));

async function accountNumberOf(db: Db, payout: PayoutRow): Promise<string> {
  const [row] = await db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, payout.clientRef), eq(accounts.id, payout.accountRef)));
  return row?.number ?? '';
}

/**
 * Payouts whose rail step is overdue (their job was lost), of every client: for the sweeper. On Citus this one
 * query reads every node (a scan of the partial index, no join).
 */
export async function overduePayouts(db: Db, graceSeconds = 60): Promise<RailStep[]> {
  const rows = await db
    .select({ clientRef: payouts.clientRef, urn: payouts.urn, at: payouts.railDueAt })
    .from(payouts)
    .where(sql`${payouts.railDueAt} < now() - make_interval(secs => ${graceSeconds})`)
    .orderBy(asc(payouts.railDueAt))
    .limit(500);
  return rows.map((r) => ({ clientRef: r.clientRef, urn: r.urn, at: r.at! }));
}

/** A payout by its urn with its sender account's number, and a payout's timeline: prepared once (db/prepared.ts). */
const payoutByUrn = prepared('payout_by_urn', (db) =>
  db
    .select({
      ...answerColumns,
      id: payouts.id,
      senderAccountNumber,
    })
    .from(payouts)
    .where(and(eq(payouts.clientRef, sql.placeholder('clientRef')), eq(payouts.urn, sql.placeholder('urn')))),
);
const timelineOf = prepared('payout_timeline', (db) =>
  db
    .select({ status: payoutEvents.status, message: payoutEvents.message, createdAt: payoutEvents.createdAt })
    .from(payoutEvents)
    .where(
      and(
        eq(payoutEvents.clientRef, sql.placeholder('clientRef')),
        eq(payoutEvents.payoutRef, sql.placeholder('payoutRef')),
      ),
    )
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id)),
);

export async function getPayoutDetails(
  db: Db,
  clientRef: number,
  urn: string,
): Promise<z.infer<typeof PayoutDetails>> {
  const [row] = await payoutByUrn(db, { clientRef, urn });
  if (!row) throw notFound(`No payout with urn ${urn}`);
  // The timeline and the callbacks are independent reads: sent together.
  const [events, callbacks] = await Promise.all([
    timelineOf(db, { clientRef, payoutRef: row.id }),
    deliveriesFor(db, clientRef, urn),
  ]);
  return {
    ...toPayout(row, row.senderAccountNumber),
    events: events.map((e) => ({
      status: e.status as PayoutStatus,
      message: e.message,
      at: e.createdAt.toISOString(),
    })),
    callbacks,
  };
}
