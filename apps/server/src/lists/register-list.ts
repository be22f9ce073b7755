import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountResponse,
  ExportQuery,
  ListQuery,
  MAX_RANGE_DAYS,
  PageQuery,
  exportColumnsOf,
  fileKind,
  listResponse,
  withProvider,
  type ListDef,
  type ListFilterDef,
  type ListQuery as ListQueryType,
} from '@meridian/contract';
import { z } from 'zod';
import { IMMEDIATE_EXPORT_ROWS, type ReportType } from '@meridian/contract/reports';
import { cellModeOf, rowFormatter, type FileCellValue, type FileColumn } from '../files/cells.ts';
import { CONTENT_TYPES, writeFile, type FilePage } from '../files/writers.ts';
import type { ReportQueue } from '../http/route-deps.ts';
import type { Db } from '../db/database.ts';
import { readFrom } from '../db/replica.ts';
import { authOf } from '../auth/guard.ts';
import { badRequest } from '../http/errors.ts';
import { toPaise } from '../lib/money.ts';
import { DEFAULT_TIME_ZONE, resolveListQuery, type ListFilter } from './list-query.ts';

/** The query parameters of a definition's filters: `{key}` for enum and text, `{key}_min`/`{key}_max` for amounts. */
export type FilterParams<D extends ListDef> = {
  [
    K in keyof NonNullable<D['filters']> & string as NonNullable<D['filters']>[K] extends { kind: 'amount' }
      ? `${K}_min` | `${K}_max`
      : K
  ]?: string;
};

/** What a list's fetch and count receive: the caller's client, the resolved filter and the list's own params. */
export type ListScope<Params = Record<string, never>> = {
  clientRef: number;
  filter: ListFilter;
  params: Params;
};

/** The keys of the columns a definition exports. */
type ExportKey<D extends ListDef> = Exclude<D['columns'][number], { export: false }>['key'];

export type ListSpec<
  D extends ListDef,
  Row extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, z.ZodType>,
> = {
  /** The list's definition in the contract: paths, search keys, default range, filters, columns. */
  list: D;
  tag: string;
  /** What a row is, for the documentation ("payouts of the caller's client"); the list's title otherwise. */
  noun?: string;
  row: Row;
  /**
   * Query parameters of the list's own beside the date range and search filter and the definition's filters (a selected
   * account): validated with the filter (a bad value is a 400 naming it) and handed to fetch and count.
   */
  query?: Extra;
  fetch: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>> & FilterParams<D>>) => Promise<z.infer<Row>[]>;
  count: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>> & FilterParams<D>>) => Promise<number>;
  /** The export's value of a column whose value is not the row's field of the column's key. */
  values?: { [K in ExportKey<D>]?: (row: z.infer<Row>) => FileCellValue };
  /**
   * The report of the same rows: an export above IMMEDIATE_EXPORT_ROWS queues it (202 with its urn) instead of
   * streaming page after page. The list's params must be filters that report takes.
   */
  report?: { type: ReportType; queue: ReportQueue };
};

const EXPORT_PAGE = 1000;
const EXPORT_FORMAT = z.enum(['csv', 'xlsx', 'json']).default('csv');
/** Rupees with at most two decimals, as amounts travel in JSON ("1250", "1250.5", "1250.00"). */
const RUPEES = /^\d{1,13}(\.\d{1,2})?$/;

/** The zod shape of a definition's filters, for the search, count and export query strings. */
export function filterQueryShape(filters: Readonly<Record<string, ListFilterDef>> = {}): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(filters)) {
    if (f.kind === 'enum') {
      shape[key] = z
        .enum(f.values as [string, ...string[]], { error: `One of ${f.values.join(', ')}` })
        .optional()
        .describe(`${f.label}: one of ${f.values.join(', ')}.`);
    } else if (f.kind === 'text') {
      shape[key] = z.string().trim().min(1).max(64).optional().describe(`${f.label}.`);
    } else {
      for (const [end, word] of [
        ['min', 'at least'],
        ['max', 'at most'],
      ] as const)
        shape[`${key}_${end}`] = z
          .string()
          .regex(RUPEES, 'Rupees with at most two decimals, e.g. 1250.50')
          .optional()
          .describe(`${f.label} ${word} this many rupees (included).`);
    }
  }
  return shape;
}

