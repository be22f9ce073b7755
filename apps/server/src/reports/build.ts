import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import {
  MAX_RUNNING_REPORTS,
  REPORT_RETENTION_DAYS,
  type GenerateReport,
  type ReportFormat,
  type ReportType,
} from '@meridian/contract/reports';
import type { Db } from '../db/database.ts';
import { clients, reports } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { cellModeOf, headerOf, rowFormatter } from '../files/cells.ts';
import { PDF_MAX_ROWS, writeFile, type FilePage } from '../files/writers.ts';
import { AppError } from '../http/errors.ts';
import { readAhead } from '../lib/read-ahead.ts';
import {
  checkRequest,
  columnsOf,
  LEASE_MS,
  PAGE_ROWS,
  scopeOf,
  type CheckedRequest,
  type ReportRef,
  type ReportRow,
  type ReportSources,
} from './engine.ts';
import { dropAttempt, dropChunks, storeFile } from './store.ts';

/* A report's build (a pg-boss job) and the queue around it: see engine.ts. */

/** A build saves its progress and renews its lease after a page when this long has passed since the last time. */
const RENEW_MS = 1_000;
const DAY_MS = 86_400_000;

class LeaseLost extends Error {}

export type BuildOutcome = 'built' | 'waiting' | 'skipped' | 'failed';

type BuildOptions = {
  sources: ReportSources;
  product: string;
  onFinished?: (db: Db, report: ReportRow) => Promise<void>;
};

/** Which of a report's builds writes: this attempt, while it holds the report RUNNING. */
type Attempt = {
  report: ReportRow;
  fileRef: { clientRef: number; reportRef: number; attempt: number };
  mine: SQL | undefined;
};

/**
 * Builds one report (the job's handler). `waiting`: the client already has MAX_RUNNING_REPORTS running; the report
 * stays QUEUED until a build of the client ends and sends it again (`nextQueued`). `skipped`: nothing to do
 * (another build holds it, or it is finished).
 */
export async function buildReport(db: Db, ref: ReportRef, opts: BuildOptions): Promise<BuildOutcome> {
  const claimed = await claim(db, ref);
  if (typeof claimed === 'string') return claimed;
  const report = claimed;
  const attempt: Attempt = {
    report,
    fileRef: { clientRef: ref.clientRef, reportRef: report.id, attempt: report.attempt },
    mine: and(
      eq(reports.clientRef, ref.clientRef),
      eq(reports.id, report.id),
      eq(reports.attempt, report.attempt),
      eq(reports.status, 'RUNNING'),
    ),
  };
  try {
    await dropChunks(db, attempt.fileRef, report.attempt); // a dead attempt's half file
    const done = await writeReport(db, attempt, opts);
    await opts.onFinished?.(db, done);
    return 'built';
  } catch (err) {
    return failBuild(db, attempt, err, opts);
  }
}

/**
 * Claims a QUEUED report for this build (RUNNING, the next attempt, a lease) under the client's lock, unless the
 * client has MAX_RUNNING_REPORTS running already (`waiting`) or the report is not QUEUED (`skipped`).
 */
