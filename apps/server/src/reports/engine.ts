import { permissionDeniedMessage } from '@meridian/contract/permissions';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import {
  MAX_RUNNING_REPORTS,
  REPORT_FILTER_KEYS,
  REPORT_FILTER_LABELS,
  REPORT_RETENTION_DAYS,
  humanize,
  type GenerateReport,
  type ReportFilterKey,
  type ReportFormat,
  type ReportItem,
  type ReportPreview,
  type ReportStatus,
  type ReportType,
  type ReportTypeInfo,
} from '@meridian/contract/reports';
import type { Actor } from '../audit/actor.ts';
import { auditBy } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { clients, reports } from '../db/schema.ts';
import { cellModeOf, headerOf, rowFormatter } from '../files/cells.ts';
import { PDF_MAX_ROWS, writeFile, type FilePage } from '../files/writers.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import type { Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import { readAhead } from '../lib/read-ahead.ts';
import {
  DEFAULT_TIME_ZONE,
  checkTimeZone,
  dayIn,
  resolveListQuery,
  type ListFilter,
} from '../lists/list-query.ts';
import {
  DEFAULT_RANGE_START,
  searchKeysOf,
  withProvider,
  type ListFilterDef,
} from '@meridian/contract/lists';
import type { AnyReportSource, ReportScope } from './source.ts';
import { dropAttempt, dropChunks, readFile, storeFile, type StoredEncoding } from './store.ts';

/**
 * The report engine: checks a request against its type's source, records it QUEUED and queues its build; the
 * build (a pg-boss job, `buildReport`) claims it under the client's limit of MAX_RUNNING_REPORTS, counts, streams
 * the source's pages through the format's writer into stored chunks while saving progress and renewing its
 * lease, and marks it READY (or FAILED) in one statement that only the build holding the lease can make. A build
 * whose process died leaves its lease to run out; the sweeper puts it back in the queue and the next attempt
 * starts over, dropping the dead attempt's chunks, so a half file is never READY and a report completes once.
 */

export type ReportSources = ReadonlyMap<ReportType, AnyReportSource>;
export type ReportRef = { clientRef: number; urn: string };

/** A lease not renewed for this long is a lost build. */
export const LEASE_MS = 60_000;
/** A build saves its progress and renews its lease after a page when this long has passed since the last time. */
const RENEW_MS = 1_000;
/** Rows a source is asked for per page. */
export const PAGE_ROWS = 5_000;
const DAY_MS = 86_400_000;

type ReportRow = typeof reports.$inferSelect;

const EXTENSIONS: Record<ReportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', pdf: 'pdf' };

/** `payouts-2026-11-01-to-2026-11-25.xlsx` */
export const fileNameOf = (r: Pick<ReportRow, 'reportType' | 'startDate' | 'endDate' | 'format'>) =>
  `${r.reportType}-${r.startDate}-to-${r.endDate}.${EXTENSIONS[r.format as ReportFormat]}`;

/** A request's filters beside range and columns (search and the type's own), as stored and echoed. */
type Request = Omit<GenerateReport, 'format'> & { format?: ReportFormat };

/** The checked request: its source, the resolved range and search, the type's filters, the chosen columns. */
export type CheckedRequest = {
  source: AnyReportSource;
  startDate: string;
  endDate: string;
  timeZone: string;
  filter: Omit<ListFilter, 'limit' | 'offset'>;
  params: Partial<Record<ReportFilterKey, string>>;
  filters: Record<string, string>;
  columns: string[] | null;
};

/**
 * Checks a report request as the generate route, the preview and the schedules all do: a type that has a
 * source, a format it offers, a valid range (inverted or longer than a year: 400), a search key of its list,
 * known columns, and only filters the type takes (with an allowed value where the set is fixed).
 */
