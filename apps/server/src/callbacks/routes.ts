import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CallbackConfig, CallbackRequest } from '@meridian/contract';
import { z } from 'zod';
import { actorOf, authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { handleCallbackRequest, listCallbacks } from './configs.ts';

export const callbackRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preHandler', deps.requireAuth);

  app.post(
    '/v2/company/callback',
    {
      schema: {
        tags: ['callbacks'],
        summary: 'Create (action create), update (action update) or list (action list) callback URLs',
        description:
          "Manages the URLs webhooks are delivered to, by `action`: `create` registers a URL for event types (201), `update` changes one (URL, events, method, active), `list` answers them all. Each delivery is signed as Standard Webhooks with the configuration's secret.",
        body: CallbackRequest,
        response: {
          200: z.union([CallbackConfig, z.object({ data: z.array(CallbackConfig) })]),
          201: CallbackConfig,
        },
      },
    },
    async (request, reply) => {
      const answer = await handleCallbackRequest(deps.db, actorOf(request), request.body);
      return reply.status(answer.status as 200 | 201).send(answer.body);
    },
  );
  app.get(
    '/v2/company/callback',
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'listCallbacks',
        summary: 'List the callback configurations',
        description:
          "The client's callback configurations (URL, event types, method, active), the same as `action: list` of the POST. Use it to check where events are delivered.",
        response: { 200: z.object({ data: z.array(CallbackConfig) }) },
      },
    },
    async (request) => ({ data: await listCallbacks(deps.db, authOf(request).clientRef) }),
  );
};
