import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CountResponse } from '@meridian/contract';
import {
  ChangeSupportTicketStatus,
  CreateSupportTicket,
  OpsSupportTicket,
  OpsSupportTicketQuery,
  SUPPORT_TICKETS_LIST,
  SupportTicket,
  SupportTicketListQuery,
  SupportTicketUrnParams,
} from '@meridian/contract/support';
import { actorOf, authOf, defaultPermission, companyLevelRoutes } from '../auth/guard.ts';
import { clients } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { mailTicketSender } from './mail.ts';
import { countSupportTickets, listSupportTickets } from './queries.ts';
import {
  changeSupportTicketStatus,
  countAllSupportTickets,
  createSupportTicket,
  getSupportTicket,
  listAllSupportTickets,
} from './service.ts';

/** The help centre's support tickets of the signed-in client: send one, list them, read one. */
export const supportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  // Support tickets need support.use.
  defaultPermission(app, 'support.use');
  const p = deps.config.PROVIDER;
  const tags = ['support'];

  app.post(
    '/v2/support/tickets',
    {
      schema: {
        tags,
        summary: 'Contact support: send a support ticket',
        description:
          "Sends a question to Meridian support from the help centre: a one-line subject (5–120 characters), a category and a message (20–5,000 characters). The ticket starts OPEN, is audited, and its sender gets an e-mail confirming it with the ticket's urn.",
        body: CreateSupportTicket,
        response: { 201: SupportTicket },
      },
    },
    async (request, reply) => {
      const ticket = await createSupportTicket(deps.db, actorOf(request), request.body);
      await mailTicketSender(deps.db, deps.email, ticket, 'created', deps.publicUrl(request), (err) =>
        request.log.warn({ err }, 'support ticket e-mail failed'),
      );
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    '/v2/support/tickets/:urn',
    {
      schema: {
        tags,
        summary: 'One support ticket of the caller, with its status',
        description:
          "One of the caller's support tickets with its subject, category, message and current status as Meridian operations set it (404 for an unknown urn or another client's).",
        params: SupportTicketUrnParams,
        response: { 200: SupportTicket },
      },
    },
    async (request) => getSupportTicket(deps.db, authOf(request).clientRef, request.params.urn),
  );

  registerList(app, deps.db, p, {
    list: SUPPORT_TICKETS_LIST,
    tag: 'support',
    noun: "support tickets sent by the caller's client",
    row: SupportTicket,
    // the definition's status filter, read with an empty status as every status
    query: SupportTicketListQuery,
    fetch: listSupportTickets,
    count: countSupportTickets,
  });
};

const Paths = z.object({
  client_id: z.string().trim().min(1).max(64),
  urn: z.string().trim().min(1).max(64),
});

/** Meridian operations' side of support tickets: every client's queue, and a ticket's status. */
export const supportOperationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  defaultPermission(app, 'ops.support');
  const base = `/${deps.config.PROVIDER}/operations/support/tickets`;
  const tags = ['operations'];

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "Every client's support tickets, newest first (operations)",
        description:
          "Meridian operations' queue of support tickets across all companies, each with its company's client_id and name, optionally only those in one `status`; paged by `limit` (at most 100) and `offset`.",
        querystring: OpsSupportTicketQuery,
        response: { 200: z.object({ data: z.array(OpsSupportTicket) }) },
      },
    },
    async (request) => ({
      data: await listAllSupportTickets(deps.db, {
        status: request.query.status || undefined,
        limit: request.query.limit,
        offset: request.query.offset,
      }),
    }),
  );

  app.get(
    `${base}/count`,
    {
      schema: {
        tags,
        summary: 'Number of support tickets in the queue (operations)',
        description:
          "How many support tickets across all companies match the queue's `status` filter (`{count}`), to page through it.",
        querystring: OpsSupportTicketQuery.pick({ status: true }),
        response: { 200: CountResponse },
      },
    },
    async (request) => ({ count: await countAllSupportTickets(deps.db, request.query.status || undefined) }),
  );

  app.post(
    `${base}/:client_id/:urn/status`,
    {
      schema: {
        tags,
        summary: "Set a support ticket's status (operations)",
        description:
          "Moves a company's ticket to OPEN, IN_PROGRESS, RESOLVED or CLOSED; the company sees the new status in its help centre and the sender is e-mailed. Audited in the company's own audit log with the operations user as actor; the same status again changes nothing.",
        params: Paths,
        body: ChangeSupportTicketStatus,
        response: { 200: SupportTicket },
      },
    },
    async (request) => {
      const [company] = await deps.db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.clientId, request.params.client_id));
      if (!company) throw notFound(`No company with client_id ${request.params.client_id}`);
      const { ticket, previous } = await changeSupportTicketStatus(
        deps.db,
        actorOf(request),
        company.id,
        request.params.urn,
        request.body.status,
      );
      if (previous !== ticket.status)
        await mailTicketSender(deps.db, deps.email, ticket, 'status', deps.publicUrl(request), (err) =>
          request.log.warn({ err }, 'support ticket e-mail failed'),
        );
      return ticket;
    },
  );
};
