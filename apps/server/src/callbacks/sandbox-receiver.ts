import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../http/route-deps.ts';

/**
 * A stand-in for a client's webhook endpoint, so the demo's callbacks have somewhere to land: it accepts any
 * callback and answers 200 with what it received. Not registered in production.
 */
export const sandboxReceiverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.post(
    `/${deps.config.PROVIDER}/sandbox/webhook-receiver/*`,
    // The demo's own deliveries would flood the terminal's request log; the callback worker logs them already.
    { schema: { hide: true, body: z.unknown() }, logLevel: 'warn' },
    async (request) => ({
      received: true,
      webhook_id: request.headers['webhook-id'] ?? null,
      signed: typeof request.headers['webhook-signature'] === 'string',
    }),
  );
};
