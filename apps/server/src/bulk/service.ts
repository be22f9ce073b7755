import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Bulk, BulkFormat, BulkStatus } from '@meridian/contract/bulk';
import { auditBy, type Actor } from '../audit/actor.ts';
import { activeCallbackConfigs } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, beneficiaries, bulkFiles, bulkLineItems, bulks, payouts } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type BulkRef, type Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees } from '../lib/money.ts';
import { holdForApproval } from '../approvals/engine.ts';
import type { ApprovalSource } from '@meridian/contract/approvals';
import {
  beneficiaryDestination,
  checkRailLimits,
  createPayout,
  type NewPayout,
  type PayoutDestination,
  type PayoutOptions,
} from '../payouts/service.ts';
import { InsufficientBalanceError } from '../ledger/ledger.ts';
import type { TransferType } from '@meridian/contract';
import type { CheckedRow } from './validate.ts';

export type BulkRow = typeof bulks.$inferSelect;
type LineRow = typeof bulkLineItems.$inferSelect;

/** Rows per transaction when processing: each batch commits its payouts, its rows' marks and the counters. */
export const BULK_BATCH = 200;
/** How long a bulk's job counts as alive after its last batch; past it the sweeper re-sends the job. */
export const BULK_LEASE_SECONDS = 60;

/**
 * What a bulk's rows' payouts say, in one pass over its rows (one correlated aggregate per bulk): how many failed
 * or were returned, how many are still on the rail (PENDING), the bulk's status as answered and when it completed.
 *
 * The stored status is the job's (every row processed or not); the answered one never overstates: a bulk whose job
 * is done is PROCESSING while any of its payouts is PENDING, and once none is, COMPLETED when every row was paid,
 * FAILED when none was, COMPLETED_WITH_ERRORS otherwise (rows refused, payouts failed or returned). `completed_at`
 * is null until then, and then the later of the job's end and the last payout's move.
 */
const outcomeOf = (
  clientRef: SQL,
  bulkId: SQL,
  stored: SQL,
  rejectedRows: SQL,
  totalRows: SQL,
  completedAt: SQL,
) => {
  const failed = sql`count(*) FILTER (WHERE p.status IN ('FAILURE', 'RETURNED'))`;
  const inFlight = sql`count(*) FILTER (WHERE p.status = 'PENDING')`;
  // A bulk waiting for approval, or rejected by it, answers its stored status (it has no payouts).
  const jobDone = sql`${stored} NOT IN ('QUEUED', 'PROCESSING', 'PENDING_APPROVAL', 'REJECTED')`;
  return sql<BulkOutcome>`(
  SELECT json_build_object(
    'failed', ${failed},
    'in_flight', ${inFlight},
    'status', CASE
      WHEN NOT ${jobDone} THEN ${stored}
      WHEN ${inFlight} > 0 THEN 'PROCESSING'
      WHEN ${rejectedRows} + ${failed} >= ${totalRows} THEN 'FAILED'
      WHEN ${rejectedRows} + ${failed} > 0 THEN 'COMPLETED_WITH_ERRORS'
      ELSE 'COMPLETED' END,
    'completed_at', CASE WHEN ${jobDone} AND ${inFlight} = 0
      THEN greatest(${completedAt}, max(p.updated_at)) END)
  FROM ${bulkLineItems} li
  JOIN ${payouts} p ON p.client_ref = li.client_ref AND p.id = li.payout_ref
  WHERE li.client_ref = ${clientRef} AND li.bulk_ref = ${bulkId})`;
};

/** A bulk's outcome (`outcomeOf`) as selected: json, times as ISO 8601 text. */
type BulkOutcome = { failed: number; in_flight: number; status: BulkStatus; completed_at: string | null };

/** The bulk's outcome in a query over `bulks`. */
export const bulkOutcome = outcomeOf(
  sql`${bulks.clientRef}`,
  sql`${bulks.id}`,
  sql`${bulks.status}`,
  sql`${bulks.rejectedRows}`,
  sql`${bulks.totalRows}`,
  sql`${bulks.completedAt}`,
);

/** The bulk's status as answered, for the list's status filter (the same rule as the answers'). */
export const bulkStatusSql = sql<BulkStatus>`(${bulkOutcome}->>'status')`;

/** The columns a Bulk answer needs (the bulk, its account's number, its payouts' outcome). */
export const bulkSelection = {
  bulk: bulks,
  accountNumber: accounts.accountNumber,
  outcome: bulkOutcome,
};

/**
 * The answer: `done` counts rows whose payout succeeded, `processing` rows whose payout is still on the rail,
 * `failed` rows refused plus payouts failed or returned, `pending` rows not processed yet.
 */
