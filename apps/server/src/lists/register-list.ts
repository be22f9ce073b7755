import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountResponse,
  ExportQuery,
  ListQuery,
  MAX_EXPORT_ROWS,
  MAX_RANGE_DAYS,
  PageQuery,
  listResponse,
  type FlowList,
  type ListQuery as ListQueryType,
} from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { safeCell } from '../files/cells.ts';
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
  /** CSV columns: header and value of a row. */
  csv: [string, (row: z.infer<Row>) => string | number | null][];
};

const EXPORT_PAGE = 1000;

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
      `Streams the filtered ${what} as a CSV attachment (the search's filter without paging), at most ` +
      `${MAX_EXPORT_ROWS.toLocaleString('en')} rows; a cell a spreadsheet would run as a formula is prefixed with '. ` +
      `${range}`,
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
  const exportQuery = ExportQuery.extend(extra);
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
      const csv = stringify({ header: true, columns: spec.csv.map(([h]) => h) });
      const from =
        (query['start_date'] as string | undefined) ??
        (def.defaultRange === 'todayMinus7' ? 'today-minus-7-days' : 'last-7-days');
      const pageAt = (offset: number) =>
        spec.fetch(db, { ...scope, filter: { ...scope.filter, offset, limit: EXPORT_PAGE } });
      // The first page is read before answering: a fetch that refuses the request (an account that is not the
      // caller's) answers its error, not a broken stream.
      const first = await pageAt(0);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${from}.csv"`);
      void (async () => {
        try {
          for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += EXPORT_PAGE) {
            const page = offset === 0 ? first : await pageAt(offset);
            for (const row of page) {
              if (!csv.write(spec.csv.map(([, value]) => safeCell(value(row)))))
                await new Promise((resolve) => csv.once('drain', resolve));
            }
            if (page.length < EXPORT_PAGE) break;
          }
          csv.end();
        } catch (err) {
          request.log.error({ err }, 'CSV export failed');
          csv.destroy(err as Error);
        }
      })();
      return reply.send(csv);
    },
  );
}
