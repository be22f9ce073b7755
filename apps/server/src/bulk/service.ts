import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BulkStatus } from '@meridian/contract/bulk';
import type { TransferType } from '@meridian/contract';
import type { Actor } from '../audit/actor.ts';
import { activeCallbackConfigs } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { accounts, beneficiaries, bulkLineItems, bulks, payouts } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { mergeEffects, noEffects, type BulkRef, type Effects } from '../jobs/effects.ts';
import {
  beneficiaryDestination,
  checkRailLimits,
  createPayout,
  type NewPayout,
  type PayoutDestination,
  type PayoutOptions,
} from '../payouts/service.ts';
import { InsufficientBalanceError } from '../ledger/ledger.ts';
import type { BulkRow } from './answer.ts';
import { BULK_LEASE_SECONDS } from './store.ts';

/*
 * A bulk's job: its rows paid batch after batch, each row one payout through the payouts service. A bulk's answer
 * is answer.ts, storing one store.ts.
 */

type LineRow = typeof bulkLineItems.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** Rows per transaction when processing: each batch commits its payouts, its rows' marks and the counters. */
export const BULK_BATCH = 200;

/** A row the payouts service refused after writing: the batch is rolled back and run again with savepoints. */
class RetrySafely extends Error {
  constructor(cause: AppError) {
    super(`retry the batch with a savepoint per row: ${cause.message}`, { cause });
  }
}

/** The stored (job's) status of a bulk whose rows are all processed; answers derive theirs (`outcomeOf`). */
const finalStatus = (b: BulkRow): BulkStatus =>
  b.rejectedRows === 0 ? 'COMPLETED' : b.rejectedRows === b.totalRows ? 'FAILED' : 'COMPLETED_WITH_ERRORS';

/** Where a row's payout goes: its beneficiary (checked again now), or the account the row names. */
function destinationOf(
  item: LineRow,
  bens: Map<string, BeneficiaryRow>,
): { destination: PayoutDestination; beneficiaryRef: number | null } {
  if (item.beneficiaryCode) {
    const ben = bens.get(item.beneficiaryCode.toLowerCase());
    if (!ben)
      throw new AppError(422, 'unknown_beneficiary', `No beneficiary with code ${item.beneficiaryCode}`);
    return {
      destination: beneficiaryDestination(ben, item.transferType as TransferType, item.amount),
      beneficiaryRef: ben.id,
    };
  }
  return {
    destination: {
      code: 'DIRECT',
      name: item.beneficiaryName ?? '',
      accountNumber: item.beneficiaryAccountNumber,
      ifsc: item.ifsc,
      upiId: null,
    },
    beneficiaryRef: null,
  };
}

/**
 * What every row of a batch is paid with: the bulk's maker, the locked account, the rows' beneficiaries, the
 * references taken, and the payout options (references checked here, callback configurations read once).
 */
type Batch = {
  actor: Actor;
  account: AccountRow;
  bens: Map<string, BeneficiaryRow>;
  taken: Set<string>;
  payoutOpts: PayoutOptions;
};

/** A row's mark: its payout, or why it was refused. */
type Mark = { id: number; payoutUrn: string | null; reason: string | null };

/**
 * Processes the next batch of a bulk's rows in one transaction: the bulk row is locked (two jobs of one bulk take
 * turns) and so is the account; the next PENDING rows are read in row order and each becomes one payout through
 * `createPayout`, the payouts service's one creation path. A row the service would refuse (beneficiary gone
 * inactive, reference taken meanwhile, the balance ran out) is checked before any write and marked REJECTED with
 * the reason; the others go on. An unforeseen refusal after a write rolls the batch back and it runs again with a
 * savepoint per row (`safe`). The rows' marks and the counters are written in the same transaction as the payouts:
 * a process killed mid-batch leaves the whole batch PENDING and the next run does it, so each row gets exactly
 * one payout. Answers whether rows remain.
 */
