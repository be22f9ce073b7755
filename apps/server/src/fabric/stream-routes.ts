import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FabricEvent } from '@meridian/contract/fabric';
import { MODES } from '@meridian/contract/modes';
import { z } from 'zod';
import { authOf, defaultPermission, MODE_HEADER } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import { fabricEventsAfter, latestFabricEventId } from './queries.ts';
import type { FabricRouteDeps } from './routes.ts';

const StreamQuery = z.object({
  /** EventSource cannot send headers: the access token and client id may come as query parameters here. */
  access_token: z.string().min(1).max(4096).optional(),
  client_id: z.string().min(1).max(64).optional(),
  /** The session's mode (the `Meridian-Mode` header, which EventSource cannot send): test or live (absent). */
  meridian_mode: z.enum(MODES).optional(),
  /** Where to resume when the Last-Event-ID header cannot be sent (a new EventSource). */
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/, 'An event id is a whole number')
    .optional(),
});

const HEARTBEAT_MS = 15_000;

/**
 * `GET /{provider}/read/stream/fabric/events`: Server-Sent Events of the signed-in client's calls. Each event is
 * `id: <event id>` and `data: <FabricEvent JSON>` (no `event:` field, so `onmessage` receives them all); a
 * comment line every 15 s keeps proxies from closing it. Resumes after `Last-Event-ID` (or `last_event_id`)
 * from the database; without one it starts with the next event. Needs `Accept: text/event-stream` (406
 * otherwise: a JSON client gets an answer instead of a stream that never ends).
 *
 * Authentication is the dashboard session. The browser's EventSource cannot set headers, so on this route only
 * the access token, client id and mode may also be sent as query parameters `access_token`, `client_id` and
 * `meridian_mode` (the `Meridian-Mode` header: test or live, absent = live). Query
 * strings are never logged (docs/operating/settings.md: LOG_FORMAT), and the token is short-lived. The session is checked
 * again at every heartbeat: the stream ends after a logout or when its token expires (the page then opens a new
 * one with its current token, resuming with `last_event_id`).
 */
export const fabricStreamRoutes: FastifyPluginAsyncZod<FabricRouteDeps> = async (app, deps) => {
  // The KYC call event stream needs fabric.read.
  defaultPermission(app, 'fabric.read');
  // Before the session check (auth/guard.ts `authenticateSecuredRoutes`, this route's own onRequest hook, which
  // runs after this plugin's): a token sent as a query parameter becomes the Authorization header.
  app.addHook('onRequest', tokenFromQuery);
  app.get(
    `/${deps.config.PROVIDER}/read/stream/fabric/events`,
    {
      config: { openapi: { errors: [406], files: [FILE_TYPES.eventStream] } },
      schema: {
        tags: ['fabric'],
        summary: 'Server-Sent Events of your calls as they happen (Accept: text/event-stream)',
        description:
          "A stream of the client's fabric calls as they happen, resumable with `Last-Event-ID` (or `last_event_id`), with a heartbeat every 15 s. Without `Accept: text/event-stream` it is a 406. EventSource cannot send headers, so `access_token`, `client_id` and `meridian_mode` (the `Meridian-Mode` header: `test` or `live`) may come as query parameters; the stream ends after a logout or when the token expires.",
        querystring: StreamQuery,
        headers: z.object({ 'last-event-id': z.string().max(32).optional() }),
      },
    },
    async (request, reply) => {
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw new AppError(
          406,
          'not_acceptable',
          'This is a Server-Sent Events stream: send Accept: text/event-stream',
        );
      const { clientRef } = authOf(request);
      const resume = request.headers['last-event-id'] ?? request.query.last_event_id;
      if (resume !== undefined && !/^\d{1,15}$/.test(resume))
        throw new AppError(400, 'validation_failed', 'Last-Event-ID is a whole number', {
          fields: { 'last-event-id': 'is not an event id' },
        });
      const lastId = resume !== undefined ? Number(resume) : await latestFabricEventId(deps.db, clientRef);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The connection ends with the stream (never kept idle, which would hold the server's close).
          .header('connection', 'close')
          .send(eventStream(deps, request, reply, clientRef, lastId))
      );
    },
  );
};

