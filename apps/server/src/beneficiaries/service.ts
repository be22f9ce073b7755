import { and, eq, sql } from 'drizzle-orm';
import {
  type Beneficiary,
  type CreateBeneficiary,
  type TransferType,
  type UpdateBeneficiary,
} from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, beneficiaries } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { clientAccountByNumber } from '../ledger/ledger.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { lookupIfsc } from './ifsc.ts';
import { coolingOffEnd, coolingOffOf } from './cooling-off.ts';
import { auditMismatch, checkNameMatch, type NameMismatch } from './name-match.ts';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
type Answer = z.infer<typeof Beneficiary>;

const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError(422, 'validation_failed', message, { fields });

export function toBeneficiary(b: BeneficiaryRow, senderAccountNumber: string): Answer {
  return {
    beneficiary_code: b.code,
    beneficiary_name: b.name,
    beneficiary_email: b.email,
    beneficiary_mobile: b.mobile,
    provider: b.provider,
    provider_code: b.providerCode,
    transfer_type: b.transferType as TransferType,
    sender_account_number: senderAccountNumber,
    beneficiary_account_number: b.accountNumber,
    ifsc_code: b.ifsc,
    bank_name: b.bankName,
    beneficiary_upi_id: b.upiId,
    status: b.status as Answer['status'],
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    ...coolingOffOf(b),
    name_match_score: b.nameMatchScore,
    livemode: livemodeOf(b.clientRef),
  };
}

const blankToNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const normaliseMobile = (v: string | null) => (v ? v.replace(/^\+91/, '') : null);

type Destination = {
  transferType: TransferType;
  accountNumber: string | null;
  ifsc: string | null;
  upiId: string | null;
};

/** A destination the rail can pay: UPI needs a UPI id; IMPS/NEFT/RTGS an account number and a real IFSC. */
function checkDestination(d: Destination): {
  bankName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  upiId: string | null;
} {
  if (d.transferType === 'UPI') {
    if (!d.upiId)
      throw unprocessable('A UPI beneficiary needs a UPI id', { beneficiary_upi_id: 'is required for UPI' });
    return { bankName: null, accountNumber: d.accountNumber, ifsc: d.ifsc, upiId: d.upiId.toLowerCase() };
  }
  const fields: Record<string, string> = {};
  if (!d.accountNumber) fields.beneficiary_account_number = `is required for ${d.transferType}`;
  if (!d.ifsc) fields.ifsc_code = `is required for ${d.transferType}`;
  if (Object.keys(fields).length)
    throw unprocessable(`A ${d.transferType} beneficiary needs an account number and IFSC`, fields);
  const bank = lookupIfsc(d.ifsc!);
  if (!bank)
    throw unprocessable(`Unknown IFSC code: ${d.ifsc}`, { ifsc_code: 'is not in the IFSC registry' });
  return {
    bankName: bank.bank_name,
    accountNumber: d.accountNumber,
    ifsc: bank.ifsc,
    upiId: d.upiId?.toLowerCase() ?? null,
  };
}

/** The sender account must be the client's own, and provider/provider_code must be the ones it is held with. */
async function senderAccount(
  db: Db,
  clientRef: number,
  number: string,
  provider?: string,
  providerCode?: string,
) {
  const account = await clientAccountByNumber(db, clientRef, number);
  if (!account)
    throw unprocessable('The sender account is not one of your accounts', {
      sender_account_number: 'is not your account',
    });
  if (
    (provider !== undefined && provider !== account.provider) ||
    (providerCode !== undefined && providerCode !== account.providerCode)
  )
    throw unprocessable(`The sender account is held with ${account.provider} (${account.providerCode})`, {
      provider_code: `must be ${account.providerCode}`,
    });
  return account;
}