/** An amount filter's bounds in paise (`{key}_min`, `{key}_max`; both included); a minimum above the maximum is a 400. */
export function amountBounds(
  params: Readonly<Record<string, string | undefined>>,
  key: string,
): { min: bigint | null; max: bigint | null } {
  const read = (end: 'min' | 'max') => {
    const v = params[`${key}_${end}`];
    return v === undefined ? null : toPaise(v, `${key}_${end}`);
  };
  const min = read('min');
  const max = read('max');
  if (min !== null && max !== null && min > max)
    throw badRequest(`${key}_min must not be above ${key}_max`, { [`${key}_min`]: `is above ${key}_max` });
  return { min, max };
}

/**
 * A definition's export columns as the file writers take them, with the values of a row (default: the row's
 * field of the column's key). Headers keep `{product}` for the writer's caller to replace (`headerOf`).
 */
export function fileColumnsOf<D extends ListDef, Row>(
  def: D,
  values: { [K in ExportKey<D>]?: (row: Row) => FileCellValue } = {},
): FileColumn<Row>[] {
  const own = values as Record<string, ((row: Row) => FileCellValue) | undefined>;
  return exportColumnsOf(def).map((c) => ({
    key: c.key,
    header: c.header ?? c.key,
    label: c.label,
    kind: fileKind(c.format),
    value: own[c.key] ?? ((row: Row) => (row as Record<string, FileCellValue>)[c.key]),
  }));
}

/**
 * The documentation of a list's search, count and export, generated from its definition (what is listed, the date
 * range, the search keys, the filters, the paging, its own parameters), so that every list says the same things
 * the same way.
 */
export function listDescriptions(
  def: ListDef,
  product: string,
  opts: { noun?: string; extraKeys: string[] },
): { search: string; count: string; export: string } {
  const what = opts.noun ?? `${def.title.toLowerCase()} of the caller's client`;
  const since =
    def.defaultRange === 'todayMinus7'
      ? 'from today minus 7 days to today'
      : 'the last 7 days (today included)';
  const range =
    `\`start_date\` and \`end_date\` are whole days in \`time_zone\` (IANA, default ${DEFAULT_TIME_ZONE}), ` +
    `by default ${since}, at most ${MAX_RANGE_DAYS} days (400 otherwise).`;
  const keys = def.searchKeys.map((k) => `\`${withProvider(k.key, product)}\` (${k.label})`).join(', ');
  const search = keys
    ? `\`search_key\` is one of ${keys} (400 for another) with \`search_value\` to match.`
    : 'The list has no search key.';
  const filters = Object.entries(def.filters ?? {}).map(([key, f]) =>
    f.kind === 'amount' ? `\`${key}_min\`/\`${key}_max\` (${f.label}, rupees)` : `\`${key}\` (${f.label})`,
  );
  const extra = [...filters, ...opts.extraKeys.map((k) => `\`${k}\``)];
  const own = extra.length ? ` Filters: ${extra.join(', ')}.` : '';
  const paging =
    def.paging === 'page'
      ? 'Paged by `page_index` (from 0) and `page_size` (default 10).'
      : 'Paged by `limit` (default 10) and `offset`.';
  return {
    search: `The ${what}, newest first. ${range} ${search}${own} ${paging}`,
    count: `How many ${what} match the same filter as the search (\`{count}\`): ${range} ${search}${own}`,
    export:
      `Streams the filtered ${what} as a CSV (default), XLSX or JSON attachment (\`format\`; the search's filter ` +
      `without paging) through the report writers; a cell a spreadsheet would run as a formula is prefixed with '. ` +
      `Above ${IMMEDIATE_EXPORT_ROWS.toLocaleString('en')} rows, a list that has a report answers 202 with the urn ` +
      `of that report, queued with the same filter (download it from the report history). ${range}`,
  };
}

/** The filter and params of a request to a list, from its validated query and the caller. */
type ScopeOf<Params> = (auth: { clientRef: number }, query: Record<string, unknown>) => ListScope<Params>;

/** What a list's search, count and export share, made once when the list is registered. */
type ListRoutes<D extends ListDef, Row extends z.ZodType, Extra extends z.ZodRawShape> = {
  db: Db;
  product: string;
  spec: ListSpec<D, Row, Extra>;
  /** The route's path with the product's name in it. */
  path: string;
  /** The list's title in a sentence ("payouts"). */
  name: string;
  config: FastifyContextConfig;
  description: string;
  /** The query parameters beside the list query's own: the definition's filters and the list's extra ones. */
  ownKeys: string[];
  scopeOf: ScopeOf<z.infer<z.ZodObject<Extra>> & FilterParams<D>>;
};

