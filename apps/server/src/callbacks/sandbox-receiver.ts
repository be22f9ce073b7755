import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../http/route-deps.ts';
import { defaultPermission } from '../auth/guard.ts';

/** What the receiver answers at a path: 503 under `outage/` (an endpoint that is down), else 200 with the message. */
export function sandboxReceiverAnswer(
  path: string,
  headers: Record<string, string | string[] | undefined>,
): { status: number; body: Record<string, unknown> } {
  if (/\/webhook-receiver\/outage\//.test(path))
    return {
      status: 503,
      body: { received: false, error: 'Endpoint down for maintenance (sandbox outage)' },
    };
  return {
    status: 200,
    body: {
      received: true,
      webhook_id: headers['webhook-id'] ?? null,
      signed: typeof headers['webhook-signature'] === 'string',
    },
  };
}

/**
 * A stand-in for a client's webhook endpoint, so the demo's callbacks have somewhere to land: it accepts any
 * callback and answers 200 with what it received (503 under `outage/`). Not registered in production.
 */
export const sandboxReceiverRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Hidden sandbox receiver: no credentials.
  defaultPermission(app, 'public');
  app.post(
    `/${deps.config.PROVIDER}/sandbox/webhook-receiver/*`,
    // The demo's own deliveries would flood the terminal's request log; the callback worker logs them already.
    { schema: { hide: true, body: z.unknown() }, logLevel: 'warn' },
    async (request, reply) => {
      const answer = sandboxReceiverAnswer(request.url, request.headers);
      return reply.status(answer.status).send(answer.body);
    },
  );
};
