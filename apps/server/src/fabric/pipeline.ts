import { and, eq, sql } from 'drizzle-orm';
import type { FabricCall, FabricCallStatus } from '@meridian/contract/fabric';
import type { ApiCaller } from '../auth/guard.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import { applyCreditOperation, InsufficientCreditsError } from '../credits/credits.ts';
import { balanceAndPrice, meterPrice } from '../credits/meters.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { fabricCalls } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import {
  companyUrnOf,
  insertCall,
  nextFabricSeq,
  notifyFabricEvent,
  toFabricCall,
  type CallRow,
  type NewCall,
} from './calls.ts';
import { chargeAndLog } from './charge-and-log.ts';
import type { FabricProduct, ProductContext, ProductOutcome } from './product.ts';
import { processCache } from '../lib/process-cache.ts';

/** What a call answers (the route adds `{provider}_urn`). */
export type CallAnswer = {
  urn: string;
  status: FabricCallStatus;
  result_code: string | null;
  message: string | null;
  customer_reference_number: string;
  credits_charged: number;
  result: Record<string, unknown>;
  livemode: boolean;
};

export type CallInput = {
  caller: Pick<ApiCaller, 'clientRef' | 'channel' | 'apiKeyId'> & { actor: { email: string } };
  product: FabricProduct;
  /** The validated request: `customer_reference_number` and the product's own fields. */
  body: { customer_reference_number: string } & Record<string, unknown>;
  provider: string;
  publicUrl: string;
  /** The time of the call (the demo seed backdates its calls); default now. */
  at?: Date;
};

/** The call's context for the product: its urn and the client's earlier calls of the same product. */
function contextFor(db: Db, input: CallInput, urn: string, now: Date): ProductContext {
  const { clientRef } = input.caller;
  const column = {
    reference_id: fabricCalls.referenceId,
    transaction_id: fabricCalls.transactionId,
    initiation_transaction_id: fabricCalls.initiationTransactionId,
    urn: fabricCalls.urn,
  } as const;
  return {
    db,
    clientRef,
    urn,
    now,
    publicUrl: input.publicUrl,
    provider: input.provider,
    async findCall(key, value) {
      const [row] = await db
        .select({ urn: fabricCalls.urn, status: fabricCalls.status, state: fabricCalls.state })
        .from(fabricCalls)
        .where(
          and(
            eq(fabricCalls.clientRef, clientRef),
            eq(fabricCalls.product, input.product.slug),
            eq(column[key], value),
          ),
        )
        .orderBy(sql`${fabricCalls.seq} DESC`)
        .limit(1);
      return row ? { urn: row.urn, status: row.status, state: row.state ?? {} } : null;
    },
    async saveState(callUrn, state) {
      await db
        .update(fabricCalls)
        .set({ state })
        .where(and(eq(fabricCalls.clientRef, clientRef), eq(fabricCalls.urn, callUrn)));
    },
    async replaceState(callUrn, expected, next) {
      // jsonb equality is by value (key order and spacing do not matter): one atomic compare-and-set.
      const changed = await db
        .update(fabricCalls)
        .set({ state: next })
        .where(
          and(
            eq(fabricCalls.clientRef, clientRef),
            eq(fabricCalls.urn, callUrn),
            sql`${fabricCalls.state} = ${JSON.stringify(expected)}::jsonb`,
          ),
        )
        .returning({ id: fabricCalls.id });
      return changed.length === 1;
    },
  };
}

/**
 * Per process: the balance each client had after this process's latest charge. Only a hint to skip the
 * pre-check's read: other processes (and loads) change the balance meanwhile, and the guarded charge decides.
 */
const balanceHints = processCache<number, number>();
function rememberBalance(clientRef: number, balance: number) {
  if (balanceHints.size >= 10_000 && !balanceHints.has(clientRef)) balanceHints.clear();
  balanceHints.set(clientRef, balance);
}

/** The callback of a finished call: its log row (masked) and its masked result. */
async function queueCallback(tx: Db, row: CallRow, call: FabricCall): Promise<Effects> {
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: row.clientRef,
    eventType: 'FABRIC',
    event: `fabric.call.${row.status.toLowerCase()}`,
    subjectUrn: row.urn,
    data: { ...call, response: row.response },
  });
  return { ...noEffects(), callbacks };
}

/** Logs a call that was not charged (REJECTED, INSUFFICIENT_CREDITS) in its own transaction. */
async function logUncharged(db: Db, call: NewCall): Promise<void> {
  await inTransaction(db, (tx) => insertCall(tx, call));
}

/**
 * One call of a product, as every public endpoint makes it: the product runs on the validated request, then
 * the charge (a guarded debit of the client's credits) and the log row (request and response masked) commit
 * together, which notifies the event streams and queues the client's FABRIC callbacks. A call that cannot be
 * paid is 402 `Insufficient credits` and a 4xx of the product (bad input) is rethrown; both are logged,
 * uncharged. A FAILURE answer is charged: the check ran. The product runs outside the transaction, so a slow
 * product does not hold the client's credit row; the charge is decided when the row is written, so however many
 * calls race, no more are answered than the credits pay for.
 */
