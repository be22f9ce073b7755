import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKey, ApiKeyCreated, CreateApiKey } from '@meridian/contract';
import { z } from 'zod';
import { actorOf, authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { apiKeyOwner } from './guard.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

/** A client's API keys, managed from the dashboard (signed in): create, list, revoke. */
export const apiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preHandler', deps.requireAuth);
  const p = deps.config.PROVIDER;

  app.post(
    '/v2/company/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key; the answer is the only time key_secret is shown',
        body: CreateApiKey,
        response: { 201: ApiKeyCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(deps.db, actorOf(request), request.body)),
  );
  app.get(
    `/${p}/read/fetch/api_keys`,
    {
      schema: {
        tags: ['api keys'],
        summary: 'Your API keys (never their secrets), with their last use',
        response: { 200: z.object({ data: z.array(ApiKey) }) },
      },
    },
    async (request) => ({ data: await listApiKeys(deps.db, authOf(request).clientRef) }),
  );
  app.post(
    '/v2/company/api_keys/:key_id/revoke',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key: calls with it are refused (401) at once',
        params: z.object({ key_id: z.string().min(1).max(64) }),
        response: { 200: ApiKey },
      },
    },
    async (request) => {
      const key = await revokeApiKey(deps.db, actorOf(request), request.params.key_id);
      // Committed: drop the key from every process's cache of verified keys before answering.
      await deps.sessions.revoked([apiKeyOwner(key.key_id)]);
      return key;
    },
  );
};
