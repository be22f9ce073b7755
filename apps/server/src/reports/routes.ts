import { createGunzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GenerateReport,
  GenerateReportResponse,
  REPORT_HISTORY_LIST,
  ReportFilters,
  ReportItem,
  ReportPreview,
  ReportStatus,
  ReportType,
  ReportTypesResponse,
  CollectionProvidersResponse,
  CreateReportSchedule,
  ReportSchedule,
  ReportSchedulesResponse,
} from '@meridian/contract/reports';
import { CalendarDate } from '@meridian/contract';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { CONTENT_TYPES } from '../files/writers.ts';
import { acceptsGzip } from '../http/compression.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import { registerList } from '../lists/register-list.ts';
import { catalogue, previewReport } from './catalogue.ts';
import { createReport, type ReportSources } from './engine.ts';
import { countReports, getReport, listReports, openDownload, type HistoryParams } from './history.ts';
import { createSchedule, deleteSchedule, listSchedules } from './schedules.ts';
import { COLLECTION_PROVIDERS } from './sources/collections.ts';
import { REPORT_SOURCES } from './sources/index.ts';

export type ReportRouteDeps = RouteDeps & { reportSources?: ReportSources };

const UrnParams = z.object({ report_urn: z.string().trim().min(1).max(64) });
const ScheduleParams = z.object({ schedule_urn: z.string().trim().min(1).max(64) });

/** `columns=a,b,c` in a query string → ['a','b','c']. */
const ColumnList = z
  .string()
  .max(2000)
  .transform((v) =>
    v
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  )
  .optional();

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<ReportRouteDeps>>[0];

/** The downloadable reports: generate (queued, built by a job), history, one report, its file, preview, types. */
export const reportRoutes: FastifyPluginAsyncZod<ReportRouteDeps> = async (app, deps) => {
  // Reads (types, preview, history, downloads) need reports.read; generating names reports.generate.
  defaultPermission(app, 'reports.read');
  const tags = ['reports'];
  registerGenerate(app, deps, tags);
  registerReportForms(app, deps, tags);
  registerReportHistory(app, deps, tags);
};

/** Generate a report: queued, built by a job. */
function registerGenerate(app: App, deps: ReportRouteDeps, tags: string[]) {
  const p = deps.config.PROVIDER;
  const sources = deps.reportSources ?? REPORT_SOURCES;
  app.post(
    `/${p}/reports/generate`,
    {
      config: { permission: 'reports.generate' },
      schema: {
        tags,
        summary: 'Generate a report (built in the background)',
        description:
          'Queues a report of one type for a range of whole days in `time_zone` (default Asia/Kolkata) with the same filters as its list screen, in CSV, XLSX, JSON or (where offered) PDF, optionally with a subset of columns in order. Answers 202 with the report urn at once; a job builds the file, at most 5 of a client at a time (the next ones wait QUEUED). Follow it in the history and download it when READY. 400 for an unknown type or column, a format the type does not offer, an inverted or too long range, or a search key or filter the type does not take. Audited.',
        body: GenerateReport,
        response: { 202: GenerateReportResponse },
      },
    },
    async (request, reply) => {
      const { report, effects } = await deps.db.transaction((tx) =>
        createReport(tx, actorOf(request), request.body, {
          sources,
          product: p,
          permissions: authOf(request).permissions,
        }),
      );
      await deps.runEffects(effects);
      return reply.status(202).send({ report_urn: report.report_urn, status: 'QUEUED' as const });
    },
  );
}

/** What the report screens build their forms from: the types, the collection providers, a request's preview. */
function registerReportForms(app: App, deps: ReportRouteDeps, tags: string[]) {
  const p = deps.config.PROVIDER;
  const sources = deps.reportSources ?? REPORT_SOURCES;
  app.get(
    `/${p}/read/reports/types`,
    {
      schema: {
        tags,
        summary: 'The report types and what each offers',
        description:
          'Every report type this server builds with its title, formats, columns (key, header and kind), search keys, default date range and filters (with their allowed values where the set is fixed): the report screens build their forms from it.',
        response: { 200: ReportTypesResponse },
      },
    },
    async (request) => ({ data: catalogue(sources, p, authOf(request).permissions) }),
  );

  app.get(
    `/${p}/read/fetch/collection_requests/providers`,
    {
      schema: {
        tags,
        summary: 'Who carries collection requests',
        description:
          'The providers the collection-requests report can be filtered by (`provider`): payment links, NACH debits and UPI-autopay debits, each with a label.',
        response: { 200: CollectionProvidersResponse },
      },
    },
    async () => ({ data: COLLECTION_PROVIDERS.map((c) => ({ ...c })) }),
  );

  app.get(
    `/${p}/read/reports/preview`,
    {
      config: { openapi: { errors: [404] } },
      schema: {
        tags,
        summary: 'Preview the first rows of a report',
        description:
          'The first 10 rows of a report as its file would have them (money as decimal strings, times in `time_zone`), with the number of rows it would have, for the same request as generate (without the format; `columns` comma-separated). The same 400s as generate.',
        querystring: ReportFilters.extend({
          report_type: ReportType,
          start_date: CalendarDate.optional(),
          end_date: CalendarDate.optional(),
          time_zone: z.string().max(64).optional(),
          columns: ColumnList,
        }),
        response: { 200: ReportPreview },
      },
    },
    async (request) => {
      const { columns, ...rest } = request.query;
      return previewReport(
        deps.db,
        authOf(request).clientRef,
        { ...rest, ...(columns?.length ? { columns } : {}) },
        { sources, product: p, permissions: authOf(request).permissions },
      );
    },
  );
}