/** What a beneficiary looks like to an approver of its change (before and after): its details, no timestamps. */
export type BeneficiaryView = {
  beneficiary_code: string;
  beneficiary_name: string;
  beneficiary_email: string | null;
  beneficiary_mobile: string | null;
  transfer_type: string;
  sender_account_number: string;
  beneficiary_account_number: string | null;
  ifsc_code: string | null;
  bank_name: string | null;
  beneficiary_upi_id: string | null;
  status: string;
};

const viewOf = (
  b: Pick<
    BeneficiaryRow,
    'code' | 'name' | 'email' | 'mobile' | 'transferType' | 'accountNumber' | 'ifsc' | 'bankName' | 'upiId'
  > & { status?: string },
  senderAccountNumber: string,
): BeneficiaryView => ({
  beneficiary_code: b.code,
  beneficiary_name: b.name,
  beneficiary_email: b.email,
  beneficiary_mobile: b.mobile,
  transfer_type: b.transferType,
  sender_account_number: senderAccountNumber,
  beneficiary_account_number: b.accountNumber,
  ifsc_code: b.ifsc,
  bank_name: b.bankName,
  beneficiary_upi_id: b.upiId,
  status: b.status ?? 'ACTIVE',
});

/** A beneficiary to add, checked (sender account, destination, name match, code not in use) but not saved. */
export type NewBeneficiaryPlan = {
  values: Omit<typeof beneficiaries.$inferInsert, 'limitedUntil'>;
  senderAccountNumber: string;
  mismatch: NameMismatch | null;
  /** What it will be, as the approvers of the addition see it. */
  view: BeneficiaryView;
};

const duplicateCode = (code: string) =>
  new AppError(409, 'duplicate_beneficiary_code', `A beneficiary with code ${code} already exists`, {
    fields: { beneficiary_code: 'is already used' },
  });

/**
 * Checks a beneficiary to add as adding it would (422 for a sender account, destination or unconfirmed name that
 * is refused, 409 for a code in use), without saving it: what an addition that waits for approval is checked
 * against before it waits, and again when it is approved.
 */
export async function planNewBeneficiary(
  db: Db,
  clientRef: number,
  input: CreateBeneficiary,
): Promise<NewBeneficiaryPlan> {
  const account = await senderAccount(
    db,
    clientRef,
    input.sender_account_number,
    input.provider,
    input.provider_code,
  );
  const dest = checkDestination({
    transferType: input.transfer_type,
    accountNumber: blankToNull(input.beneficiary_account_number),
    ifsc: blankToNull(input.ifsc_code),
    upiId: blankToNull(input.beneficiary_upi_id),
  });
  const { score, mismatch } =
    input.transfer_type === 'UPI'
      ? { score: null, mismatch: null }
      : await checkNameMatch(
          db,
          clientRef,
          { name: input.beneficiary_name, accountNumber: dest.accountNumber, ifsc: dest.ifsc },
          input.confirm_name_mismatch,
        );
  if (await findBeneficiary(db, clientRef, input.beneficiary_code))
    throw duplicateCode(input.beneficiary_code);
  const values = {
    clientRef,
    code: input.beneficiary_code,
    name: input.beneficiary_name,
    email: blankToNull(input.beneficiary_email)?.toLowerCase() ?? null,
    mobile: normaliseMobile(blankToNull(input.beneficiary_mobile)),
    provider: account.provider,
    providerCode: account.providerCode,
    transferType: input.transfer_type,
    senderAccountRef: account.id,
    ...dest,
    nameMatchScore: score,
  };
  return {
    values,
    senderAccountNumber: account.accountNumber,
    mismatch,
    view: viewOf(values, account.accountNumber),
  };
}

/**
 * Adds a beneficiary. `coolingOff`: it starts limited (cooling-off.ts), as every one a client adds; the demo seed
 * adds its established beneficiaries without it.
 */
export async function createBeneficiary(
  db: Db,
  actor: Actor,
  input: CreateBeneficiary,
  opts: { coolingOff: boolean } = { coolingOff: true },
): Promise<Answer> {
  return addPlannedBeneficiary(db, actor, await planNewBeneficiary(db, actor.clientRef, input), opts);
}

