import { eq, sql } from 'drizzle-orm';
import { inTransaction, queryRows, type Db } from '../db/database.ts';
import { creditAccounts, creditOperations } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/**
 * Fabric credits: a per-client balance in whole credits, changed only by operations of the credit ledger.
 * LOAD and REFUND add, UNLOAD and CONSUME take away. The balance row is updated with a guarded
 * `UPDATE … SET balance = balance + :delta WHERE balance + :delta >= 0` (backed by a CHECK), in the same
 * transaction as its operation, so it can never go negative, however many calls race (the row lock serialises a
 * client's operations; each sees the balance the previous one committed).
 */
export type CreditOperationKind = 'LOAD' | 'UNLOAD' | 'CONSUME' | 'REFUND';

/** 402 with exactly the message the issue asks for; the pipeline logs the call as INSUFFICIENT_CREDITS. */
export class InsufficientCreditsError extends AppError {
  constructor() {
    super(402, 'insufficient_credits', 'Insufficient credits');
  }
}

export type CreditOperation = {
  clientRef: number;
  kind: CreditOperationKind;
  /** Whole credits, > 0: the sign comes from the kind. */
  credits: number;
  /** The call's urn, or the load's reference. */
  reference: string;
  /** Unique per client: the same key twice is applied once (answers null the second time). */
  idempotencyKey: string;
  /** Who made it (an e-mail, `system:seed`, `api_key:key_…`). */
  actor: string;
  /** Why (a LOAD or UNLOAD by Meridian operations: required there; null for calls). */
  reason?: string | null;
  at?: Date;
};

/** An applied operation: the balance after it and when it was written. */
export type AppliedCreditOperation = { balance: number; at: Date };

const SIGN: Record<CreditOperationKind, 1 | -1> = { LOAD: 1, REFUND: 1, UNLOAD: -1, CONSUME: -1 };

/**
 * Applies one operation inside the caller's transaction. Throws InsufficientCreditsError when a debit does not
 * fit (the caller's transaction then rolls back); answers the balance after it, or null when an operation with
 * this idempotency key already exists.
 */
export async function applyCreditOperation(
  tx: Db,
  op: CreditOperation,
): Promise<AppliedCreditOperation | null> {
  if (!Number.isSafeInteger(op.credits) || op.credits <= 0)
    throw new Error('a credit operation needs a positive whole number of credits');
  const delta = SIGN[op.kind] * op.credits;
  // The account row exists from the first operation on (a debit on a missing row fails the guard below).
  if (delta > 0)
    await tx.insert(creditAccounts).values({ clientRef: op.clientRef, balance: 0 }).onConflictDoNothing();
  // One statement (one round trip): the guarded balance update and its operation, on the client's rows only.
  const at = op.at ? sql`${op.at.toISOString()}::timestamptz` : sql`now()`;
  const [result] = await queryRows<{
    balance: string | number | null;
    inserted: string | number | null;
    at: string | Date | null;
  }>(
    tx,
    sql`WITH updated AS (
          UPDATE ${creditAccounts} SET balance = balance + ${delta}, updated_at = now()
          WHERE client_ref = ${op.clientRef} AND balance + ${delta} >= 0
          RETURNING client_ref, balance
        ), inserted AS (
          INSERT INTO ${creditOperations}
            (client_ref, kind, credits, balance_after, reference, reason, idempotency_key, actor, created_at)
          SELECT client_ref, ${op.kind}, ${delta}, balance, ${op.reference}, ${op.reason ?? null},
            ${op.idempotencyKey}, ${op.actor}, ${at}
          FROM updated
          ON CONFLICT (client_ref, idempotency_key) DO NOTHING
          RETURNING balance_after, created_at
        )
        SELECT (SELECT balance FROM updated) AS balance, (SELECT balance_after FROM inserted) AS inserted,
          (SELECT created_at FROM inserted) AS at`,
  );
  if (result?.balance == null) throw new InsufficientCreditsError();
  if (result.inserted == null) {
    // Applied before: undo this balance change (the transaction is the caller's; keep it consistent).
    await tx
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} - ${delta}` })
      .where(eq(creditAccounts.clientRef, op.clientRef));
    return null;
  }
  return { balance: Number(result.balance), at: new Date(result.at!) };
}

/** Loads credits onto a client's balance in its own transaction (the demo seed). */
export function loadCredits(
  db: Db,
  input: {
    clientRef: number;
    credits: number;
    reference: string;
    actor: string;
    reason?: string | null;
    /** Backdates the load (demo seed only); default now. */
    at?: Date;
  },
): Promise<AppliedCreditOperation | null> {
  return inTransaction(db, (tx) =>
    applyCreditOperation(tx, {
      ...input,
      kind: 'LOAD',
      idempotencyKey: `load:${input.reference}`,
    }),
  );
}

/** The client's balance in whole credits (0 before any load). */
export async function creditBalance(db: Db, clientRef: number): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.clientRef, clientRef));
  return row?.balance ?? 0;
}

/** 422 for an unload larger than the balance: how many credits there are to take. */
export class NotEnoughToUnloadError extends AppError {
  constructor(available: number) {
    super(422, 'insufficient_credits', `Insufficient credits: ${available} available`);
  }
}

/**
 * A LOAD or UNLOAD by Meridian operations inside the caller's transaction, with its reason (kept on the
 * operation). An unload larger than the balance is NotEnoughToUnloadError (nothing moved); null when an
 * operation with this reference was applied before.
 */
export async function adjustCredits(
  tx: Db,
  input: {
    clientRef: number;
    kind: 'LOAD' | 'UNLOAD';
    credits: number;
    reason: string;
    reference: string;
    actor: string;
    at?: Date;
  },
): Promise<AppliedCreditOperation | null> {
  try {
    return await applyCreditOperation(tx, {
      ...input,
      idempotencyKey: `${input.kind.toLowerCase()}:${input.reference}`,
    });
  } catch (err) {
    if (err instanceof InsufficientCreditsError)
      throw new NotEnoughToUnloadError(await creditBalance(tx, input.clientRef));
    throw err;
  }
}
