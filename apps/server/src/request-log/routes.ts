import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_LOGS_LIST, RequestLogDetails, RequestLogRecord } from '@meridian/contract/developers';
import { authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { countRequestLogs, getRequestLog, listRequestLogs } from './queries.ts';

const RequestIdParams = z.object({ request_id: z.string().trim().min(1).max(64) });

/**
 * The client's API request log (/developers/logs): the list (search, count, export) and one request with its
 * masked query and bodies. Every read is of the caller's client only: another client's request id is a 404.
 */
export const requestLogRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  defaultPermission(app, 'logs.read');
  const p = deps.config.PROVIDER;

  registerList(app, deps.db, p, {
    list: REQUEST_LOGS_LIST,
    tag: 'request log',
    noun: "API requests of the caller's client (a member's session or an API key), each after its answer",
    row: RequestLogRecord,
    fetch: listRequestLogs,
    count: countRequestLogs,
    values: { resources: (r) => r.resources.join(' ') },
  });

  app.get(
    `/${p}/read/fetch/request_logs/:request_id`,
    {
      schema: {
        tags: ['request log'],
        summary: 'One API request',
        description:
          "A request of the caller's client with its query, request body and answer as recorded: secrets left out, personal data and account numbers masked, bodies above the cap cut (`truncated`). Another client's request id is a 404.",
        params: RequestIdParams,
        response: { 200: RequestLogDetails },
      },
    },
    async (request) => getRequestLog(deps.db, authOf(request).clientRef, request.params.request_id),
  );
};
