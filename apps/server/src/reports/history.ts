import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_RETENTION_DAYS,
  type ReportFormat,
  type ReportItem,
  type ReportStatus,
  type ReportType,
} from '@meridian/contract/reports';
import type { Actor } from '../audit/actor.ts';
import { auditBy } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { fileNameOf, toItem, type ReportRow } from './engine.ts';
import { readFile, type StoredEncoding } from './store.ts';

/* The reports a client asked for: the history (with each QUEUED one's place in the queue), one report, its file. */

/** Position in the client's queue of a QUEUED report (1 is next), as an SQL expression on `reports`. */
const queuePosition = sql<number | null>`CASE WHEN ${reports.status} = 'QUEUED' THEN (
  SELECT count(*)::int FROM reports q
  WHERE q.client_ref = ${reports.clientRef} AND q.status = 'QUEUED' AND q.id <= ${reports.id}
) END`;

export type HistoryParams = { status?: ReportStatus; report_type?: ReportType; company_urn?: string };

function historyWhere(clientRef: number, filter: ListFilter, params: HistoryParams): SQL | undefined {
  return and(
    eq(reports.clientRef, clientRef),
    sql`${reports.requestedAt} >= ${filter.from.toISOString()} AND ${reports.requestedAt} < ${filter.to.toISOString()}`,
    params.status ? eq(reports.status, params.status) : undefined,
    params.report_type ? eq(reports.reportType, params.report_type) : undefined,
    filter.search?.key === 'urn' ? eq(reports.urn, filter.search.value) : undefined,
    // `{product}_company_urn`: the client's own id (another company's is simply no rows).
    params.company_urn
      ? sql`EXISTS (SELECT 1 FROM clients c WHERE c.id = ${reports.clientRef} AND c.client_id = ${params.company_urn})`
      : undefined,
  );
}

export async function listReports(
  db: Db,
  scope: { clientRef: number; filter: ListFilter; params: HistoryParams },
): Promise<ReportItem[]> {
  const rows = await db
    .select({ report: reports, position: queuePosition })
    .from(reports)
    .where(historyWhere(scope.clientRef, scope.filter, scope.params))
    .orderBy(desc(reports.requestedAt), desc(reports.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toItem(r.report, r.position));
}

export async function countReports(
  db: Db,
  scope: { clientRef: number; filter: ListFilter; params: HistoryParams },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(historyWhere(scope.clientRef, scope.filter, scope.params));
  return row?.n ?? 0;
}

async function reportRow(
  db: Db,
  clientRef: number,
  urn: string,
): Promise<{ report: ReportRow; position: number | null }> {
  const [row] = await db
    .select({ report: reports, position: queuePosition })
    .from(reports)
    .where(and(eq(reports.clientRef, clientRef), eq(reports.urn, urn)));
  if (!row) throw notFound('No such report');
  return row;
}

export async function getReport(db: Db, clientRef: number, urn: string): Promise<ReportItem> {
  const { report, position } = await reportRow(db, clientRef, urn);
  return toItem(report, position);
}

/** The finished file of a report: 409 while it is not ready, 410 once expired. Audited. */
export async function openDownload(db: Db, actor: Actor, urn: string) {
  const { report } = await reportRow(db, actor.clientRef, urn);
  if (report.status === 'EXPIRED')
    throw new AppError(
      410,
      'report_expired',
      `This report expired after ${REPORT_RETENTION_DAYS} days: generate it again`,
    );
  if (report.status !== 'READY' || report.readyAttempt === null)
    throw new AppError(
      409,
      'report_not_ready',
      report.status === 'FAILED'
        ? `This report failed: ${report.error ?? 'generate it again'}`
        : 'This report is not ready yet: its status is ' + report.status,
    );
  await auditBy(db, actor, 'report.download', urn, { report_type: report.reportType, format: report.format });
  return {
    fileName: fileNameOf(report),
    format: report.format as ReportFormat,
    size: Number(report.sizeBytes ?? 0),
    /** How `stream` is encoded (gzip: the route sends it as is to a client that accepts gzip, else gunzipped). */
    encoding: report.contentEncoding as StoredEncoding,
    stream: readFile(db, { clientRef: actor.clientRef, reportRef: report.id, attempt: report.readyAttempt }),
  };
}
