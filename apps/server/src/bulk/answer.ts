import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Bulk, BulkFormat, BulkStatus } from '@meridian/contract/bulk';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, bulkFiles, bulkLineItems, bulks, payouts } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { notFound } from '../http/errors.ts';
import { formatMoney } from '../lib/money.ts';

export type BulkRow = typeof bulks.$inferSelect;

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
    livemode: livemodeOf(b.clientRef),
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