export const toBulk = (r: { bulk: BulkRow; accountNumber: string; outcome: BulkOutcome }): Bulk => {
  const b = r.bulk;
  const failedPayouts = Number(r.outcome.failed);
  const processing = Number(r.outcome.in_flight);
  return {
    urn: b.urn,
    file_name: b.fileName,
    format: b.format as BulkFormat,
    status: r.outcome.status,
    sender_account_number: r.accountNumber,
    total_rows: b.totalRows,
    done: b.processedRows - failedPayouts - processing,
    processing,
    failed: b.rejectedRows + failedPayouts,
    pending: b.totalRows - b.processedRows - b.rejectedRows,
    total_amount: formatMoney(b.totalAmount),
    created_by: b.createdBy,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    completed_at: r.outcome.completed_at === null ? null : new Date(r.outcome.completed_at).toISOString(),
  };
};

/** One of the client's bulks with its progress (404 for another client's). */
export async function getBulk(db: Db, clientRef: number, urn: string): Promise<Bulk> {
  const [row] = await db
    .select(bulkSelection)
    .from(bulks)
    .innerJoin(accounts, withinClient(accounts, bulks.clientRef, bulks.accountRef))
    .where(and(eq(bulks.clientRef, clientRef), eq(bulks.urn, urn)));
  if (!row) throw notFound(`No bulk payout ${urn}`);
  return toBulk(row);
}

/** The bulk row by urn within the client, or 404. */
export async function bulkByUrn(db: Db, clientRef: number, urn: string): Promise<BulkRow> {
  const [row] = await db
    .select()
    .from(bulks)
    .where(and(eq(bulks.clientRef, clientRef), eq(bulks.urn, urn)));
  if (!row) throw notFound(`No bulk payout ${urn}`);
  return row;
}

export type NewBulk = {
  fileName: string;
  format: BulkFormat;
  contentType: string;
  content: Buffer;
  accountRef: number;
  accountNumber: string;
  rows: CheckedRow[];
  /** Backdates the bulk (demo seed only). */
  at?: Date;
  /** Checks the client's `bulk` approval rules: a bulk one holds waits PENDING_APPROVAL, not queued. */
  approval?: { source: ApprovalSource; ttlHours: number };
};

/**
 * Stores a checked bulk in the caller's transaction: the bulk (QUEUED, leased for its first job), its input file
 * and its rows. Answers the bulk and the effect that starts its job.
 */
