import { permissionDeniedMessage } from '@meridian/contract/permissions';
import {
  REPORT_FILTER_KEYS,
  type GenerateReport,
  type ReportFilterKey,
  type ReportFormat,
  type ReportItem,
  type ReportStatus,
  type ReportType,
} from '@meridian/contract/reports';
import type { Actor } from '../audit/actor.ts';
import { auditBy } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { Effects } from '../jobs/effects.ts';
import { newId } from '../lib/ids.ts';
import {
  DEFAULT_TIME_ZONE,
  checkTimeZone,
  dayIn,
  resolveListQuery,
  type ListFilter,
} from '../lists/list-query.ts';
import { DEFAULT_RANGE_START } from '@meridian/contract/lists';
import type { AnyReportSource, ReportScope } from './source.ts';

/**
 * The report engine: checks a request against its type's source, records it QUEUED and queues its build; the
 * build (a pg-boss job, `buildReport`) claims it under the client's limit of MAX_RUNNING_REPORTS, counts, streams
 * the source's pages through the format's writer into stored chunks while saving progress and renewing its
 * lease, and marks it READY (or FAILED) in one statement that only the build holding the lease can make. A build
 * whose process died leaves its lease to run out; the sweeper puts it back in the queue and the next attempt
 * starts over, dropping the dead attempt's chunks, so a half file is never READY and a report completes once.
 * The build is build.ts, the history and downloads history.ts, the catalogue and preview catalogue.ts.
 */

export type ReportSources = ReadonlyMap<ReportType, AnyReportSource>;
export type ReportRef = { clientRef: number; urn: string };

/** A lease not renewed for this long is a lost build. */
export const LEASE_MS = 60_000;
/** Rows a source is asked for per page. */
export const PAGE_ROWS = 5_000;

export type ReportRow = typeof reports.$inferSelect;

const EXTENSIONS: Record<ReportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', pdf: 'pdf' };

/** `payouts-2026-11-01-to-2026-11-25.xlsx` */
export const fileNameOf = (r: Pick<ReportRow, 'reportType' | 'startDate' | 'endDate' | 'format'>) =>
  `${r.reportType}-${r.startDate}-to-${r.endDate}.${EXTENSIONS[r.format as ReportFormat]}`;

/** A request's filters beside range and columns (search and the type's own), as stored and echoed. */
export type ReportRequest = Omit<GenerateReport, 'format'> & { format?: ReportFormat };

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
  req: ReportRequest,
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

export const columnsOf = (source: AnyReportSource, keys: string[] | null) =>
  keys ? keys.map((k) => source.columns.find((c) => c.key === k)!) : [...source.columns];

export const scopeOf = (clientRef: number, product: string, c: CheckedRequest): ReportScope => ({
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
    livemode: livemodeOf(r.clientRef),
  };
}