export async function processBulkBatch(
  db: Db,
  ref: BulkRef,
  opts: PayoutOptions & { batch?: number; safe?: boolean },
): Promise<{ effects: Effects; remaining: boolean; status: BulkStatus | null }> {
  return db.transaction(async (tx) => {
    const [bulk] = await tx
      .select()
      .from(bulks)
      .where(and(eq(bulks.clientRef, ref.clientRef), eq(bulks.urn, ref.urn)))
      .for('update');
    if (!bulk) return { effects: noEffects(), remaining: false, status: null };
    if (bulk.status !== 'QUEUED' && bulk.status !== 'PROCESSING')
      return { effects: noEffects(), remaining: false, status: bulk.status as BulkStatus };
    const items = await pendingItems(tx, ref.clientRef, bulk.id, opts.batch ?? BULK_BATCH);
    if (items.length === 0) return finishBulk(tx, bulk, opts.at);
    const batch = await prepareBatch(tx, bulk, items, opts);
    const { marks, effects } = await payRows(tx, batch, items, opts.safe);
    await markRows(tx, ref.clientRef, marks, opts.at);
    const processed = marks.filter((m) => m.payoutUrn).length;
    const rejected = marks.length - processed;
    await tx
      .update(bulks)
      .set({
        status: 'PROCESSING',
        processedRows: sql`${bulks.processedRows} + ${processed}`,
        rejectedRows: sql`${bulks.rejectedRows} + ${rejected}`,
        updatedAt: opts.at ?? sql`now()`,
        leaseUntil: sql`now() + make_interval(secs => ${BULK_LEASE_SECONDS})`,
      })
      .where(and(eq(bulks.clientRef, ref.clientRef), eq(bulks.id, bulk.id)));
    return { effects: mergeEffects(...effects), remaining: true, status: 'PROCESSING' as const };
  });
}

/** The bulk's next PENDING rows, in row order. */
function pendingItems(tx: Db, clientRef: number, bulkRef: number, limit: number): Promise<LineRow[]> {
  return tx
    .select()
    .from(bulkLineItems)
    .where(
      and(
        eq(bulkLineItems.clientRef, clientRef),
        eq(bulkLineItems.bulkRef, bulkRef),
        eq(bulkLineItems.status, 'PENDING'),
      ),
    )
    .orderBy(asc(bulkLineItems.row))
    .limit(limit);
}

/** Every row processed: the bulk's job ends with its stored status. */
async function finishBulk(tx: Db, bulk: BulkRow, at: Date | undefined) {
  const status = finalStatus(bulk);
  await tx
    .update(bulks)
    .set({
      status,
      completedAt: at ?? sql`now()`,
      updatedAt: at ?? sql`now()`,
      leaseUntil: null,
    })
    .where(and(eq(bulks.clientRef, bulk.clientRef), eq(bulks.id, bulk.id)));
  return { effects: noEffects(), remaining: false, status };
}

/**
 * What the batch's rows are checked and paid with, read once: the account locked for the batch (its balance is
 * what the rows may spend, row after row), the rows' beneficiaries, the references taken since the bulk was
 * checked (a single payout made meanwhile: refused before any write), the client's PAYOUT callback configurations.
 */
async function prepareBatch(tx: Db, bulk: BulkRow, items: LineRow[], opts: PayoutOptions): Promise<Batch> {
  const clientRef = bulk.clientRef;
  const [account] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientRef, clientRef), eq(accounts.id, bulk.accountRef)))
    .for('update');
  const codes = [
    ...new Set(items.flatMap((i) => (i.beneficiaryCode ? [i.beneficiaryCode.toLowerCase()] : []))),
  ];
  const bens = new Map(
    (codes.length
      ? await tx
          .select()
          .from(beneficiaries)
          .where(
            and(eq(beneficiaries.clientRef, clientRef), inArray(sql`lower(${beneficiaries.code})`, codes)),
          )
      : []
    ).map((b) => [b.code.toLowerCase(), b]),
  );
  const taken = new Set(
    (
      await tx
        .select({ crn: payouts.customerReferenceNumber })
        .from(payouts)
        .where(
          and(
            eq(payouts.clientRef, clientRef),
            inArray(
              payouts.customerReferenceNumber,
              items.map((i) => i.customerReferenceNumber),
            ),
          ),
        )
    ).map((p) => p.crn),
  );
  const payoutOpts: PayoutOptions = {
    railTimeScale: opts.railTimeScale,
    ...(opts.at ? { at: opts.at } : {}),
    batched: {
      referencesChecked: true,
      callbackConfigs: await activeCallbackConfigs(tx, clientRef, 'PAYOUT'),
    },
  };
  const actor: Actor = { clientRef, userRef: bulk.createdByRef, email: bulk.createdBy ?? 'bulk', meta: null };
  return { actor, account: account!, bens, taken, payoutOpts };
}

/**
 * Each row becomes one payout through `createPayout`, or is marked refused with the reason: every refusal the
 * service could answer after writing is checked first, before any write (the account is locked, so `available`
 * is exact). An unforeseen refusal after a write rolls the batch back (RetrySafely) unless it runs `safe`, with a
 * savepoint per row.
 */
