import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { ensurePartitions } from './partitions.ts';
import { createRecorder, type Recorder } from './recorder.ts';

/** The answer's JSON text, kept by the onSend hook for the recorder (a string already made: no copy). */
const answered = new WeakMap<FastifyRequest, string>();

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

const header = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

function contentTypeOf(reply: FastifyReply): string | null {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? type : null;
}

/**
 * Records every request answered to a client's caller (`request.auth` set by the guard: a member's session or an
 * API key) after its answer; public routes, /health, the documentation and the web app's files have no caller
 * and are not recorded. Call before any route is registered. REQUEST_LOG=off records nothing.
 */
export async function registerRequestLog(
  app: FastifyInstance,
  opts: { db: Db; config: Pick<Config, 'REQUEST_LOG' | 'REQUEST_LOG_BODY_BYTES'> },
): Promise<Recorder | null> {
  // Today's and the next days' partitions exist before the first request (the sweeper keeps them ahead).
  await ensurePartitions(opts.db);
  if (opts.config.REQUEST_LOG === 'off') return null;
  const recorder = createRecorder({
    db: opts.db,
    bodyBytes: opts.config.REQUEST_LOG_BODY_BYTES,
    log: (msg, err) => app.log.error({ err }, msg),
  });

  // Callback hooks, not async ones: they run on every request and need no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.auth && typeof payload === 'string' && JSON_TYPE.test(contentTypeOf(reply) ?? ''))
      answered.set(request, payload);
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    if (!auth) return done();
    const url = request.url;
    const q = url.indexOf('?');
    const responseText = answered.get(request) ?? null;
    const requestType = header(request.headers['content-type']);
    const durationMs = reply.elapsedTime;
    recorder.record({
      at: new Date(Date.now() - durationMs),
      clientRef: auth.clientRef,
      requestId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? (q < 0 ? url : url.slice(0, q)),
      path: q < 0 ? url : url.slice(0, q),
      status: reply.statusCode,
      durationMs,
      channel: auth.channel,
      actor: auth.channel === 'api_key' && auth.apiKeyId ? auth.apiKeyId : auth.email,
      userRef: auth.userRef,
      apiKeyId: auth.apiKeyId,
      ip: request.ip ?? null,
      idempotencyKey: header(request.headers['idempotency-key']),
      queryString: q < 0 ? '' : url.slice(q + 1),
      params: request.params,
      requestBody: request.body,
      // a body that was not JSON (a file upload) is named by its type, never stored
      requestBodyType:
        (request.body !== undefined || Number(request.headers['content-length'] ?? 0) > 0) &&
        !JSON_TYPE.test(requestType ?? '')
          ? (requestType ?? 'unknown')
          : null,
      responseText,
      responseType: responseText === null ? contentTypeOf(reply) : null,
    });
    done();
  });

  app.addHook('onClose', () => recorder.close());
  return recorder;
}
