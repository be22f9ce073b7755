import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountResponse,
  ExportQuery,
  ListQuery,
  MAX_RANGE_DAYS,
  PageQuery,
  listResponse,
  type FlowList,
  type ListQuery as ListQueryType,
} from '@meridian/contract';
import { z } from 'zod';
import { IMMEDIATE_EXPORT_ROWS, type ReportType } from '@meridian/contract/reports';
import type { FileColumn } from '../files/cells.ts';
import { CONTENT_TYPES, writeFile, type FilePage } from '../files/writers.ts';
import type { ReportQueue } from '../http/route-deps.ts';
import type { Db } from '../db/database.ts';
import { rowFormatter } from '../files/cells.ts';
import { authOf } from '../auth/guard.ts';
import {
  DEFAULT_TIME_ZONE,
  listDefinition,
  resolveListQuery,
  type ListDefinition,
  type ListFilter,
} from './list-query.ts';

/** What a list's fetch and count receive: the caller's client, the resolved filter and the list's own params. */
export type ListScope<Params = Record<string, never>> = {
  clientRef: number;
  filter: ListFilter;
  params: Params;
};

export type ListSpec<Row extends z.ZodType, Extra extends z.ZodRawShape = Record<never, z.ZodType>> = {
  /** A flow list by name, or any list's definition (search keys, aliases, default range). */
  list: FlowList | ListDefinition;
  tag: string;
  /** What a row is, for the documentation ("payouts of the caller's client"); the list's name otherwise. */
  noun?: string;
  paths: { search: string; count: string; export: string };
  row: Row;
  /**
   * The list's own query parameters beside the spec's filter (a selected account, a status): validated with the
   * filter (a bad value is a 400 naming it) and handed to fetch and count as `params`.
   */
  query?: Extra;
  /**
   * `offset` (default): `limit` and `offset`, as most lists. `page`: `page_index` (from 0) and `page_size`
   * instead, as spec §3 has it for account transactions.
   */
  paging?: 'offset' | 'page';
  fetch: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>>>) => Promise<z.infer<Row>[]>;
  count: (db: Db, scope: ListScope<z.infer<z.ZodObject<Extra>>>) => Promise<number>;
  /** Export columns: header and value of a row. */
  csv: [string, (row: z.infer<Row>) => string | number | null][];
  /**
   * The report of the same rows: an export above IMMEDIATE_EXPORT_ROWS queues it (202 with its urn) instead of
   * streaming page after page. The list's own params must be filters that report takes.
   */
  report?: { type: ReportType; queue: ReportQueue };
};

const EXPORT_PAGE = 1000;
const EXPORT_FORMAT = z.enum(['csv', 'xlsx', 'json']).default('csv');

/**
 * The documentation of a list's search, count and export, generated from its definition (what is listed, the date
 * range, the search keys, the paging, its own parameters), so that every list says the same things the same way.
 */
export function listDescriptions(
  def: ListDefinition,
  product: string,
  opts: { noun?: string; paging?: 'offset' | 'page'; extraKeys: string[] },
): { search: string; count: string; export: string } {
  const what = opts.noun ?? `${def.name} of the caller's client`;
  const since =
    def.defaultRange === 'todayMinus7'
      ? 'from today minus 7 days to today'
      : 'the last 7 days (today included)';
  const range =
    `\`start_date\` and \`end_date\` are whole days in \`time_zone\` (IANA, default ${DEFAULT_TIME_ZONE}), ` +
    `by default ${since}, at most ${MAX_RANGE_DAYS} days (400 otherwise).`;
  const keys = def.searchKeys.map((k) => `\`${k.replace('{product}', product)}\``).join(', ');
  const search = keys
    ? `\`search_key\` is one of ${keys} (400 for another) with \`search_value\` to match.`
    : 'The list has no search key.';
  const extra = opts.extraKeys.length
    ? ` The list's own parameters: ${opts.extraKeys.map((k) => `\`${k}\``).join(', ')}.`
    : '';
  const paging =
    opts.paging === 'page'
      ? 'Paged by `page_index` (from 0) and `page_size` (default 10).'
      : 'Paged by `limit` (default 10) and `offset`.';
  return {
    search: `The ${what}, newest first. ${range} ${search}${extra} ${paging}`,
    count: `How many ${what} match the same filter as the search (\`{count}\`): ${range} ${search}${extra}`,
    export:
      `Streams the filtered ${what} as a CSV (default), XLSX or JSON attachment (\`format\`; the search's filter ` +
      `without paging) through the report writers; a cell a spreadsheet would run as a formula is prefixed with '. ` +
      `Above ${IMMEDIATE_EXPORT_ROWS.toLocaleString('en')} rows, a list that has a report answers 202 with the urn ` +
      `of that report, queued with the same filter (download it from the report history). ${range}`,
  };
}