/** Saves a checked beneficiary (planNewBeneficiary) and audits it (and a confirmed name mismatch). */
export async function addPlannedBeneficiary(
  db: Db,
  actor: Actor,
  plan: NewBeneficiaryPlan,
  opts: { coolingOff: boolean } = { coolingOff: true },
): Promise<Answer> {
  const [row] = await db
    .insert(beneficiaries)
    .values({ ...plan.values, limitedUntil: opts.coolingOff ? coolingOffEnd() : null })
    .onConflictDoNothing()
    .returning();
  // Added by a racing request since the check.
  if (!row) throw duplicateCode(plan.values.code);
  await auditBy(db, actor, 'beneficiary.created', row.code, {
    transfer_type: row.transferType,
    bank: row.bankName,
  });
  if (plan.mismatch) await auditMismatch(db, actor, row.code, plan.mismatch);
  return toBeneficiary(row, plan.senderAccountNumber);
}

/** A beneficiary with its sender account (of the same client). */
export const senderAccountOf = withinClient(
  accounts,
  beneficiaries.clientRef,
  beneficiaries.senderAccountRef,
);

/** The client's beneficiary with this code (case-insensitive), with its sender account number. */
export async function findBeneficiary(db: Db, clientRef: number, code: string) {
  const [row] = await db
    .select({ beneficiary: beneficiaries, senderAccountNumber: accounts.accountNumber })
    .from(beneficiaries)
    .innerJoin(accounts, senderAccountOf)
    .where(
      and(eq(beneficiaries.clientRef, clientRef), eq(sql`lower(${beneficiaries.code})`, code.toLowerCase())),
    );
  return row ?? null;
}

export async function getBeneficiary(db: Db, clientRef: number, code: string): Promise<Answer> {
  const found = await findBeneficiary(db, clientRef, code);
  if (!found) throw notFound(`No beneficiary with code ${code}`);
  return toBeneficiary(found.beneficiary, found.senderAccountNumber);
}

/** A change of a beneficiary, checked as saving it would but not saved: what it changes, before and after. */
export type BeneficiaryUpdatePlan = {
  current: BeneficiaryRow;
  senderAccountNumber: string;
  changes: Partial<typeof beneficiaries.$inferInsert>;
  /** The fields the request named (for the audit record). */
  fields: string[];
  mismatch: NameMismatch | null;
  before: BeneficiaryView;
  after: BeneficiaryView;
};

/**
 * Checks a change of a beneficiary as saving it would (404 for an unknown code, 422 for a sender account,
 * destination or unconfirmed name that is refused), without saving it: what a change that waits for approval is
 * checked against before it waits, and again when it is approved.
 */
export async function planBeneficiaryUpdate(
  db: Db,
  clientRef: number,
  code: string,
  input: UpdateBeneficiary,
): Promise<BeneficiaryUpdatePlan> {
  const found = await findBeneficiary(db, clientRef, code);
  if (!found) throw notFound(`No beneficiary with code ${code}`);
  const current = found.beneficiary;
  const account =
    input.sender_account_number !== undefined ||
    input.provider !== undefined ||
    input.provider_code !== undefined
      ? await senderAccount(
          db,
          clientRef,
          input.sender_account_number ?? found.senderAccountNumber,
          input.provider,
          input.provider_code,
        )
      : null;
  const pick = (v: string | undefined, old: string | null) => (v === undefined ? old : blankToNull(v));
  const dest = checkDestination({
    transferType: input.transfer_type ?? (current.transferType as TransferType),
    accountNumber: pick(input.beneficiary_account_number, current.accountNumber),
    ifsc: pick(input.ifsc_code, current.ifsc),
    upiId: pick(input.beneficiary_upi_id, current.upiId),
  });
  // The name is checked again when it or the account it names changes (not for a status or contact change).
  const renamesOrMoves = (
    ['beneficiary_name', 'beneficiary_account_number', 'ifsc_code', 'transfer_type'] as const
  ).some((k) => input[k] !== undefined);
  const matched =
    renamesOrMoves && (input.transfer_type ?? current.transferType) !== 'UPI'
      ? await checkNameMatch(
          db,
          clientRef,
          {
            name: input.beneficiary_name ?? current.name,
            accountNumber: dest.accountNumber,
            ifsc: dest.ifsc,
          },
          input.confirm_name_mismatch,
        )
      : null;
  const changes = changesOf(
    input,
    current,
    account,
    dest,
    renamesOrMoves ? { score: matched?.score ?? null } : null,
  );
  const fields = Object.keys(input).filter(
    (k) => k !== 'confirm_name_mismatch' && input[k as keyof UpdateBeneficiary] !== undefined,
  );
  const senderAccountNumber = account?.accountNumber ?? found.senderAccountNumber;
  return {
    current,
    senderAccountNumber,
    changes,
    fields,
    mismatch: matched?.mismatch ?? null,
    before: viewOf(current, found.senderAccountNumber),
    after: viewOf({ ...current, ...changes }, senderAccountNumber),
  };
}

