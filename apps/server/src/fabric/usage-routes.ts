import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarDate } from '@meridian/contract';
import { API_USAGE_LIST } from '@meridian/contract/fabric';
import { ApiUsageByDayResponse, ApiUsageRow } from '@meridian/contract/reports';
import { authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { resolveListQuery } from '../lists/list-query.ts';
import { registerList, type ListScope } from '../lists/register-list.ts';
import { apiUsageByDay, countFabricReport, listApiUsage, type FabricReportScope } from './report.ts';

/** The list's scope as the fabric report's queries take it (product and status filters). */
const usageScope = <S extends ListScope<{ product?: string | undefined; status?: string | undefined }>>(
  scope: S,
): FabricReportScope & { filter: S['filter'] } => ({
  clientRef: scope.clientRef,
  filter: scope.filter,
  product: scope.params.product,
  status: scope.params.status,
});

/** API usage: every metered API call (each fabric call) as a list, and calls per day for the chart. */
export const apiUsageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // API usage is a read of reports.read.
  defaultPermission(app, 'reports.read');
  const p = deps.config.PROVIDER;
  registerList(app, deps.db, p, {
    report: { type: 'api_usage', queue: deps.queueReport },
    list: API_USAGE_LIST,
    tag: 'credits',
    noun: "metered API calls of the caller's client (API usage)",
    row: ApiUsageRow,
    fetch: (db, scope) => listApiUsage(db, usageScope(scope)),
    count: (db, scope) => countFabricReport(db, usageScope(scope)),
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