/** Registers a list's search, count and CSV export, all taking the spec's filter state (GUIDE §3 Lists). */
export function registerList<Row extends z.ZodType, Extra extends z.ZodRawShape = Record<never, z.ZodType>>(
  app: FastifyInstance,
  db: Db,
  product: string,
  spec: ListSpec<Row, Extra>,
): void {
  type Params = z.infer<z.ZodObject<Extra>>;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const def = listDefinition(spec.list);
  const name = def.name;
  const extra = (spec.query ?? {}) as Extra;
  const byPage = spec.paging === 'page';
  const searchQuery = (
    byPage ? ListQuery.omit({ limit: true, offset: true }).extend(PageQuery) : ListQuery
  ).extend(extra);
  const exportQuery = ExportQuery.extend(extra).extend({ format: EXPORT_FORMAT });
  const extraKeys = Object.keys(extra);
  const described = listDescriptions(def, product, { noun: spec.noun, paging: spec.paging, extraKeys });
  const scopeOf = (auth: { clientRef: number }, query: Record<string, unknown>): ListScope<Params> => {
    const paging = byPage
      ? {
          limit: query['page_size'] as number | undefined,
          offset:
            query['page_size'] === undefined
              ? undefined
              : (query['page_index'] as number) * (query['page_size'] as number),
        }
      : {};
    return {
      clientRef: auth.clientRef,
      filter: resolveListQuery({ ...(query as Partial<ListQueryType>), ...paging }, spec.list, product),
      params: Object.fromEntries(extraKeys.map((k) => [k, query[k]])) as Params,
    };
  };
  typed.get(
    spec.paths.search,
    {
      schema: {
        tags: [spec.tag],
        summary: `Search the ${name}`,
        description: described.search,
        querystring: searchQuery,
        response: { 200: listResponse(spec.row) },
      },
    },
    async (request) => ({
      data: await spec.fetch(db, scopeOf(authOf(request), request.query as Record<string, unknown>)),
    }),
  );
  typed.get(
    spec.paths.count,
    {
      schema: {
        tags: [spec.tag],
        summary: `Count the ${name}`,
        description: described.count,
        querystring: searchQuery,
        response: { 200: CountResponse },
      },
    },
    async (request) => ({
      count: await spec.count(db, scopeOf(authOf(request), request.query as Record<string, unknown>)),
    }),
  );
  typed.get(
    spec.paths.export,
    {
      schema: {
        tags: [spec.tag],
        summary: `CSV of the filtered ${name}`,
        description: described.export,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const scope = scopeOf(authOf(request), query);
      const format = (query['format'] as 'csv' | 'xlsx' | 'json' | undefined) ?? 'csv';
      if (spec.report && (await spec.count(db, scope)) > IMMEDIATE_EXPORT_ROWS) {
        const pick = (k: string) =>
          typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined;
        const optional = Object.fromEntries(
          ['start_date', 'end_date', 'time_zone', 'search_key', 'search_value', ...extraKeys]
            .map((k) => [k, pick(k)])
            .filter(([, v]) => v !== undefined),
        );
        const urn = await spec.report.queue(request, { report_type: spec.report.type, format, ...optional });
        return reply.status(202).send({ report_urn: urn, status: 'QUEUED' });
      }
      const from =
        (query['start_date'] as string | undefined) ??
        (def.defaultRange === 'todayMinus7' ? 'today-minus-7-days' : 'last-7-days');
      const pageAt = (offset: number) =>
        spec.fetch(db, { ...scope, filter: { ...scope.filter, offset, limit: EXPORT_PAGE } });
      // The first page is read before answering: a fetch that refuses the request (an account that is not the
      // caller's) answers its error, not a broken stream.
      const first = await pageAt(0);
      const columns: FileColumn<z.infer<Row>>[] = spec.csv.map(([header, value]) => ({
        key: header,
        header,
        kind: 'text',
        value,
      }));
      const cells = rowFormatter(columns, scope.filter.timeZone, format === 'json' ? 'json' : 'text');
      const pages = async function* (): AsyncGenerator<FilePage> {
        for (let offset = 0; ; offset += EXPORT_PAGE) {
          const page = offset === 0 ? first : await pageAt(offset);
          yield { cells: page.map(cells) };
          if (page.length < EXPORT_PAGE) return;
        }
      };
      const file = writeFile(format, pages(), {
        keys: columns.map((c) => c.key),
        headers: columns.map((c) => c.header),
        title: name,
        clientName: '',
        period: from,
      }).on('error', (err) => request.log.error({ err }, 'export failed'));
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}-${from}.${format}"`)
        .send(file);
    },
  );
}