export async function callProduct(
  db: Db,
  input: CallInput,
): Promise<{ answer: CallAnswer; effects: Effects }> {
  const started = performance.now();
  const { product, caller } = input;
  const now = input.at ?? new Date();
  const urn = newId('FAB', now.getTime());
  const { customer_reference_number: crn, ...fields } = input.body;
  const base = uncharged(input, urn, crn, fields);
  const call = { urn, crn, clientRef: caller.clientRef };
  const insufficient = async () => {
    await logUncharged(db, {
      ...base,
      status: 'INSUFFICIENT_CREDITS',
      resultCode: null,
      message: 'Insufficient credits',
      credits: 0,
      latencyMs: Math.round(performance.now() - started),
      response: { error: 'insufficient_credits', message: 'Insufficient credits' },
    });
    return new InsufficientCreditsError();
  };

  // Fail fast without running the product when the balance cannot pay the client's price (its meter's, else the
  // product's default; the charge below still decides, at the price it reads itself). The balance this process
  // last charged from is a hint that saves the read while it is comfortably enough for the default price.
  if (product.price > 0 && !hintCovers(caller.clientRef, product.price) && !(await balanceCovers(db, input)))
    throw await insufficient();

  let outcome: ProductOutcome;
  try {
    outcome = await product.run(fields, contextFor(db, input, urn, now));
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500)
      await logRejected(db, base, err, Math.round(performance.now() - started));
    throw err;
  }
  const logged = loggedCall(base, outcome, product.price, Math.round(performance.now() - started));
  // Usually one statement (charge-and-log.ts); a client with FABRIC callbacks, or a call that finishes an
  // earlier one (`completes`), takes the transaction below.
  const fast = outcome.completes ? null : await chargeAndLog(db, { ...logged, actor: caller.actor.email });
  if (fast && !fast.needsCallbacks) {
    if (fast.seq === null) {
      balanceHints.delete(caller.clientRef);
      throw await insufficient();
    }
    if (fast.balance !== null) rememberBalance(caller.clientRef, fast.balance);
    return { answer: answerOf(call, outcome, fast.price), effects: noEffects() };
  }

  let written: { row: CallRow; effects: Effects };
  try {
    written = await chargeInTransaction(db, input, logged, outcome);
  } catch (err) {
    if (err instanceof InsufficientCreditsError) {
      balanceHints.delete(caller.clientRef);
      throw await insufficient();
    }
    throw err;
  }
  return { answer: answerOf(call, outcome, written.row.credits), effects: written.effects };
}

/** The log row's fields every outcome shares: who called, the product, the masked request. */
function uncharged(input: CallInput, urn: string, crn: string, fields: Record<string, unknown>) {
  const { product, caller } = input;
  return {
    clientRef: caller.clientRef,
    urn,
    product: product.slug,
    customerReferenceNumber: crn,
    channel: caller.channel,
    apiKeyId: caller.apiKeyId,
    request: { customer_reference_number: crn, ...product.maskRequest(fields) },
    ...(input.at ? { at: input.at } : {}),
  };
}

/** This process's last balance of the client is comfortably enough for the product's default price. */
function hintCovers(clientRef: number, price: number): boolean {
  const hint = balanceHints.get(clientRef);
  return hint !== undefined && hint >= price * 2;
}

/** The client's balance (read, and remembered) pays its price of the product. */
async function balanceCovers(db: Db, { caller, product }: CallInput): Promise<boolean> {
  const { balance, price } = await balanceAndPrice(db, caller.clientRef, product.slug, product.price);
  rememberBalance(caller.clientRef, balance);
  return balance >= price;
}