/**
 * How a list reads its scope from a request: the paging (by page or by offset), the list's own params, amount
 * ranges checked, and the resolved filter.
 */
function listScopeReader<Params>(def: ListDef, product: string, ownKeys: string[]): ScopeOf<Params> {
  const byPage = def.paging === 'page';
  const amountKeys = Object.entries(def.filters ?? {})
    .filter(([, f]) => f.kind === 'amount')
    .map(([k]) => k);
  return (auth, query) => {
    const paging = byPage
      ? {
          limit: query['page_size'] as number | undefined,
          offset:
            query['page_size'] === undefined
              ? undefined
              : (query['page_index'] as number) * (query['page_size'] as number),
        }
      : {};
    const params = Object.fromEntries(ownKeys.map((k) => [k, query[k]])) as Params;
    // an amount range whose minimum is above its maximum is refused before any read
    for (const k of amountKeys) amountBounds(params as Record<string, string | undefined>, k);
    return {
      clientRef: auth.clientRef,
      filter: resolveListQuery({ ...(query as Partial<ListQueryType>), ...paging }, def, product),
      params,
    };
  };
}

/** Registers a list's search, count and export from its definition, all taking the lists' filter state. */
export function registerList<
  D extends ListDef,
  Row extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, z.ZodType>,
>(app: FastifyInstance, db: Db, product: string, spec: ListSpec<D, Row, Extra>): void {
  const def = spec.list;
  const own = { ...filterQueryShape(def.filters), ...(spec.query ?? {}) };
  const searchQuery = (
    def.paging === 'page' ? ListQuery.omit({ limit: true, offset: true }).extend(PageQuery) : ListQuery
  ).extend(own);
  const described = listDescriptions(def, product, {
    ...(spec.noun ? { noun: spec.noun } : {}),
    extraKeys: Object.keys(spec.query ?? {}),
  });
  const ownKeys = Object.keys(own);
  const shared = {
    db,
    product,
    spec,
    name: def.title.toLowerCase(),
    // Reading the list needs the definition's permission (its search, count and export alike); a definition
    // without one leaves the plugin's defaultPermission to apply.
    config: def.permission ? { permission: def.permission } : {},
    ownKeys,
    scopeOf: listScopeReader<z.infer<z.ZodObject<Extra>> & FilterParams<D>>(def, product, ownKeys),
  };
  const at = (p: string) => withProvider(p, product);
  registerSearch(app, { ...shared, path: at(def.paths.search), description: described.search }, searchQuery);
  registerCount(app, { ...shared, path: at(def.paths.count), description: described.count }, searchQuery);
  registerExport(
    app,
    { ...shared, path: at(def.paths.export), description: described.export },
    ExportQuery.extend(own).extend({ format: EXPORT_FORMAT }),
  );
}

function registerSearch<D extends ListDef, Row extends z.ZodType, Extra extends z.ZodRawShape>(
  app: FastifyInstance,
  list: ListRoutes<D, Row, Extra>,
  querystring: z.ZodObject,
): void {
  const { db, spec, scopeOf } = list;
  app.withTypeProvider<ZodTypeProvider>().get(
    list.path,
    {
      config: list.config,
      schema: {
        tags: [spec.tag],
        summary: `Search the ${list.name}`,
        description: list.description,
        querystring,
        response: { 200: listResponse(spec.row) },
      },
    },
    async (request) => {
      const scope = scopeOf(authOf(request), request.query as Record<string, unknown>);
      return { data: await readFrom(db, request, (from) => spec.fetch(from, scope)) };
    },
  );
}

function registerCount<D extends ListDef, Row extends z.ZodType, Extra extends z.ZodRawShape>(
  app: FastifyInstance,
  list: ListRoutes<D, Row, Extra>,
  querystring: z.ZodObject,
): void {
  const { db, spec, scopeOf } = list;
  app.withTypeProvider<ZodTypeProvider>().get(
    list.path,
    {
      config: list.config,
      schema: {
        tags: [spec.tag],
        summary: `Count the ${list.name}`,
        description: list.description,
        querystring,
        response: { 200: CountResponse },
      },
    },
    async (request) => {
      const scope = scopeOf(authOf(request), request.query as Record<string, unknown>);
      return { count: await readFrom(db, request, (from) => spec.count(from, scope)) };
    },
  );
}

