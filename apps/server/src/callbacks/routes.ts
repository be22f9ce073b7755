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
        response: { 200: z.object({ data: z.array(CallbackConfig) }) },
      },
    },
    async (request) => ({ data: await listCallbacks(deps.db, authOf(request).clientRef) }),
  );
};
