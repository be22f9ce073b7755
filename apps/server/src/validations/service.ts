import { and, eq } from 'drizzle-orm';
import { nameMatchOf, type ValidateAccount, type Validation } from '@meridian/contract';
import type { z } from 'zod';
import { lookupIfsc } from '../beneficiaries/ifsc.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { validations } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { AppError, notFound } from '../http/errors.ts';
import { clientAccounts, post } from '../ledger/ledger.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney } from '../lib/money.ts';
import { bankReference, nameMatchScore, planValidation } from '../rail/sandbox.ts';

/** What one penny-drop validation costs the client, in paise (₹2.00), charged whatever the outcome. */
export const VALIDATION_FEE = 200n;

type Row = typeof validations.$inferSelect;
type Answer = z.infer<typeof Validation>;

export const toValidation = (v: Row): Answer => ({
  urn: v.urn,
  customer_reference_number: v.customerReferenceNumber,
  bank_reference_number: v.bankReferenceNumber,
  beneficiary_account_number: v.accountNumber,
  ifsc_code: v.ifsc,
  bank_name: v.bankName,
  name_given: v.nameGiven,
  registered_name: v.registeredName,
  name_match_score: v.nameMatchScore,
  // The verdict of the score (MATCH, PARTIAL, NO_MATCH): a validation succeeds whatever the name, and says how
  // well it matched; whoever relies on the holder (a settlement account, a beneficiary) reads the verdict.
  name_match: nameMatchOf(v.nameMatchScore),
  status: v.status as Answer['status'],
  status_message: v.statusMessage,
  fee: formatMoney(v.fee),
  created_at: v.createdAt.toISOString(),
  livemode: livemodeOf(v.clientRef),
});

/**
 * A penny drop on the sandbox rail: the bank answers at once with the registered holder (or why the account
 * cannot be credited); the fee is debited in the same transaction as the record, and a callback is queued.
 */
export async function validateAccount(
  tx: Db,
  actor: Actor,
  input: ValidateAccount,
  opts: { at?: Date } = {},
): Promise<{ validation: Answer; effects: Effects }> {
  const bank = lookupIfsc(input.ifsc_code);
  if (!bank)
    throw new AppError(422, 'validation_failed', `Unknown IFSC code: ${input.ifsc_code}`, {
      fields: { ifsc_code: 'is not in the IFSC registry' },
    });
  const [account] = await clientAccounts(tx, actor.clientRef);
  if (!account) throw new AppError(422, 'no_account', 'You have no account to charge the validation fee to');
  const at = opts.at ?? new Date();
  const urn = newId('VAL', at.getTime());
  const plan = planValidation(input.beneficiary_account_number, bank.ifsc);
  const utr = bankReference('VALIDATION', urn, at);
  await post(tx, {
    clientRef: actor.clientRef,
    clientAccountRef: account.id,
    counterparty: 'feeIncome',
    category: 'VALIDATION_FEE',
    description: `Bank-account validation fee (${input.beneficiary_account_number.slice(-4).padStart(8, '•')})`,
    amount: -VALIDATION_FEE,
    referenceUrn: urn,
    bankReferenceNumber: utr,
    customerReferenceNumber: input.customer_reference_number ?? null,
    idempotencyKey: `validation:${urn}`,
    at: opts.at,
  });
  const [row] = await tx
    .insert(validations)
    .values({
      urn,
      clientRef: actor.clientRef,
      customerReferenceNumber: input.customer_reference_number ?? null,
      bankReferenceNumber: utr,
      accountNumber: input.beneficiary_account_number,
      ifsc: bank.ifsc,
      bankName: bank.bank_name,
      nameGiven: input.beneficiary_name,
      registeredName: plan.outcome === 'SUCCESS' ? plan.registeredName : null,
      nameMatchScore:
        plan.outcome === 'SUCCESS' ? nameMatchScore(input.beneficiary_name, plan.registeredName) : null,
      status: plan.outcome,
      statusMessage: plan.outcome === 'FAILURE' ? plan.reason : null,
      fee: VALIDATION_FEE,
      createdAt: at,
    })
    .returning();
  await tenantOf(tx, actor.clientRef); // the seed runs before the tenants are loaded
  const validation = toValidation(row!);
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: actor.clientRef,
    eventType: 'BANK_ACCOUNT_VALIDATION',
    event: `validation.${plan.outcome.toLowerCase()}`,
    subjectUrn: urn,
    data: validation,
  });
  await auditBy(tx, actor, 'validation.created', urn, { status: plan.outcome, bank: bank.bank_name });
  return { validation, effects: { ...noEffects(), callbacks } };
}

export async function getValidation(db: Db, clientRef: number, urn: string): Promise<Answer> {
  const [row] = await db
    .select()
    .from(validations)
    .where(and(eq(validations.clientRef, clientRef), eq(validations.urn, urn)));
  if (!row) throw notFound(`No validation with urn ${urn}`);
  return toValidation(row);
}