export function checkRequest(
  sources: ReportSources,
  product: string,
  req: Request,
  opts: { now?: number; permissions?: ReadonlySet<string> } = {},
): CheckedRequest {
  const now = opts.now ?? Date.now();
  const source = sources.get(req.report_type);
  if (!source)
    throw badRequest(`report_type must be one of: ${[...sources.keys()].join(', ')}`, {
      report_type: 'is not a report this server builds',
    });
  // The caller's permissions are checked when a report is asked for (a build runs later, with no caller).
  if (opts.permissions && source.permission && !opts.permissions.has(source.permission))
    throw new AppError(403, 'permission_denied', permissionDeniedMessage(source.permission));
  if (req.format && !source.formats.includes(req.format))
    throw badRequest(`A ${source.type} report is ${source.formats.join(', ')}`, {
      format: `is not offered for ${source.type}`,
    });
  const timeZone = checkTimeZone(req.time_zone || DEFAULT_TIME_ZONE);
  const endDate = req.end_date ?? dayIn(timeZone, 0, now);
  const startDate = req.start_date ?? dayIn(timeZone, DEFAULT_RANGE_START[source.list.defaultRange], now);
  const resolved = resolveListQuery(
    {
      start_date: startDate,
      end_date: endDate,
      time_zone: timeZone,
      ...(req.search_key ? { search_key: req.search_key } : {}),
      ...(req.search_value ? { search_value: req.search_value } : {}),
    },
    source.list,
    product,
    now,
  );
  const { limit: _limit, offset: _offset, ...filter } = resolved;
  const params: Partial<Record<ReportFilterKey, string>> = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = req[key]?.trim();
    if (!value) continue;
    const allowed = source.filters?.[key];
    if (allowed === undefined)
      throw badRequest(`A ${source.type} report has no ${key} filter`, {
        [key]: `is not a filter of ${source.type}`,
      });
    if (allowed && !allowed.includes(value))
      throw badRequest(`${key} must be one of: ${allowed.join(', ')}`, { [key]: 'is not allowed' });
    params[key] = value;
  }
  let columns: string[] | null = null;
  if (req.columns?.length) {
    const known = new Set(source.columns.map((c) => c.key));
    const unknown = req.columns.filter((c) => !known.has(c));
    if (unknown.length)
      throw badRequest(`Unknown columns for ${source.type}: ${unknown.join(', ')}`, {
        columns: `must be among: ${[...known].join(', ')}`,
      });
    if (new Set(req.columns).size !== req.columns.length)
      throw badRequest('A column is asked for twice', { columns: 'has a duplicate' });
    columns = req.columns;
  }
  const filters: Record<string, string> = { ...params };
  if (filter.search && req.search_key) {
    filters['search_key'] = req.search_key;
    filters['search_value'] = filter.search.value;
  }
  return { source, startDate, endDate, timeZone, filter, params, filters, columns };
}

const columnsOf = (source: AnyReportSource, keys: string[] | null) =>
  keys ? keys.map((k) => source.columns.find((c) => c.key === k)!) : [...source.columns];

const scopeOf = (clientRef: number, product: string, c: CheckedRequest): ReportScope => ({
  clientRef,
  filter: c.filter,
  params: c.params,
  product,
});

/**
 * Records a report QUEUED (audited) and answers the effect that queues its build: the caller runs it after its
 * transaction commits (a build lost before it was sent is re-sent by the sweeper).
 */