/**
 * A token sent as the query parameter `access_token` (and `client_id`) becomes the request's headers, and so does
 * the mode sent as `meridian_mode` (the guard answers a value other than test or live 400 `invalid_mode`).
 */
async function tokenFromQuery(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  const lifted: Record<string, string> = {};
  if (!request.headers.authorization && typeof query['access_token'] === 'string' && query['access_token']) {
    lifted['authorization'] = `Bearer ${query['access_token']}`;
    const clientId = query['client_id'];
    if (typeof clientId === 'string' && clientId && !request.headers['client_id'])
      lifted['client_id'] = clientId;
  }
  const mode = query['meridian_mode'];
  if (typeof mode === 'string' && mode && request.headers[MODE_HEADER] === undefined) {
    // Named as the query parameter it came as (the header's own check would name the header).
    if (!(MODES as readonly string[]).includes(mode))
      throw new AppError(400, 'invalid_mode', 'meridian_mode must be test or live (absent: live)', {
        fields: { meridian_mode: 'must be test or live' },
      });
    lifted[MODE_HEADER] = mode;
  }
  // Fastify's `headers` setter adds these to the request's headers (the raw request is left as it came); set
  // once, since a second set replaces the first one's.
  if (Object.keys(lifted).length) request.headers = lifted;
}

/**
 * The stream of one request: the client's events after `lastId` as they happen, a heartbeat that checks the
 * session again, ended when the connection closes, the session ends or the server shuts down.
 */
function eventStream(
  deps: FabricRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  clientRef: number,
  lastId: number,
): PassThrough {
  const stream = new PassThrough();
  let open = true;
  const pump = eventPump({
    open: () => open,
    read: () => fabricEventsAfter(deps.db, clientRef, lastId),
    send: (e) => {
      stream.write(`id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`);
      lastId = Number(e.id);
    },
    failed: (err) => request.log.warn({ err }, 'fabric event stream: reading events failed'),
  });
  const unsubscribe = deps.events.subscribe(clientRef, () => void pump());
  // Each heartbeat checks the session again (through the guard's cache: no database read while cached):
  // a stream ends within HEARTBEAT_MS of a logout, a revocation or its token's expiry.
  const heartbeat = setInterval(() => {
    deps.requireAuth(request, reply).then(
      () => stream.write(': ping\n\n'),
      () => end(),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const end = (shutdown = false) => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    stream.end();
    // On shutdown the connection is cut: an idle keep-alive connection would hold the server's close for
    // its keep-alive timeout. The browser reconnects (to another process) and resumes by Last-Event-ID.
    if (shutdown) {
      reply.raw.destroy();
      request.raw.socket?.destroy();
    }
  };
  const untrack = deps.events.track(() => end(true));
  reply.raw.on('close', () => end());

  stream.write('retry: 3000\n\n');
  void pump();
  return stream;
}

/**
 * Sends the events after the last one sent, page after page (100 a read), one read at a time: a wake-up while
 * reading reads again once it is done; nothing is read once the stream is closed.
 */
function eventPump(io: {
  open: () => boolean;
  read: () => Promise<FabricEvent[]>;
  send: (e: FabricEvent) => void;
  failed: (err: unknown) => void;
}): () => Promise<void> {
  let busy = false;
  let again = false;
  return async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        for (;;) {
          if (!io.open()) return;
          const events = await io.read();
          for (const e of events) io.send(e);
          if (events.length < 100) break;
        }
      } while (again && io.open());
    } catch (err) {
      io.failed(err);
    } finally {
      busy = false;
    }
  };
}