function claim(db: Db, ref: ReportRef): Promise<ReportRow | 'waiting' | 'skipped'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7242, ${ref.clientRef}::int)`);
    const [row] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.clientRef, ref.clientRef), eq(reports.urn, ref.urn)))
      .for('update');
    if (!row || row.status !== 'QUEUED') return 'skipped';
    const [running] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(
        and(
          eq(reports.clientRef, ref.clientRef),
          eq(reports.status, 'RUNNING'),
          gt(reports.leaseUntil, new Date()),
        ),
      );
    if ((running?.n ?? 0) >= MAX_RUNNING_REPORTS) return 'waiting';
    const [started] = await tx
      .update(reports)
      .set({
        status: 'RUNNING',
        attempt: sql`${reports.attempt} + 1`,
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + LEASE_MS),
        rowsWritten: 0,
        rowsTotal: null,
        error: null,
      })
      .where(and(eq(reports.clientRef, ref.clientRef), eq(reports.id, row.id)))
      .returning();
    return started!;
  });
}

/** The request a report was recorded with, checked again against today's sources. */
function requestOf(report: ReportRow, opts: BuildOptions): CheckedRequest {
  return checkRequest(opts.sources, opts.product, {
    ...(report.filters as Partial<GenerateReport>),
    report_type: report.reportType as ReportType,
    format: report.format as ReportFormat,
    start_date: report.startDate,
    end_date: report.endDate,
    time_zone: report.timeZone,
    ...(report.columns ? { columns: report.columns } : {}),
  });
}

/** Counts the rows, streams the source's pages through the format's writer into stored chunks, marks it READY. */
async function writeReport(
  db: Db,
  { report, fileRef, mine }: Attempt,
  opts: BuildOptions,
): Promise<ReportRow> {
  await tenantOf(db, fileRef.clientRef); // the rows' records say their mode: a worker may meet the tenant here
  const checked = requestOf(report, opts);
  const scope = scopeOf(fileRef.clientRef, opts.product, checked);
  const total = await checked.source.count(db, scope);
  await db.update(reports).set({ rowsTotal: total }).where(mine);
  if (report.format === 'pdf' && total > PDF_MAX_ROWS)
    throw new AppError(
      422,
      'report_too_large',
      `A PDF holds at most ${PDF_MAX_ROWS.toLocaleString('en')} rows and this report has ${total.toLocaleString('en')}: choose CSV or XLSX, or a shorter range`,
    );
  const columns = columnsOf(checked.source, checked.columns);
  const format = rowFormatter(columns, checked.timeZone, cellModeOf(report.format as ReportFormat));
  const sectionOf = report.format === 'pdf' ? checked.source.pdfSections : undefined;
  const progress = { written: 0, renewedAt: Date.now() };
  const pages = async function* (): AsyncGenerator<FilePage> {
    // The next page is read while this one is written (readAhead): the database and the writer overlap.
    for await (const page of readAhead(checked.source.pages(db, scope, PAGE_ROWS))) {
      yield { cells: page.map(format), ...(sectionOf ? { sections: page.map(sectionOf) } : {}) };
      progress.written += page.length;
      await renewLease(db, mine, progress);
    }
  };
  const [client] = await db
    .select({ name: clients.companyCommonName })
    .from(clients)
    .where(eq(clients.id, fileRef.clientRef));
  // Text formats are stored gzip; XLSX and PDF are compressed already.
  const encoding = report.format === 'csv' || report.format === 'json' ? 'gzip' : 'identity';
  const { size } = await storeFile(
    db,
    fileRef,
    writeFile(report.format as ReportFormat, pages(), {
      keys: columns.map((c) => c.key),
      headers: columns.map((c) => headerOf(c, checked.timeZone, opts.product)),
      kinds: columns.map((c) => c.kind),
      title: checked.source.title,
      clientName: client?.name ?? '',
      period: `${report.startDate} to ${report.endDate} (${report.timeZone})`,
    }),
    encoding,
  );
  const now = new Date();
  const [done] = await db
    .update(reports)
    .set({
      status: 'READY',
      readyAttempt: report.attempt,
      rowsWritten: progress.written,
      sizeBytes: size,
      contentEncoding: encoding,
      finishedAt: now,
      expiresAt: new Date(now.getTime() + REPORT_RETENTION_DAYS * DAY_MS),
      leaseUntil: null,
    })
    .where(mine)
    .returning();
  if (!done) throw new LeaseLost();
  return done;
}

/** After a page: the progress saved and the lease renewed, once RENEW_MS has passed since the last time. */
async function renewLease(
  db: Db,
  mine: SQL | undefined,
  progress: { written: number; renewedAt: number },
): Promise<void> {
  if (Date.now() - progress.renewedAt < RENEW_MS) return;
  progress.renewedAt = Date.now();
  const renewed = await db
    .update(reports)
    .set({ rowsWritten: progress.written, leaseUntil: new Date(progress.renewedAt + LEASE_MS) })
    .where(mine)
    .returning({ id: reports.id });
  if (!renewed.length) throw new LeaseLost();
}

/**
 * A build that did not finish: a lost lease drops this attempt's chunks (`skipped`: the attempt holding the lease
 * keeps its own); an error marks the report FAILED with its message (an AppError's, else a general one; `failed`)
 * and drops its chunks. An error that is not an AppError is thrown again, for the job's log.
 */
async function failBuild(
  db: Db,
  { report, fileRef, mine }: Attempt,
  err: unknown,
  opts: BuildOptions,
): Promise<BuildOutcome> {
  if (err instanceof LeaseLost) {
    await dropAttempt(db, fileRef); // the attempt that holds the lease keeps its own
    return 'skipped';
  }
  const message =
    err instanceof AppError
      ? err.message
      : 'The report could not be built: generate it again or contact support';
  const [failed] = await db
    .update(reports)
    .set({ status: 'FAILED', error: message, finishedAt: new Date(), leaseUntil: null })
    .where(mine)
    .returning();
  await dropChunks(db, { clientRef: fileRef.clientRef, reportRef: report.id });
  if (failed) await opts.onFinished?.(db, failed);
  if (!(err instanceof AppError)) throw err;
  return 'failed';
}

/**
 * The client's reports that may start now: its oldest QUEUED ones, as many as it has free places (at most
 * MAX_RUNNING_REPORTS running). A build that ends sends their jobs, so a report that waited for a place starts
 * as soon as one frees, without polling (a job that finds no place simply ends: this is what wakes it).
 */
export async function nextQueued(db: Db, clientRef: number): Promise<ReportRef[]> {
  const [running] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(
        eq(reports.clientRef, clientRef),
        eq(reports.status, 'RUNNING'),
        gt(reports.leaseUntil, new Date()),
      ),
    );
  const free = MAX_RUNNING_REPORTS - (running?.n ?? 0);
  if (free <= 0) return [];
  return db
    .select({ clientRef: reports.clientRef, urn: reports.urn })
    .from(reports)
    .where(and(eq(reports.clientRef, clientRef), eq(reports.status, 'QUEUED')))
    .orderBy(reports.id)
    .limit(free);
}

/**
 * The sweeper's part: builds whose lease ran out (their process died) go back to QUEUED, and QUEUED reports
 * whose job may have been lost (older than a minute) are answered to be sent again.
 */
export async function lostReports(db: Db, now = new Date()): Promise<ReportRef[]> {
  await db
    .update(reports)
    .set({ status: 'QUEUED', leaseUntil: null })
    .where(and(eq(reports.status, 'RUNNING'), lt(reports.leaseUntil, now)));
  const rows = await db
    .select({ clientRef: reports.clientRef, urn: reports.urn })
    .from(reports)
    .where(and(eq(reports.status, 'QUEUED'), lt(reports.requestedAt, new Date(now.getTime() - 60_000))))
    .limit(500);
  return rows;
}

/** Files past their 30 days: chunks removed, the report EXPIRED (its download then answers 410). */
export async function purgeExpiredReports(db: Db, now = new Date()): Promise<number> {
  const expired = await db
    .update(reports)
    .set({ status: 'EXPIRED', readyAttempt: null })
    .where(and(eq(reports.status, 'READY'), lt(reports.expiresAt, now)))
    .returning({ clientRef: reports.clientRef, id: reports.id });
  for (const r of expired) await dropChunks(db, { clientRef: r.clientRef, reportRef: r.id });
  return expired.length;
}