/** The history: the list, one report, its file. */
function registerReportHistory(app: App, deps: ReportRouteDeps, tags: string[]) {
  const p = deps.config.PROVIDER;
  registerList(app, deps.db, p, {
    list: REPORT_HISTORY_LIST,
    tag: 'reports',
    noun: "reports asked for by the caller's client (the download history)",
    row: ReportItem,
    // The definition's status and report type, read with an empty value as every value (the screen's "All"); the
    // company filter's name holds the provider slug (`{product}_company_urn`).
    query: {
      status: z.union([z.literal(''), ReportStatus]).optional(),
      report_type: z.union([z.literal(''), ReportType]).optional(),
      [`${p}_company_urn`]: z.string().trim().max(64).optional(),
    },
    fetch: (db, scope) => listReports(db, { ...scope, params: historyParams(scope.params, p) }),
    count: (db, scope) => countReports(db, { ...scope, params: historyParams(scope.params, p) }),
  });

  app.get(
    `/${p}/read/reports/:report_urn`,
    {
      schema: {
        tags,
        summary: 'One report with its status and progress',
        description:
          "One of the caller's reports: its request, status (QUEUED with its queue position, RUNNING with rows written of the count, READY with its size, FAILED with the reason, EXPIRED after 30 days). 404 for an unknown urn or another client's.",
        params: UrnParams,
        response: { 200: ReportItem },
      },
    },
    async (request) => getReport(deps.db, authOf(request).clientRef, request.params.report_urn),
  );

  app.get(
    `/${p}/read/reports/:report_urn/download`,
    {
      config: {
        openapi: {
          errors: [409, 410],
          files: [FILE_TYPES.csv, FILE_TYPES.xlsx, FILE_TYPES.json, FILE_TYPES.pdf],
        },
      },
      schema: {
        tags,
        summary: "Download a report's file",
        description:
          "Streams a READY report's file with its content type and a Content-Disposition file name; the file is kept 30 days. 409 while it is being built or when it failed, 410 once expired, 404 for an unknown urn or another client's. Audited.",
        params: UrnParams,
      },
    },
    async (request, reply) => {
      const file = await openDownload(deps.db, actorOf(request), request.params.report_urn);
      reply
        .header('content-type', CONTENT_TYPES[file.format])
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      if (file.encoding !== 'gzip') return reply.send(file.stream);
      // Stored gzip: sent as it is to a client that takes gzip (browsers do), gunzipped for one that does not.
      reply.header('vary', 'Accept-Encoding');
      if (acceptsGzip(request.headers['accept-encoding']))
        return reply.header('content-encoding', 'gzip').send(file.stream);
      return reply.send(file.stream.pipe(createGunzip()));
    },
  );
}

/** Scheduled reports: made daily, weekly or monthly by the sweeper, each run in the history, its creator e-mailed. */
export const reportScheduleRoutes: FastifyPluginAsyncZod<ReportRouteDeps> = async (app, deps) => {
  // Reading schedules needs reports.read; changing them names reports.generate.
  defaultPermission(app, 'reports.read');
  const p = deps.config.PROVIDER;
  const sources = deps.reportSources ?? REPORT_SOURCES;
  const tags = ['reports'];
  app.post(
    `/${p}/reports/schedules`,
    {
      config: { permission: 'reports.generate' },
      schema: {
        tags,
        summary: 'Schedule a report',
        description:
          'Makes a report on its own: DAILY (covering yesterday), WEEKLY on `day_of_week` (the 7 days before) or MONTHLY on `day_of_month` (the previous month), at `time_of_day` (HH:mm) in `time_zone`. Each run is a report in the history, and its creator is e-mailed when it is ready or failed. The same 400s as generate, and for a weekly schedule without a weekday or a monthly one without a day. Audited.',
        body: CreateReportSchedule,
        response: { 201: ReportSchedule },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createSchedule(deps.db, actorOf(request), request.body, {
          sources,
          product: p,
          permissions: authOf(request).permissions,
        }),
      ),
  );
  app.get(
    `/${p}/read/reports/schedules`,
    {
      schema: {
        tags,
        summary: "The client's report schedules",
        description:
          "Every report schedule of the caller's client, newest first, with its request, timing, next and last run.",
        response: { 200: ReportSchedulesResponse },
      },
    },
    async (request) => ({ data: await listSchedules(deps.db, authOf(request).clientRef) }),
  );
  app.delete(
    `/${p}/reports/schedules/:schedule_urn`,
    {
      config: { permission: 'reports.generate' },
      schema: {
        tags,
        summary: 'Stop a report schedule',
        description:
          "Deletes one of the caller's report schedules (the reports it made stay in the history). 404 for an unknown urn or another client's. Audited.",
        params: ScheduleParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSchedule(deps.db, actorOf(request), request.params.schedule_urn);
      return reply.status(204).send(null);
    },
  );
};

function historyParams(params: Record<string, unknown>, product: string): HistoryParams {
  const pick = (k: string) =>
    typeof params[k] === 'string' && params[k] !== '' ? (params[k] as string) : undefined;
  return {
    status: pick('status') as HistoryParams['status'],
    report_type: pick('report_type') as HistoryParams['report_type'],
    company_urn: pick(`${product}_company_urn`),
  };
}
