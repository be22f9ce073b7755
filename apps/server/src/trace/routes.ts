import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { Trace } from '@meridian/contract/developers';
import { z } from 'zod';
import { authOf, defaultPermission } from '../auth/guard.ts';
import { clients } from '../db/schema.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone } from '../lists/list-query.ts';
import { evidencePdf } from './evidence.ts';
import { traceOf } from './trace.ts';

const params = z.object({
  id: z.string().trim().min(1).max(64).meta({
    description: 'A request id (`REQ…`) or a resource id: a payout urn, a bulk urn, a KYC call urn…',
  }),
});

/**
 * The trace of a request or of a resource: the call → approvals → ledger postings with balances before and
 * after → the rail's states and the UTR → events and callback attempts → credits, as JSON (the export) and as a
 * PDF evidence pack. Read with logs.read; only the caller's client's records.
 */
export const traceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  defaultPermission(app, 'logs.read');
  const p = deps.config.PROVIDER;

  app.get(
    `/${p}/read/fetch/trace/:id`,
    {
      schema: {
        tags: ['developers'],
        summary: 'The trace of a request or of a resource',
        description:
          "One timeline of a request (by its request id) or of a resource (a payout urn, bulk urn, KYC call urn, virtual-account credit urn…): the call (method, route, status, duration, actor; for a resource, the earliest request in the log that named it), the approval requests and their decisions, the ledger postings with the balance before and after, the rail's states with the bank reference (UTR), the events and every callback attempt with the endpoint's answer, and the credits consumed. A payout, credit or KYC call made without a logged request still has its trace. An id of another client is a 404.",
        params,
        response: { 200: Trace },
      },
    },
    async (request) => traceOf(deps.db, authOf(request).clientRef, request.params.id),
  );

  app.get(
    `/${p}/read/fetch/trace/:id/evidence.pdf`,
    {
      config: { openapi: { files: [FILE_TYPES.pdf] } },
      schema: {
        tags: ['developers'],
        summary: 'The trace as a PDF evidence pack',
        description:
          'The same trace as a PDF for a dispute: the client, when it was generated, the request, the resources, then every step of the timeline as a table (times in `time_zone`, default Asia/Kolkata; an unknown zone is a 400). An id of another client is a 404.',
        params,
        querystring: z.object({ time_zone: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const timeZone = checkTimeZone(request.query.time_zone || DEFAULT_TIME_ZONE);
      const trace = await traceOf(deps.db, auth.clientRef, request.params.id);
      const [client] = await deps.db
        .select({ name: clients.companyCommonName })
        .from(clients)
        .where(eq(clients.id, auth.clientRef));
      const pdf = await evidencePdf(trace, { clientName: client?.name ?? 'Meridian', timeZone });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="trace-${trace.id.replace(/[^\w.-]/g, '_')}.pdf"`,
        )
        .send(pdf);
    },
  );
};