/** Logs a call the product refused (a 4xx: bad input), uncharged. */
function logRejected(db: Db, base: ReturnType<typeof uncharged>, err: AppError, latencyMs: number) {
  return logUncharged(db, {
    ...base,
    status: 'REJECTED',
    resultCode: null,
    message: err.message,
    credits: 0,
    latencyMs,
    response: { error: err.key, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
  });
}

/** The log row of a call the product answered, at the product's default price (the charge sets the client's). */
function loggedCall(
  base: ReturnType<typeof uncharged>,
  outcome: ProductOutcome,
  price: number,
  latencyMs: number,
) {
  return {
    ...base,
    status: outcome.status,
    resultCode: outcome.resultCode,
    message: outcome.message,
    referenceId: outcome.keys?.reference_id ?? null,
    transactionId: outcome.keys?.transaction_id ?? null,
    initiationTransactionId: outcome.keys?.initiation_transaction_id ?? null,
    // The product's default price: the charge replaces it with the client's meter price when there is one.
    credits: price,
    latencyMs,
    response: outcome.maskedResult,
    state: outcome.state ?? null,
  };
}

function answerOf(
  { urn, crn, clientRef }: { urn: string; crn: string; clientRef: number },
  outcome: ProductOutcome,
  credits: number,
): CallAnswer {
  return {
    urn,
    status: outcome.status,
    result_code: outcome.resultCode,
    message: outcome.message,
    customer_reference_number: crn,
    credits_charged: credits,
    result: outcome.result,
    livemode: livemodeOf(clientRef),
  };
}

/**
 * The charge at the client's meter price, the log row and its callbacks in one transaction, with the earlier
 * call this one finishes (`completes`).
 */
function chargeInTransaction(
  db: Db,
  input: CallInput,
  logged: ReturnType<typeof loggedCall>,
  outcome: ProductOutcome,
): Promise<{ row: CallRow; effects: Effects }> {
  const { product, caller } = input;
  return inTransaction(db, async (tx) => {
    const price = await meterPrice(tx, caller.clientRef, product.slug, product.price);
    if (price > 0) {
      const charged = await applyCreditOperation(tx, {
        clientRef: caller.clientRef,
        kind: 'CONSUME',
        credits: price,
        reference: logged.urn,
        idempotencyKey: `consume:${logged.urn}`,
        actor: caller.actor.email,
        ...(input.at ? { at: input.at } : {}),
      });
      if (charged) rememberBalance(caller.clientRef, charged.balance);
    }
    const row = await insertCall(tx, { ...logged, credits: price });
    let effects =
      outcome.status === 'PENDING'
        ? noEffects()
        : await queueCallback(tx, row, toFabricCall(row, await companyUrnOf(tx, caller.clientRef)));
    if (outcome.completes) {
      // The earlier call this one finishes (Aadhaar XML's initiation), in the same transaction.
      const { urn: earlierUrn, ...completion } = outcome.completes;
      const earlier = await completeInTx(tx, {
        clientRef: caller.clientRef,
        urn: earlierUrn,
        outcome: completion,
      });
      if (earlier) effects = mergeEffects(effects, earlier.effects);
    }
    return { row, effects };
  });
}

/** How a call that waited (PENDING) ends: the product's outcome, as `run` would have answered it. */
export type CallCompletion = Pick<ProductOutcome, 'status' | 'resultCode' | 'message'> & {
  /** The masked response (kept when omitted). */
  maskedResult?: Record<string, unknown>;
  keys?: ProductOutcome['keys'];
  /** The new server-side state (kept when omitted). */
  state?: Record<string, unknown>;
};

/**
 * Finishes a PENDING call later (digilocker's consent given or declined on the hosted page; a second step):
 * updates its row (status, verdict, masked response, state), gives it a new event id so every stream sends
 * `call.updated`, and queues the client's FABRIC callbacks. A call that is no longer PENDING is left as it is
 * (answers it unchanged: a person may press a button twice). Start the answered `effects` after it returns.
 */
export async function completeCall(
  db: Db,
  input: { clientRef: number; urn: string; outcome: CallCompletion },
): Promise<{ call: FabricCall; effects: Effects }> {
  return inTransaction(db, async (tx) => {
    const done = await completeInTx(tx, input);
    if (!done) throw notFound(`No call with urn ${input.urn}`);
    return done;
  });
}

/** `completeCall` inside the caller's transaction (also `ProductOutcome.completes`); null when no such call. */
async function completeInTx(
  tx: Db,
  input: { clientRef: number; urn: string; outcome: CallCompletion },
): Promise<{ call: FabricCall; effects: Effects } | null> {
  const companyUrn = await companyUrnOf(tx, input.clientRef);
  await tenantOf(tx, input.clientRef); // the hosted pages and the expiry sweeper may meet the tenant here first
  const [current] = await tx
    .select()
    .from(fabricCalls)
    .where(and(eq(fabricCalls.clientRef, input.clientRef), eq(fabricCalls.urn, input.urn)))
    .for('update');
  if (!current) return null;
  if (current.status !== 'PENDING') return { call: toFabricCall(current, companyUrn), effects: noEffects() };
  const { outcome } = input;
  const eventSeq = await nextFabricSeq(tx, input.clientRef);
  const [row] = await tx
    .update(fabricCalls)
    .set({
      status: outcome.status,
      resultCode: outcome.resultCode,
      message: outcome.message,
      ...(outcome.maskedResult ? { response: outcome.maskedResult } : {}),
      ...(outcome.state ? { state: outcome.state } : {}),
      ...(outcome.keys?.reference_id ? { referenceId: outcome.keys.reference_id } : {}),
      ...(outcome.keys?.transaction_id ? { transactionId: outcome.keys.transaction_id } : {}),
      ...(outcome.keys?.initiation_transaction_id
        ? { initiationTransactionId: outcome.keys.initiation_transaction_id }
        : {}),
      eventSeq,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(fabricCalls.clientRef, input.clientRef), eq(fabricCalls.id, current.id)))
    .returning();
  await notifyFabricEvent(tx, input.clientRef);
  const call = toFabricCall(row!, companyUrn);
  const effects = outcome.status === 'PENDING' ? noEffects() : await queueCallback(tx, row!, call);
  return { call, effects };
}
