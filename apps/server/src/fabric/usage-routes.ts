import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarDate, FabricProductSlug } from '@meridian/contract';
import { API_USAGE_SEARCH_KEYS, ApiUsageByDayResponse, ApiUsageRow } from '@meridian/contract/reports';
import { authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { resolveListQuery } from '../lists/list-query.ts';
import { registerLegacyList } from '../lists/legacy-list.ts';
import { apiUsageByDay, countFabricReport, listApiUsage } from './report.ts';

const API_USAGE_LIST = {
  name: 'api_usage',
  searchKeys: API_USAGE_SEARCH_KEYS,
  defaultRange: 'last7',
} as const;

/** API usage (spec §7): every metered API call (each fabric call) as a list, and calls per day for the chart. */
export const apiUsageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const p = deps.config.PROVIDER;
  registerLegacyList(app, deps.db, p, {
    report: { type: 'api_usage', queue: deps.queueReport },
    list: API_USAGE_LIST,
    tag: 'credits',
    noun: "metered API calls of the caller's client (API usage)",
    paths: {
      search: `/${p}/read/fetch/credits/details`,
      count: `/${p}/read/count/credits/details`,
      export: `/${p}/read/export/credits/details`,
    },
    row: ApiUsageRow,
    query: { product: z.union([z.literal(''), FabricProductSlug]).optional() },
    fetch: (db, scope) => listApiUsage(db, { ...scope, product: scope.params.product || undefined }),
    count: (db, scope) => countFabricReport(db, { ...scope, product: scope.params.product || undefined }),
    csv: [
      ['created_at', (r) => r.created_at],
      [`${p}_urn`, (r) => r.urn],
      ['api_name', (r) => r.api_name],
      ['product', (r) => r.product],
      ['status', (r) => r.status],
      ['credits', (r) => r.credits],
      ['channel', (r) => r.channel],
      ['latency_ms', (r) => r.latency_ms],
      ['customer_reference_number', (r) => r.customer_reference_number],
    ],
  });

  app.get(
    `/${p}/read/fetch/credits/usage_by_day`,
    {
      schema: {
        tags: ['credits'],
        summary: 'API calls and credits per day per API',
        description:
          "The caller's metered API calls counted per day (whole days in `time_zone`, default Asia/Kolkata; by default the last 7 days) and per API, with the credits they used: the API usage chart.",
        querystring: RangeQuery,
        response: { 200: ApiUsageByDayResponse },
      },
    },
    async (request) => {
      const filter = resolveListQuery(request.query, API_USAGE_LIST, p);
      return { data: await apiUsageByDay(deps.db, { clientRef: authOf(request).clientRef, filter }) };
    },
  );
};

const RangeQuery = z.object({
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  time_zone: z.string().max(64).optional(),
});
