import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountResponse,
  ExportQuery,
  ListQuery,
  MAX_EXPORT_ROWS,
  listResponse,
  type FlowList,
} from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { authOf } from '../auth/guard.ts';
import { listDefinition, resolveListQuery, type ListDefinition, type ListFilter } from './list-query.ts';

type Scope = { clientRef: number; filter: ListFilter };

export type ListSpec<Row extends z.ZodType> = {
  /** A flow list by name, or any list's definition (search keys, aliases, default range). */
  list: FlowList | ListDefinition;
  tag: string;
  paths: { search: string; count: string; export: string };
  row: Row;
  fetch: (db: Db, scope: Scope) => Promise<z.infer<Row>[]>;
  count: (db: Db, scope: Scope) => Promise<number>;
  /** CSV columns: header and value of a row. */
  csv: [string, (row: z.infer<Row>) => string | number | null][];
};

const EXPORT_PAGE = 1000;

/** A cell a spreadsheet would run as a formula is prefixed with ' (CSV injection). */
const safeCell = (v: string | number | null) =>
  typeof v === 'string' && /^[=+@\t\r-]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v;

/** Registers a list's search, count and CSV export, all taking the spec's filter state (GUIDE §3 Lists). */
export function registerList<Row extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  product: string,
  spec: ListSpec<Row>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const def = listDefinition(spec.list);
  const name = def.name;
  const scopeOf = (auth: { clientRef: number }, query: Partial<z.infer<typeof ListQuery>>): Scope => ({
    clientRef: auth.clientRef,
    filter: resolveListQuery(query, spec.list, product),
  });
  typed.get(
    spec.paths.search,
    { schema: { tags: [spec.tag], querystring: ListQuery, response: { 200: listResponse(spec.row) } } },
    async (request) => ({ data: await spec.fetch(db, scopeOf(authOf(request), request.query)) }),
  );
  typed.get(
    spec.paths.count,
    { schema: { tags: [spec.tag], querystring: ListQuery, response: { 200: CountResponse } } },
    async (request) => ({ count: await spec.count(db, scopeOf(authOf(request), request.query)) }),
  );
  typed.get(
    spec.paths.export,
    { schema: { tags: [spec.tag], summary: `CSV of the filtered ${name}`, querystring: ExportQuery } },
    async (request, reply) => {
      const scope = scopeOf(authOf(request), request.query);
      const csv = stringify({ header: true, columns: spec.csv.map(([h]) => h) });
      const from =
        request.query.start_date ??
        (def.defaultRange === 'todayMinus7' ? 'today-minus-7-days' : 'last-7-days');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${from}.csv"`);
      void (async () => {
        try {
          for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += EXPORT_PAGE) {
            const page = await spec.fetch(db, {
              ...scope,
              filter: { ...scope.filter, offset, limit: EXPORT_PAGE },
            });
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
