import { and, eq } from 'drizzle-orm';
import type { SetSettlementAccount, SettlementAccount } from '@meridian/contract/accounts';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { settlementAccounts } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Effects } from '../jobs/effects.ts';
import { validateAccount } from '../validations/service.ts';
import { LOCK_ACCOUNT, lockClient } from './lock.ts';

/** The settlement account: the client's bank account, verified by penny drop, that its collections are paid to. */

export type AccountRow = typeof settlementAccounts.$inferSelect;

export const toSettlementAccount = (a: AccountRow): SettlementAccount => ({
  account_number: a.accountNumber,
  ifsc: a.ifsc,
  account_holder_name: a.accountHolderName,
  bank_name: a.bankName,
  status: a.status as SettlementAccount['status'],
  status_message: a.statusMessage,
  registered_name: a.registeredName,
  name_match_score: a.nameMatchScore,
  validation_urn: a.validationUrn,
  is_active: a.isActive,
  livemode: livemodeOf(a.clientRef),
  created_at: a.createdAt.toISOString(),
});

export async function activeAccount(db: Db, clientRef: number): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(settlementAccounts)
    .where(and(eq(settlementAccounts.clientRef, clientRef), eq(settlementAccounts.isActive, true)));
  return row ?? null;
}

export async function getSettlementAccount(db: Db, clientRef: number): Promise<SettlementAccount | null> {
  const row = await activeAccount(db, clientRef);
  return row ? toSettlementAccount(row) : null;
}

/**
 * Checks the account by penny drop (the validation service: its fee is charged to the client's current account,
 * its callback queued) and records the answer: VERIFIED when the bank knows the account and its holder's name
 * matches (name match MATCH: score ≥ 85), which then replaces the active account; else REJECTED with the reason,
 * not active. One transaction, one client at a time.
 */
export async function setSettlementAccount(
  db: Db,
  actor: Actor,
  input: z.infer<typeof SetSettlementAccount>,
  opts: { at?: Date } = {},
): Promise<{ account: SettlementAccount; effects: Effects }> {
  return db.transaction(async (tx) => {
    await lockClient(tx, LOCK_ACCOUNT, actor.clientRef);
    const { validation, effects } = await validateAccount(
      tx,
      actor,
      {
        beneficiary_account_number: input.account_number,
        ifsc_code: input.ifsc,
        beneficiary_name: input.account_holder_name,
      },
      opts,
    );
    const score = validation.name_match_score;
    const verified = validation.status === 'SUCCESS' && validation.name_match === 'MATCH';
    const message = verified
      ? null
      : validation.status !== 'SUCCESS'
        ? `The bank refused the account: ${validation.status_message ?? 'validation failed'}`
        : `The name does not match the account holder registered with the bank (${validation.registered_name}, match ${score}%)`;
    if (verified)
      await tx
        .update(settlementAccounts)
        .set({ isActive: false })
        .where(and(eq(settlementAccounts.clientRef, actor.clientRef), eq(settlementAccounts.isActive, true)));
    const [row] = await tx
      .insert(settlementAccounts)
      .values({
        clientRef: actor.clientRef,
        accountNumber: input.account_number,
        ifsc: validation.ifsc_code,
        accountHolderName: input.account_holder_name,
        bankName: validation.bank_name,
        status: verified ? 'VERIFIED' : 'REJECTED',
        statusMessage: message,
        validationUrn: validation.urn,
        registeredName: validation.registered_name,
        nameMatchScore: score,
        isActive: verified,
        createdBy: actor.email,
        ...(opts.at ? { createdAt: opts.at } : {}),
      })
      .returning();
    await auditBy(
      tx,
      actor,
      verified ? 'settlement.account_verified' : 'settlement.account_rejected',
      validation.urn,
      {
        account_number: input.account_number,
        ifsc: validation.ifsc_code,
        ...(message ? { reason: message } : {}),
      },
    );
    return { account: toSettlementAccount(row!), effects };
  });
}
