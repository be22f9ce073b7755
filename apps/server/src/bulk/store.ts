import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Bulk, BulkFormat, BulkStatus } from '@meridian/contract/bulk';
import type { ApprovalSource } from '@meridian/contract/approvals';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { bulkFiles, bulkLineItems, bulks } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { AppError } from '../http/errors.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees } from '../lib/money.ts';
import { holdForApproval, type Held } from '../approvals/engine.ts';
import { toBulk, type BulkRow } from './answer.ts';
import type { CheckedRow } from './validate.ts';

/* A bulk stored (QUEUED, or held for approval as a whole), and a held bulk released or rejected. */

/** How long a bulk's job counts as alive after its last batch; past it the sweeper re-sends the job. */
export const BULK_LEASE_SECONDS = 60;

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
  const held = b.approval ? await holdBulk(tx, actor, b, urn, total) : null;
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
  await insertLineItems(tx, actor.clientRef, row!.id, b.rows, at);
  await auditBy(tx, actor, 'bulk.submitted', urn, {
    file_name: b.fileName,
    format: b.format,
    rows: b.rows.length,
    total_amount: formatMoney(total),
    ...(held ? { approval_urn: held.urn } : {}),
  });
  await tenantOf(tx, actor.clientRef); // the seed stores bulks before the tenants are loaded
  if (held)
    return {
      bulk: storedAnswer(row!, b, 'PENDING_APPROVAL'),
      effects: held.effects,
      approvalUrn: held.urn,
    };
  return {
    bulk: storedAnswer(row!, b, 'QUEUED'),
    effects: { ...noEffects(), bulks: [{ clientRef: actor.clientRef, urn }] },
  };
}

/** The approval request that holds the whole bulk, when a `bulk` rule (or a row's `approvalRequired`) does. */
async function holdBulk(tx: Db, actor: Actor, b: NewBulk, urn: string, total: bigint): Promise<Held | null> {
  const approval = b.approval!;
  // A row paying a new beneficiary the bank's name barely matched makes the whole bulk wait for an approver.
  const required = b.rows.find((r) => r.approvalRequired);
  return holdForApproval(
    tx,
    actor,
    {
      action: 'bulk',
      source: approval.source,
      summary: `Bulk ${b.fileName}: ${b.rows.length} payout${b.rows.length === 1 ? '' : 's'}, ${formatRupees(total)}`,
      amount: total,
      resourceUrn: urn,
      payload: { bulk_urn: urn },
      ...(required ? { required: `row ${required.row}: ${required.approvalRequired}` } : {}),
    },
    { ttlHours: approval.ttlHours },
  );
}

/** The bulk's rows as its line items, PENDING, a thousand per statement. */
async function insertLineItems(
  tx: Db,
  clientRef: number,
  bulkRef: number,
  rows: CheckedRow[],
  at: Date | SQL,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(bulkLineItems).values(
      rows.slice(i, i + 1000).map((r) => ({
        clientRef,
        bulkRef,
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
}

/** A bulk just stored as answered: nothing processed yet. */
const storedAnswer = (row: BulkRow, b: NewBulk, status: BulkStatus): Bulk =>
  toBulk({
    bulk: row,
    accountNumber: b.accountNumber,
    outcome: { failed: 0, in_flight: 0, status, completed_at: null },
  });

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
