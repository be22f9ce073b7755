import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENTS_LIST,
  EventDetails,
  EventRecord,
  EventResendRequest,
  EventResendResult,
} from '@meridian/contract/developers';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { countEvents, getEvent, listEvents, resendEvent } from './service.ts';

const EventIdParams = z.object({ event_id: z.string().min(1).max(64) });

/**
 * The events the product emitted for the caller's client (every one, delivered to a URL or not), each with its
 * deliveries; any of them sent again as a new signed delivery. Reads need callbacks.read, a resend
 * callbacks.manage; every read and write is of the caller's client only.
 */
export const eventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  defaultPermission(app, 'callbacks.read');
  const p = deps.config.PROVIDER;

  registerList(app, deps.db, p, {
    list: EVENTS_LIST,
    tag: 'events',
    noun: "events the product emitted for the caller's client (payout, virtual-account credit, mandate, payment link, KYC call, approval…), each with how many callback deliveries it has had",
    row: EventRecord,
    fetch: listEvents,
    count: countEvents,
  });

  app.get(
    `/${p}/read/fetch/events/:event_id`,
    {
      schema: {
        tags: ['events'],
        operationId: 'getEvent',
        summary: 'One event with its deliveries',
        description:
          "An event of the caller's client by its id (`evt_…`): its type, subject, the id of the API request that emitted it, its data (the `data` its callbacks carry) and every delivery of it (to which callback configuration and URL, status, attempts, the latest attempt's status code, and whether a resend made it).",
        params: EventIdParams,
        response: { 200: EventDetails },
      },
    },
    async (request) => getEvent(deps.db, authOf(request).clientRef, request.params.event_id),
  );

  app.post(
    '/v2/events/:event_id/resend',
    {
      config: { permission: 'callbacks.manage', openapi: { errors: [422] } },
      schema: {
        tags: ['events'],
        operationId: 'resendEvent',
        summary: 'Resend an event',
        description:
          "Sends the event again, delivered before or not: a NEW signed delivery (a new `webhook-id`; the event's type, timestamp and data as first sent) to every active callback configuration of the event's type, or, with `callback_id`, to that one configuration of the client (of any event type; it must be switched on). Each is delivered, retried and shown in the delivery log like any other. 422 when there is nothing to send to: no active configuration of the event's type, or the `callback_id` is unknown or switched off. Audited.",
        params: EventIdParams,
        // No body: to the configurations of the event's type.
        body: EventResendRequest.nullish(),
        response: { 202: EventResendResult },
      },
    },
    async (request, reply) => {
      const { result, effects } = await resendEvent(
        deps.db,
        actorOf(request),
        request.params.event_id,
        request.body?.callback_id,
      );
      await deps.runEffects({ rail: [], callbacks: effects });
      return reply.status(202).send(result);
    },
  );
};