export async function storeBulk(
  tx: Db,
  actor: Actor,
  b: NewBulk,
): Promise<{ bulk: Bulk; effects: Effects; approvalUrn?: string }> {
  const urn = newId('BLK', b.at?.getTime());
  const total = b.rows.reduce((s, r) => s + r.amount, 0n);
  const at = b.at ?? sql`now()`;
  // A row paying a new beneficiary the bank's name barely matched makes the whole bulk wait for an approver.
  const required = b.rows.find((r) => r.approvalRequired);
  const held = b.approval
    ? await holdForApproval(
        tx,
        actor,
        {
          action: 'bulk',
          source: b.approval.source,
          summary: `Bulk ${b.fileName}: ${b.rows.length} payout${b.rows.length === 1 ? '' : 's'}, ${formatRupees(total)}`,
          amount: total,
          resourceUrn: urn,
          payload: { bulk_urn: urn },
          ...(required ? { required: `row ${required.row}: ${required.approvalRequired}` } : {}),
        },
        { ttlHours: b.approval.ttlHours },
      )
    : null;
  const [row] = await tx
    .insert(bulks)
    .values({
      clientRef: actor.clientRef,
      urn,
      fileName: b.fileName,
      format: b.format,
      accountRef: b.accountRef,
      status: held ? 'PENDING_APPROVAL' : 'QUEUED',
      totalRows: b.rows.length,
      totalAmount: total,
      createdByRef: actor.userRef,
      createdBy: actor.email,
      leaseUntil: held ? null : sql`now() + make_interval(secs => ${BULK_LEASE_SECONDS})`,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx
    .insert(bulkFiles)
    .values({ clientRef: actor.clientRef, bulkRef: row!.id, contentType: b.contentType, content: b.content });
  for (let i = 0; i < b.rows.length; i += 1000)
    await tx.insert(bulkLineItems).values(
      b.rows.slice(i, i + 1000).map((r) => ({
        clientRef: actor.clientRef,
        bulkRef: row!.id,
        row: r.row,
        customerReferenceNumber: r.customerReferenceNumber,
        beneficiaryCode: r.beneficiaryCode,
        beneficiaryName: r.beneficiaryName,
        beneficiaryAccountNumber: r.beneficiaryAccountNumber,
        ifsc: r.ifsc,
        amount: r.amount,
        transferType: r.transferType,
        purposeMessage: r.purposeMessage,
        updatedAt: at,
      })),
    );
  await auditBy(tx, actor, 'bulk.submitted', urn, {
    file_name: b.fileName,
    format: b.format,
    rows: b.rows.length,
    total_amount: formatMoney(total),
    ...(held ? { approval_urn: held.urn } : {}),
  });
  if (held)
    return {
      bulk: toBulk({
        bulk: row!,
        accountNumber: b.accountNumber,
        outcome: { failed: 0, in_flight: 0, status: 'PENDING_APPROVAL', completed_at: null },
      }),
      effects: held.effects,
      approvalUrn: held.urn,
    };
  return {
    bulk: toBulk({
      bulk: row!,
      accountNumber: b.accountNumber,
      outcome: { failed: 0, in_flight: 0, status: 'QUEUED', completed_at: null },
    }),
    effects: { ...noEffects(), bulks: [{ clientRef: actor.clientRef, urn }] },
  };
}

/** A held bulk's row, locked (null when it no longer waits for approval). */
async function heldBulk(tx: Db, clientRef: number, urn: string): Promise<BulkRow | null> {
  const [row] = await tx
    .select()
    .from(bulks)
    .where(and(eq(bulks.clientRef, clientRef), eq(bulks.urn, urn)))
    .for('update');
  return row && row.status === 'PENDING_APPROVAL' ? row : null;
}

/** The approved bulk is queued as any other (leased for its first job); its rows are processed as usual. */
export async function releaseHeldBulk(
  tx: Db,
  approver: Actor,
  clientRef: number,
  urn: string,
): Promise<Effects> {
  const row = await heldBulk(tx, clientRef, urn);
  if (!row) throw new AppError(409, 'bulk_not_held', `Bulk ${urn} is not waiting for approval`);
  await tx
    .update(bulks)
    .set({
      status: 'QUEUED',
      leaseUntil: sql`now() + make_interval(secs => ${BULK_LEASE_SECONDS})`,
      updatedAt: new Date(),
    })
    .where(and(eq(bulks.clientRef, clientRef), eq(bulks.id, row.id)));
  await auditBy(tx, approver, 'bulk.approved', urn, { rows: row.totalRows });
  return { ...noEffects(), bulks: [{ clientRef, urn }] };
}

/** A held bulk that will not run (rejected or expired): REJECTED, every row REJECTED with why. */
export async function rejectHeldBulk(
  tx: Db,
  by: Actor,
  clientRef: number,
  urn: string,
  message: string,
): Promise<Effects> {
  const row = await heldBulk(tx, clientRef, urn);
  if (!row) return noEffects();
  const now = new Date();
  await tx
    .update(bulkLineItems)
    .set({ status: 'REJECTED', failureReason: message, updatedAt: now })
    .where(
      and(
        eq(bulkLineItems.clientRef, clientRef),
        eq(bulkLineItems.bulkRef, row.id),
        eq(bulkLineItems.status, 'PENDING'),
      ),
    );
  await tx
    .update(bulks)
    .set({ status: 'REJECTED', rejectedRows: row.totalRows, completedAt: now, updatedAt: now })
    .where(and(eq(bulks.clientRef, clientRef), eq(bulks.id, row.id)));
  await auditBy(tx, by, 'bulk.rejected', urn, { reason: message });
  return noEffects();
}

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
  bens: Map<string, typeof beneficiaries.$inferSelect>,
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
    const items = await tx
      .select()
      .from(bulkLineItems)
      .where(
        and(
          eq(bulkLineItems.clientRef, ref.clientRef),
          eq(bulkLineItems.bulkRef, bulk.id),
          eq(bulkLineItems.status, 'PENDING'),
        ),
      )
      .orderBy(asc(bulkLineItems.row))
      .limit(opts.batch ?? BULK_BATCH);
    if (items.length === 0) {
      const status = finalStatus(bulk);
      await tx
        .update(bulks)
        .set({
          status,
          completedAt: opts.at ?? sql`now()`,
          updatedAt: opts.at ?? sql`now()`,
          leaseUntil: null,
        })
        .where(and(eq(bulks.clientRef, ref.clientRef), eq(bulks.id, bulk.id)));
      return { effects: noEffects(), remaining: false, status };
    }
    // The account row is locked for the batch: its balance is what the rows may spend, row after row.
    const [account] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.clientRef, ref.clientRef), eq(accounts.id, bulk.accountRef)))
      .for('update');
    let available = account!.balance;
    const codes = [
      ...new Set(items.flatMap((i) => (i.beneficiaryCode ? [i.beneficiaryCode.toLowerCase()] : []))),
    ];
    const bens = new Map(
      (codes.length
        ? await tx
            .select()
            .from(beneficiaries)
            .where(
              and(
                eq(beneficiaries.clientRef, ref.clientRef),
                inArray(sql`lower(${beneficiaries.code})`, codes),
              ),
            )
        : []
      ).map((b) => [b.code.toLowerCase(), b]),
    );
    // References taken since the bulk was checked (a single payout made meanwhile): refused before any write.
    const taken = new Set(
      (
        await tx
          .select({ crn: payouts.customerReferenceNumber })
          .from(payouts)
          .where(
            and(
              eq(payouts.clientRef, ref.clientRef),
              inArray(
                payouts.customerReferenceNumber,
                items.map((i) => i.customerReferenceNumber),
              ),
            ),
          )
      ).map((p) => p.crn),
    );
    const batchOpts: PayoutOptions = {
      railTimeScale: opts.railTimeScale,
      ...(opts.at ? { at: opts.at } : {}),
      batched: {
        referencesChecked: true,
        callbackConfigs: await activeCallbackConfigs(tx, ref.clientRef, 'PAYOUT'),
      },
    };
    const actor: Actor = {
      clientRef: ref.clientRef,
      userRef: bulk.createdByRef,
      email: bulk.createdBy ?? 'bulk',
      meta: null,
    };
    const effects: Effects[] = [];
    const marks: { id: number; payoutUrn: string | null; reason: string | null }[] = [];
    for (const item of items) {
      const reject = (err: unknown) => {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        marks.push({ id: item.id, payoutUrn: null, reason: err.message.slice(0, 500) });
      };
      let payout: NewPayout;
      try {
        // Every refusal the service could answer after writing is checked here, before any write (the account is
        // locked, so `available` is exact).
        const { destination, beneficiaryRef } = destinationOf(item, bens);
        checkRailLimits(item.transferType as TransferType, item.amount);
        if (taken.has(item.customerReferenceNumber))
          throw new AppError(
            409,
            'duplicate_reference',
            `customer_reference_number ${item.customerReferenceNumber} was already used`,
          );
        if (item.amount > available) throw new InsufficientBalanceError(available, item.amount);
        payout = {
          kind: 'PAYOUT',
          accountRef: account!.id,
          accountNumber: account!.accountNumber,
          beneficiaryRef,
          destination,
          amount: item.amount,
          transferType: item.transferType as TransferType,
          customerReferenceNumber: item.customerReferenceNumber,
          purposeMessage: item.purposeMessage,
        };
      } catch (err) {
        reject(err);
        continue;
      }
      try {
        // A refusal the checks above did not foresee may come after the service wrote: without a savepoint the
        // batch rolls back and processBulk runs it again with a savepoint per row (`safe`).
        const result = opts.safe
          ? await tx.transaction((sp) => createPayout(sp, actor, payout, batchOpts))
          : await createPayout(tx, actor, payout, batchOpts);
        available -= item.amount;
        taken.add(item.customerReferenceNumber);
        effects.push(result.effects);
        marks.push({ id: item.id, payoutUrn: result.payout.urn, reason: null });
      } catch (err) {
        if (!opts.safe && err instanceof AppError && err.status < 500) throw new RetrySafely(err);
        reject(err);
      }
    }
    const urns = marks.flatMap((m) => (m.payoutUrn ? [m.payoutUrn] : []));
    const ids = new Map(
      (urns.length
        ? await tx
            .select({ id: payouts.id, urn: payouts.urn })
            .from(payouts)
            .where(and(eq(payouts.clientRef, ref.clientRef), inArray(payouts.urn, urns)))
        : []
      ).map((p) => [p.urn, p.id]),
    );
    const at = opts.at ? sql`${opts.at.toISOString()}::timestamptz` : sql`now()`;
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
      WHERE li.client_ref = ${ref.clientRef} AND li.id = v.id AND li.status = 'PENDING'`);
    const processed = urns.length;
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

/** The input file of a bulk as uploaded. */
export async function bulkInputFile(db: Db, clientRef: number, urn: string) {
  const bulk = await bulkByUrn(db, clientRef, urn);
  const [file] = await db
    .select({ contentType: bulkFiles.contentType, content: bulkFiles.content })
    .from(bulkFiles)
    .where(and(eq(bulkFiles.clientRef, clientRef), eq(bulkFiles.bulkRef, bulk.id)));
  if (!file) throw notFound(`Bulk payout ${urn} has no input file`);
  return { bulk, ...file };
}
