import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@meridian/contract';
import { registerCompression } from './compression.ts';
import { registerDocs } from './docs.ts';
import { AppError } from './errors.ts';
import { registerOpenApi } from './openapi.ts';
import { registerRequestContext } from './request-context.ts';
import { securityHeaders } from './security-headers.ts';
import { registerTextRule } from './text-rule.ts';

/** Paths that belong to the API: they answer JSON (never the SPA) and are never cached. */
const API_PREFIXES = ['/v2/', '/excalibur/', '/core_banking/', '/api/', '/health', '/docs'];

/** True for a URL the API answers (the fixed prefixes and `/{provider}/…`). */
export function apiMatcher(provider: string): (url: string) => boolean {
  const prefixes = [...API_PREFIXES, `/${provider}/`];
  return (url) => prefixes.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

/** Machine keys of the HTTP errors that fastify and its plugins raise (their codes are internal names). */
const HTTP_ERROR_KEYS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  431: 'request_header_fields_too_large',
};
const FASTIFY_ERROR_KEYS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'invalid_url',
};

function fieldsFromValidation(error: FastifyError): Record<string, string> | undefined {
  if (!error.validation) return undefined;
  const fields: Record<string, string> = {};
  for (const v of error.validation) {
    const path =
      v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (v.params?.['missingProperty'] as string) ||
      'body';
    fields[path] ??= v.message ?? 'is invalid';
  }
  return fields;
}

/**
 * The one JSON error shape for any error: ours (AppError), schema validation (400 naming the fields), any other
 * 4xx that fastify or a plugin raises (bad JSON, wrong content type, body too large, bad URL…), and 500 for the
 * rest, which is logged: a 500 is always our bug, never the client's input.
 */
export function errorAnswer(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { body: ErrorResponse; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorResponse = {
      status: error.status,
      message: error.message,
      error: error.key,
      request_id: request.id,
    };
    if (error.fields) body.fields = error.fields;
    return { body, ...(error.headers ? { headers: error.headers } : {}) };
  }
  if (error.validation) {
    const fields = fieldsFromValidation(error);
    const first = fields ? Object.entries(fields)[0] : undefined;
    return {
      body: {
        status: 400,
        message: first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request',
        error: 'validation_failed',
        request_id: request.id,
        ...(fields ? { fields } : {}),
      },
    };
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return {
      body: {
        status,
        message: error.message,
        error: FASTIFY_ERROR_KEYS[error.code] ?? HTTP_ERROR_KEYS[status] ?? 'bad_request',
        request_id: request.id,
      },
    };
  }
  if (databaseUnreachable(error)) {
    request.log.warn({ err: error }, 'database unreachable');
    return {
      body: {
        status: 503,
        message: 'The database could not be reached for a moment: try again',
        error: 'service_unavailable',
        request_id: request.id,
      },
      headers: { 'retry-after': '1' },
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return {
    body: { status: 500, message: 'Internal Server Error', error: 'internal_error', request_id: request.id },
  };
}

/** SQLSTATEs of a connection that is gone or refused (class 08, the server shutting down or starting, full). */
const UNREACHABLE_STATES = /^(08|57P0[123]$|53300$)/;
/** What node-postgres and the socket say when a connection cannot be made or ends under a query. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * True when a query failed because the database could not be reached (a restarted pooler, a primary going
 * away). It answers 503 with Retry-After rather than 500: a read may simply be sent again, and so may a write
 * with its Idempotency-Key (its outcome is answered once, whether or not it was committed), which is what the
 * balancer retries. drizzle wraps the driver's error: its causes are read.
 */
export function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_STATES.test(code) || UNREACHABLE_CODES.has(code)))
      return true;
    if (UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid (a malformed percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
};

/**
 * fastify's `frameworkErrors` option: errors raised before a route is found (a malformed percent-encoding, a
 * path parameter over the length limit) answer in the same shape. These requests skip the hooks, so the
 * request id and no-store are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { body, headers } = errorAnswer(error, request);
  // fastify's own messages repeat the whole path, which may be 100 kB
  body.message = FRAMEWORK_MESSAGES[error.code] ?? body.message;
  reply
    .headers({ ...headers, 'x-request-id': request.id, 'cache-control': 'no-store' })
    .status(body.status)
    .send(body);
}

/**
 * What every answer shares: compression, security headers (strict CSP, HSTS), the request id, no-store on the
 * API, the one JSON error shape for every error, and the OpenAPI document at /docs.
 */
export async function registerHttpBasics(
  app: FastifyInstance,
  isApi: (url: string) => boolean,
  opts: { provider: string; publicUrl: string | undefined },
): Promise<void> {
  await registerCompression(app);
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });

  // The request's id is known to the code it runs (events record it): currentRequestId().
  registerRequestContext(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { body, headers } = errorAnswer(error, request);
    if (headers) reply.headers(headers);
    reply.status(body.status).send(body);
  });
  registerTextRule(app);

  await registerOpenApi(app, opts);
  registerDocs(app, { publicUrl: opts.publicUrl });
}