async function payRows(
  tx: Db,
  batch: Batch,
  items: LineRow[],
  safe: boolean | undefined,
): Promise<{ marks: Mark[]; effects: Effects[] }> {
  let available = batch.account.balance;
  const effects: Effects[] = [];
  const marks: Mark[] = [];
  for (const item of items) {
    const reject = (err: unknown) => {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      marks.push({ id: item.id, payoutUrn: null, reason: err.message.slice(0, 500) });
    };
    let payout: NewPayout;
    try {
      payout = rowPayout(item, batch, available);
    } catch (err) {
      reject(err);
      continue;
    }
    try {
      // A refusal the checks did not foresee may come after the service wrote: without a savepoint the batch
      // rolls back and processBulk runs it again with a savepoint per row (`safe`).
      const result = safe
        ? await tx.transaction((sp) => createPayout(sp, batch.actor, payout, batch.payoutOpts))
        : await createPayout(tx, batch.actor, payout, batch.payoutOpts);
      available -= item.amount;
      batch.taken.add(item.customerReferenceNumber);
      effects.push(result.effects);
      marks.push({ id: item.id, payoutUrn: result.payout.urn, reason: null });
    } catch (err) {
      if (!safe && err instanceof AppError && err.status < 500) throw new RetrySafely(err);
      reject(err);
    }
  }
  return { marks, effects };
}

/** A row's payout, once every refusal the service could answer is ruled out (else the refusal is thrown). */
function rowPayout(item: LineRow, batch: Batch, available: bigint): NewPayout {
  const { destination, beneficiaryRef } = destinationOf(item, batch.bens);
  checkRailLimits(item.transferType as TransferType, item.amount);
  if (batch.taken.has(item.customerReferenceNumber))
    throw new AppError(
      409,
      'duplicate_reference',
      `customer_reference_number ${item.customerReferenceNumber} was already used`,
    );
  if (item.amount > available) throw new InsufficientBalanceError(available, item.amount);
  return {
    kind: 'PAYOUT',
    accountRef: batch.account.id,
    accountNumber: batch.account.accountNumber,
    beneficiaryRef,
    destination,
    amount: item.amount,
    transferType: item.transferType as TransferType,
    customerReferenceNumber: item.customerReferenceNumber,
    purposeMessage: item.purposeMessage,
  };
}

/** The batch's rows marked PROCESSED (with their payout) or REJECTED (with why), in one UPDATE. */
async function markRows(tx: Db, clientRef: number, marks: Mark[], when: Date | undefined): Promise<void> {
  const urns = marks.flatMap((m) => (m.payoutUrn ? [m.payoutUrn] : []));
  const ids = new Map(
    (urns.length
      ? await tx
          .select({ id: payouts.id, urn: payouts.urn })
          .from(payouts)
          .where(and(eq(payouts.clientRef, clientRef), inArray(payouts.urn, urns)))
      : []
    ).map((p) => [p.urn, p.id]),
  );
  const at = when ? sql`${when.toISOString()}::timestamptz` : sql`now()`;
  // One UPDATE for the batch's rows; each still PENDING (the bulk row lock keeps other jobs out).
  const values = sql.join(
    marks.map(
      (m) =>
        sql`(${m.id}::bigint, ${m.payoutUrn ? 'PROCESSED' : 'REJECTED'}::text, ${m.payoutUrn ? ids.get(m.payoutUrn)! : null}::bigint, ${m.reason}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
      UPDATE ${bulkLineItems} AS li
      SET status = v.status, payout_ref = v.payout_ref, failure_reason = v.reason, updated_at = ${at}
      FROM (VALUES ${values}) AS v(id, status, payout_ref, reason)
      WHERE li.client_ref = ${clientRef} AND li.id = v.id AND li.status = 'PENDING'`);
}

/**
 * The bulk job: batch after batch until every row is processed, starting each batch's rail steps once it has
 * committed. Idempotent and resumable: run again (a retry, the sweeper's re-send, a second worker) it carries on
 * from the first PENDING row.
 */
export async function processBulk(
  db: Db,
  ref: BulkRef,
  opts: PayoutOptions & { batch?: number; runEffects?: (e: Effects) => Promise<void> },
): Promise<BulkStatus | null> {
  for (;;) {
    let batch;
    try {
      batch = await processBulkBatch(db, ref, opts);
    } catch (err) {
      if (!(err instanceof RetrySafely)) throw err;
      batch = await processBulkBatch(db, ref, { ...opts, safe: true });
    }
    const { effects, remaining, status } = batch;
    if (opts.runEffects && (effects.rail.length || effects.callbacks.length)) await opts.runEffects(effects);
    if (!remaining) return status;
  }
}

/** Unfinished bulks whose job's lease ran out (the job was lost, or its process died): the sweeper re-sends them. */
export async function overdueBulks(db: Db): Promise<(BulkRef & { leaseUntil: Date | null })[]> {
  return db
    .select({ clientRef: bulks.clientRef, urn: bulks.urn, leaseUntil: bulks.leaseUntil })
    .from(bulks)
    .where(and(sql`${bulks.status} IN ('QUEUED', 'PROCESSING')`, lt(bulks.leaseUntil, sql`now()`)))
    .limit(100);
}