export async function createReport(
  db: Db,
  actor: Actor,
  req: GenerateReport,
  opts: {
    sources: ReportSources;
    product: string;
    permissions: ReadonlySet<string>;
    scheduleUrn?: string;
    now?: number;
  },
): Promise<{ report: ReportItem; effects: Effects }> {
  const checked = checkRequest(opts.sources, opts.product, req, {
    permissions: opts.permissions,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const urn = newId('RPT');
  const [row] = await db
    .insert(reports)
    .values({
      urn,
      clientRef: actor.clientRef,
      reportType: req.report_type,
      format: req.format,
      startDate: checked.startDate,
      endDate: checked.endDate,
      timeZone: checked.timeZone,
      filters: checked.filters,
      columns: checked.columns,
      requestedBy: actor.email,
      scheduleUrn: opts.scheduleUrn ?? null,
    })
    .returning();
  await auditBy(db, actor, 'report.generate', urn, {
    report_type: req.report_type,
    format: req.format,
    start_date: checked.startDate,
    end_date: checked.endDate,
    filters: checked.filters,
    ...(checked.columns ? { columns: checked.columns } : {}),
  });
  return {
    report: toItem(row!, null),
    effects: { rail: [], callbacks: [], reports: [{ clientRef: actor.clientRef, urn }] },
  };
}

export function toItem(r: ReportRow, queuePosition: number | null): ReportItem {
  const total = r.rowsTotal === null ? null : Number(r.rowsTotal);
  const progress =
    r.status === 'READY' ? 100 : total ? Math.min(99, Math.floor((Number(r.rowsWritten) * 100) / total)) : 0;
  return {
    report_urn: r.urn,
    report_type: r.reportType as ReportType,
    format: r.format as ReportFormat,
    start_date: r.startDate,
    end_date: r.endDate,
    time_zone: r.timeZone,
    filters: r.filters,
    columns: r.columns ?? null,
    status: r.status as ReportStatus,
    progress,
    rows_written: Number(r.rowsWritten),
    rows_total: total,
    size_bytes: r.sizeBytes === null ? null : Number(r.sizeBytes),
    queue_position: r.status === 'QUEUED' ? queuePosition : null,
    file_name: fileNameOf(r),
    error: r.error,
    requested_by: r.requestedBy,
    requested_at: r.requestedAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
    schedule_urn: r.scheduleUrn,
  };
}

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

/** The first rows of a request as its file would have them (text cells), with the count. */
export async function previewReport(
  db: Db,
  clientRef: number,
  req: Request,
  opts: { sources: ReportSources; product: string; permissions: ReadonlySet<string> },
): Promise<ReportPreview> {
  const checked = checkRequest(opts.sources, opts.product, req, { permissions: opts.permissions });
  const columns = columnsOf(checked.source, checked.columns);
  const scope = scopeOf(clientRef, opts.product, checked);
  const format = rowFormatter(columns, checked.timeZone, 'text');
  const rows: (string | null)[][] = [];
  for await (const page of checked.source.pages(db, scope, 10)) {
    for (const r of page) {
      rows.push(format(r).map((v) => (v === null ? null : String(v))));
      if (rows.length === 10) break;
    }
    break;
  }
  const count = await checked.source.count(db, scope);
  return {
    columns: columns.map(({ key, header, label, kind }) => ({
      key,
      header: headerOf({ header, kind }, checked.timeZone, opts.product),
      label,
      kind,
    })),
    rows,
    count,
  };
}

/** What the report screens need to build their forms: every type this server builds. */
export function catalogue(
  sources: ReportSources,
  product: string,
  permissions: ReadonlySet<string>,
): ReportTypeInfo[] {
  return [...sources.values()]
    .filter((s) => !s.permission || permissions.has(s.permission))
    .map((s) => ({
      report_type: s.type,
      title: s.title,
      description: s.description,
      formats: [...s.formats],
      columns: s.columns.map(({ key, header, label, kind }) => ({
        key,
        header: withProvider(header, product),
        label,
        kind,
      })),
      search_keys: searchKeysOf(s.list, product),
      search_key_labels: Object.fromEntries(
        s.list.searchKeys.map(({ key, label }) => [
          withProvider(key, product),
          // a list without labels yet: its key in words
          label === key ? humanize(key.replace('{product}_', '')) : label,
        ]),
      ),
      default_range: s.list.defaultRange,
      filters: Object.entries(s.filters ?? {}).map(([key, values]) => ({
        key: key as ReportFilterKey,
        label: REPORT_FILTER_LABELS[key as ReportFilterKey],
        values: values ? [...values] : null,
        value_labels: Object.fromEntries(
          (values ?? []).map((v) => [v, valueLabelOf(s, key as ReportFilterKey, v)]),
        ),
      })),
    }));
}

/**
 * What a person reads for a filter's value: the source's own label, else its list definition's (the list's
 * filter of the same key), else the value in words.
 */
function valueLabelOf(source: AnyReportSource, key: ReportFilterKey, value: string): string {
  const own = source.filterValueLabels?.[key]?.[value];
  if (own) return own;
  const filters = 'filters' in source.list ? source.list.filters : undefined;
  const filter = (filters as Readonly<Record<string, ListFilterDef>> | undefined)?.[key];
  const fromList = filter?.kind === 'enum' ? filter.valueLabels?.[value] : undefined;
  return fromList ?? humanize(value);
}

class LeaseLost extends Error {}

export type BuildOutcome = 'built' | 'waiting' | 'skipped' | 'failed';

/**
 * Builds one report (the job's handler). `waiting`: the client already has MAX_RUNNING_REPORTS running; the report
 * stays QUEUED until a build of the client ends and sends it again (`nextQueued`). `skipped`: nothing to do
 * (another build holds it, or it is finished).
 */
export async function buildReport(
  db: Db,
  ref: ReportRef,
  opts: {
    sources: ReportSources;
    product: string;
    onFinished?: (db: Db, report: ReportRow) => Promise<void>;
  },
): Promise<BuildOutcome> {
  const claimed = await db.transaction(async (tx) => {
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
  if (typeof claimed === 'string') return claimed;
  const report = claimed;
  const fileRef = { clientRef: ref.clientRef, reportRef: report.id, attempt: report.attempt };
  const mine = and(
    eq(reports.clientRef, ref.clientRef),
    eq(reports.id, report.id),
    eq(reports.attempt, report.attempt),
    eq(reports.status, 'RUNNING'),
  );
  try {
    await dropChunks(db, fileRef, report.attempt); // a dead attempt's half file
    const checked = checkRequest(opts.sources, opts.product, {
      ...(report.filters as Partial<GenerateReport>),
      report_type: report.reportType as ReportType,
      format: report.format as ReportFormat,
      start_date: report.startDate,
      end_date: report.endDate,
      time_zone: report.timeZone,
      ...(report.columns ? { columns: report.columns } : {}),
    });
    const scope = scopeOf(ref.clientRef, opts.product, checked);
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
    let written = 0;
    let renewedAt = Date.now();
    const pages = async function* (): AsyncGenerator<FilePage> {
      // The next page is read while this one is written (readAhead): the database and the writer overlap.
      for await (const page of readAhead(checked.source.pages(db, scope, PAGE_ROWS))) {
        yield { cells: page.map(format), ...(sectionOf ? { sections: page.map(sectionOf) } : {}) };
        written += page.length;
        if (Date.now() - renewedAt < RENEW_MS) continue;
        renewedAt = Date.now();
        const renewed = await db
          .update(reports)
          .set({ rowsWritten: written, leaseUntil: new Date(renewedAt + LEASE_MS) })
          .where(mine)
          .returning({ id: reports.id });
        if (!renewed.length) throw new LeaseLost();
      }
    };
    const [client] = await db
      .select({ name: clients.companyCommonName })
      .from(clients)
      .where(eq(clients.id, ref.clientRef));
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
        rowsWritten: written,
        sizeBytes: size,
        contentEncoding: encoding,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + REPORT_RETENTION_DAYS * DAY_MS),
        leaseUntil: null,
      })
      .where(mine)
      .returning();
    if (!done) throw new LeaseLost();
    await opts.onFinished?.(db, done);
    return 'built';
  } catch (err) {
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
    await dropChunks(db, { clientRef: ref.clientRef, reportRef: report.id });
    if (failed) await opts.onFinished?.(db, failed);
    if (!(err instanceof AppError)) throw err;
    return 'failed';
  }
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