type ExportFormat = 'csv' | 'xlsx' | 'json';

/**
 * The export: the filtered rows as a file, streamed page after page, or, above IMMEDIATE_EXPORT_ROWS for a list
 * that has a report, that report queued instead (202 with its urn).
 */
function registerExport<D extends ListDef, Row extends z.ZodType, Extra extends z.ZodRawShape>(
  app: FastifyInstance,
  list: ListRoutes<D, Row, Extra>,
  querystring: z.ZodObject,
): void {
  const { db, spec, scopeOf } = list;
  const columns = fileColumnsOf<D, z.infer<Row>>(spec.list, spec.values);
  app.withTypeProvider<ZodTypeProvider>().get(
    list.path,
    {
      config: list.config,
      schema: {
        tags: [spec.tag],
        summary: `Export the filtered ${list.name}`,
        description: list.description,
        querystring,
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const scope = scopeOf(authOf(request), query);
      const format = (query['format'] as ExportFormat | undefined) ?? 'csv';
      if (
        spec.report &&
        (await readFrom(db, request, (from) => spec.count(from, scope))) > IMMEDIATE_EXPORT_ROWS
      ) {
        const urn = await queueListReport(request, spec.report, query, format, list.ownKeys);
        return reply.status(202).send({ report_urn: urn, status: 'QUEUED' });
      }
      const file = await exportFile(request, list, columns, { scope, query, format });
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${spec.list.name}-${file.from}.${format}"`)
        .send(file.stream);
    },
  );
}

/** Queues the list's report with the request's filter (the parameters it was given): its urn. */
function queueListReport(
  request: FastifyRequest,
  report: NonNullable<ListSpec<ListDef, z.ZodType>['report']>,
  query: Record<string, unknown>,
  format: ExportFormat,
  ownKeys: string[],
): Promise<string> {
  const pick = (k: string) =>
    typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined;
  const optional = Object.fromEntries(
    ['start_date', 'end_date', 'time_zone', 'search_key', 'search_value', ...ownKeys]
      .map((k) => [k, pick(k)])
      .filter(([, v]) => v !== undefined),
  );
  return report.queue(request, { report_type: report.type, format, ...optional });
}

/**
 * The export's file as a stream of pages, and the start of its range (its file name). The first page is read
 * before answering: a fetch that refuses the request (an account that is not the caller's) answers its error,
 * not a broken stream.
 */
async function exportFile<D extends ListDef, Row extends z.ZodType, Extra extends z.ZodRawShape>(
  request: FastifyRequest,
  { db, spec, product }: ListRoutes<D, Row, Extra>,
  columns: FileColumn<z.infer<Row>>[],
  {
    scope,
    query,
    format,
  }: {
    scope: ListScope<z.infer<z.ZodObject<Extra>> & FilterParams<D>>;
    query: Record<string, unknown>;
    format: ExportFormat;
  },
): Promise<{ stream: Readable; from: string }> {
  const def = spec.list;
  const from =
    (query['start_date'] as string | undefined) ??
    (def.defaultRange === 'todayMinus7' ? 'today-minus-7-days' : 'last-7-days');
  const pageAt = (offset: number) =>
    readFrom(db, request, (from) =>
      spec.fetch(from, { ...scope, filter: { ...scope.filter, offset, limit: EXPORT_PAGE } }),
    );
  const first = await pageAt(0);
  const cells = rowFormatter(columns, scope.filter.timeZone, cellModeOf(format));
  const pages = async function* (): AsyncGenerator<FilePage> {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const page = offset === 0 ? first : await pageAt(offset);
      yield { cells: page.map(cells) };
      if (page.length < EXPORT_PAGE) return;
    }
  };
  const stream = writeFile(format, pages(), {
    keys: columns.map((c) => c.key),
    headers: columns.map((c) => withProvider(c.header, product)),
    kinds: columns.map((c) => c.kind),
    title: def.title,
    clientName: '',
    period: from,
  }).on('error', (err) => request.log.error({ err }, 'export failed'));
  return { stream, from };
}
