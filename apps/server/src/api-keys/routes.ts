import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKey, ApiKeyCreated, CreateApiKey } from '@meridian/contract/fabric';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { apiKeyOwner } from './guard.ts';
import { createApiKey, listApiKeys, resolveApiKeyRole, revokeApiKey } from './service.ts';

/** A client's API keys, managed from the dashboard (signed in): create, list, revoke. */
export const apiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Every API key route needs api_keys.manage (seeing the keys too).
  defaultPermission(app, 'api_keys.manage');
  const p = deps.config.PROVIDER;

  app.post(
    '/v2/company/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key; the answer is the only time key_secret is shown',
        description:
          "Creates an API key for server-to-server calls on behalf of the caller's client (HTTP Basic `key_id:key_secret`), limited to the permissions of its `role` (default `developer`): a built-in client role or one of the client's custom roles, granting no permission the caller's own role lacks (403 `permission_denied` naming one); an unknown role is a 400. Only a hash is stored: keep `key_secret` from this answer, it cannot be shown again. Recorded in the audit log with its role.",
        body: CreateApiKey,
        response: { 201: ApiKeyCreated },
      },
    },
    async (request, reply) => {
      const role = await resolveApiKeyRole(deps.db, authOf(request), request.body.role);
      return reply
        .status(201)
        .send(await createApiKey(deps.db, actorOf(request), { name: request.body.name, role }));
    },
  );
  app.get(
    `/${p}/read/fetch/api_keys`,
    {
      schema: {
        tags: ['api keys'],
        summary: 'Your API keys (never their secrets), with their last use',
        description:
          "Lists the client's API keys, active and revoked, with their prefix, creation and last use, so unused or leaked keys can be found and revoked. Secrets are never returned.",
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
        description:
          "Revokes one of the client's API keys; every server process drops it from its cache before answering, so the next call with it is a 401. A key of another client is a 404.",
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
