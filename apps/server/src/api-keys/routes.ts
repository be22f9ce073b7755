import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKey, ApiKeyCreated, CreateApiKey } from '@meridian/contract/fabric';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { apiKeyOwner } from './guard.ts';
import {
  checkApiKeyLimit,
  createApiKeyWith,
  listApiKeys,
  newKeyCredentials,
  resolveApiKeyRole,
  revokeApiKey,
} from './service.ts';
import { holdOrApply, pendingApproval } from '../approvals/settings.ts';
import { sha256 } from '../lib/ids.ts';
import { PendingApiKey, holdApiKey } from './approval.ts';

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
          "Creates an API key for server-to-server calls on behalf of the caller's client (HTTP Basic `key_id:key_secret`), limited to the permissions of its `role` (default `developer`): a built-in client role or one of the client's custom roles, granting no permission the caller's own role lacks (403 `permission_denied` naming one); an unknown role is a 400. Only a hash is stored: keep `key_secret` from this answer, it cannot be shown again. Recorded in the audit log with its role." +
          " When an active approval rule of action `api_key` covers it, the key is not made yet: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message, key_id, key_secret }`, the only time the secret is shown, to the member who asked and nobody else (the request keeps only its hash; approvers see the name and role). The key is made with that id and secret once approved, by the last approver on the maker's behalf (audited with both), and calls with it are refused (401) until then; rejected or expired, it is never made.",
        body: CreateApiKey,
        response: { 201: ApiKeyCreated, 202: PendingApiKey },
      },
    },
    async (request, reply) => {
      const input = {
        name: request.body.name,
        role: await resolveApiKeyRole(deps.db, authOf(request), request.body.role),
      };
      const { keyId, secret } = newKeyCredentials(authOf(request).livemode);
      const credentials = { keyId, secretHash: sha256(secret) };
      const answer = await holdOrApply(deps, request, 'api_key', {
        plan: (tx) => checkApiKeyLimit(tx, authOf(request).clientRef),
        hold: () => holdApiKey(input, credentials),
        apply: (tx) => createApiKeyWith(tx, actorOf(request), input, credentials),
      });
      if ('held' in answer)
        return reply.status(202).send({
          ...pendingApproval(answer.held, `The API key ${keyId}`),
          key_id: keyId,
          key_secret: secret,
        });
      return reply.status(201).send({ ...answer.done, key_secret: secret });
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
