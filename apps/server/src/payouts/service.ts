import { and, eq, sql } from 'drizzle-orm';
import { RAIL_LIMITS, type InitiatePayout, type TransferType } from '@meridian/contract';
import { findBeneficiary } from '../beneficiaries/service.ts';
import { checkCoolingOff, weakNameMatch } from '../beneficiaries/cooling-off.ts';
import type { Db } from '../db/database.ts';
import { clientSequences, payouts, type beneficiaries } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { mergeEffects, type Effects } from '../jobs/effects.ts';
import { AppError } from '../http/errors.ts';
import { clientAccountByNumber, post } from '../ledger/ledger.ts';
import { newId } from '../lib/ids.ts';
import { formatRupees, toPaise } from '../lib/money.ts';
import { planPayout } from '../rail/sandbox.ts';
import { holdForApproval } from '../approvals/engine.ts';
import type { ApprovalSource } from '@meridian/contract/approvals';
import { toPayout, type PayoutAnswer, type PayoutRow } from './answer.ts';
import { recordTransition } from './transition.ts';

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
export type CreatedPayout = { payout: PayoutAnswer; effects: Effects; approvalUrn?: string };

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
  if (!opts.batched?.referencesChecked)
    await refuseUsedReference(tx, actor.clientRef, p.customerReferenceNumber);
  const urn = newId('PAY', opts.at?.getTime());
  const settlement = p.kind === 'SETTLEMENT';
  const held = opts.approval && !settlement ? await holdPayout(tx, actor, p, urn, opts) : null;
  if (!held) await debitPayout(tx, actor.clientRef, p, urn, opts.at);
  const row = await insertPayout(tx, actor.clientRef, p, urn, held !== null, opts);
  await tenantOf(tx, actor.clientRef); // a worker's payouts (bulk, settlement) may be of a tenant new to it
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

/** 409 `duplicate_reference` when the client has a payout with this customer reference already. */
async function refuseUsedReference(
  tx: Db,
  clientRef: number,
  customerReferenceNumber: string,
): Promise<void> {
  const [dup] = await tx
    .select({ urn: payouts.urn })
    .from(payouts)
    .where(
      and(eq(payouts.clientRef, clientRef), eq(payouts.customerReferenceNumber, customerReferenceNumber)),
    );
  if (dup) throw duplicateReference(customerReferenceNumber);
}

/** The approval request that holds the payout, when one of the client's rules (or `approvalRequired`) does. */
function holdPayout(tx: Db, actor: Actor, p: NewPayout, urn: string, opts: PayoutOptions) {
  const approval = opts.approval!;
  return holdForApproval(
    tx,
    actor,
    {
      action: 'payout',
      source: approval.source,
      summary: `Payout ${formatRupees(p.amount)} to ${p.destination.name} (${p.destination.code}) by ${p.transferType}`,
      amount: p.amount,
      transferType: p.transferType,
      resourceUrn: urn,
      payload: { payout_urn: urn },
      ...(p.approvalRequired ? { required: p.approvalRequired } : {}),
    },
    { ttlHours: approval.ttlHours, ...(opts.at ? { now: opts.at } : {}) },
  );
}

/** The guarded debit of the sender account (never below zero), to rail clearing. */
async function debitPayout(tx: Db, clientRef: number, p: NewPayout, urn: string, at: Date | undefined) {
  const settlement = p.kind === 'SETTLEMENT';
  await post(tx, {
    clientRef,
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
    at,
  });
}

/**
 * Numbers the payout (the client's next `seq`) and inserts it: PENDING with its rail step due, or PENDING_APPROVAL
 * with none while `held`. 409 when its reference is taken after all (the unique index).
 */
async function insertPayout(
  tx: Db,
  clientRef: number,
  p: NewPayout,
  urn: string,
  held: boolean,
  opts: PayoutOptions,
): Promise<PayoutRow> {
  const [sequence] = await tx
    .insert(clientSequences)
    .values({ clientRef, name: 'payouts', value: 1 })
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
      clientRef,
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
  return row;
}

const duplicateReference = (crn: string) =>
  new AppError(409, 'duplicate_reference', `customer_reference_number ${crn} was already used`, {
    fields: { customer_reference_number: 'is already used' },
  });