/**
 * The columns a checked change writes: the fields the request named, the sender account, the destination, the
 * name match score when the name was checked again, and a new cooling-off period when the destination moves.
 */
function changesOf(
  input: UpdateBeneficiary,
  current: BeneficiaryRow,
  account: Awaited<ReturnType<typeof senderAccount>> | null,
  dest: ReturnType<typeof checkDestination>,
  nameMatch: { score: number | null } | null,
): Partial<typeof beneficiaries.$inferInsert> {
  // A new destination (account, IFSC or UPI id) starts a new cooling-off period.
  const moves =
    dest.accountNumber !== current.accountNumber ||
    dest.ifsc !== current.ifsc ||
    dest.upiId !== current.upiId;
  return {
    ...(input.beneficiary_name !== undefined ? { name: input.beneficiary_name } : {}),
    ...(input.beneficiary_email !== undefined
      ? { email: blankToNull(input.beneficiary_email)?.toLowerCase() ?? null }
      : {}),
    ...(input.beneficiary_mobile !== undefined
      ? { mobile: normaliseMobile(blankToNull(input.beneficiary_mobile)) }
      : {}),
    ...(input.transfer_type !== undefined ? { transferType: input.transfer_type } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(account
      ? { senderAccountRef: account.id, provider: account.provider, providerCode: account.providerCode }
      : {}),
    ...dest,
    ...(nameMatch ? { nameMatchScore: nameMatch.score } : {}),
    ...(moves ? { limitedUntil: coolingOffEnd() } : {}),
  };
}

export async function updateBeneficiary(
  db: Db,
  actor: Actor,
  code: string,
  input: UpdateBeneficiary,
): Promise<Answer> {
  return applyBeneficiaryUpdate(db, actor, await planBeneficiaryUpdate(db, actor.clientRef, code, input));
}

/** Saves a checked change (planBeneficiaryUpdate) and audits it (and a confirmed name mismatch). */
export async function applyBeneficiaryUpdate(
  db: Db,
  actor: Actor,
  plan: BeneficiaryUpdatePlan,
): Promise<Answer> {
  const { current, changes } = plan;
  const [row] = await db
    .update(beneficiaries)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(beneficiaries.clientRef, current.clientRef), eq(beneficiaries.id, current.id)))
    .returning();
  const status = changes.status;
  await auditBy(
    db,
    actor,
    status && status !== current.status
      ? status === 'INACTIVE'
        ? 'beneficiary.deactivated'
        : 'beneficiary.activated'
      : 'beneficiary.updated',
    current.code,
    { fields: plan.fields },
  );
  if (plan.mismatch) await auditMismatch(db, actor, current.code, plan.mismatch);
  return toBeneficiary(row!, plan.senderAccountNumber);
}
