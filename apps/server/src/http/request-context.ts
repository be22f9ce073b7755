import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What the code running for one API request may know about it without being handed the request. */
export type RequestContext = { requestId: string };

/** The request being handled; empty in jobs, the sweeper and the seed. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the API request whose handling runs this code (the `x-request-id` answered), or null outside one. */
export function currentRequestId(): string | null {
  return requestContext.getStore()?.requestId ?? null;
}

/**
 * Runs each request's whole lifecycle inside its context: from `onRequest`, and again from `preValidation`,
 * because a parsed body resumes the lifecycle from the socket's 'end' event, outside the first context.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));
  app.addHook('preValidation', (request, _reply, done) =>
    requestContext.run({ requestId: request.id }, done),
  );
}
