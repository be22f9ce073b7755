import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyError, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@meridian/contract';
import { AppError } from './errors.ts';

/** Paths that belong to the API: they answer JSON (never the SPA) and are never cached. */
const API_PREFIXES = ['/v2/', '/excalibur/', '/core_banking/', '/api/', '/health', '/docs'];

/** True for a URL the API answers (the fixed prefixes and `/{provider}/…`). */
export function apiMatcher(provider: string): (url: string) => boolean {
  const prefixes = [...API_PREFIXES, `/${provider}/`];
  return (url) => prefixes.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

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
 * What every answer shares: security headers (strict CSP, HSTS), the request id, no-store on the API, the one
 * JSON error shape for every error, and the OpenAPI document at /docs.
 */
export async function registerHttpBasics(
  app: FastifyInstance,
  isApi: (url: string) => boolean,
): Promise<void> {
  await app.register(fastifyHelmet, {
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

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ErrorResponse;
    if (error instanceof AppError) {
      body = { status: error.status, message: error.message, error: error.key, request_id: request.id };
      if (error.fields) body.fields = error.fields;
      if (error.headers) reply.headers(error.headers);
    } else if (error.validation) {
      const fields = fieldsFromValidation(error);
      const first = fields ? Object.entries(fields)[0] : undefined;
      body = {
        status: 400,
        message: first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request',
        error: 'validation_failed',
        request_id: request.id,
        ...(fields ? { fields } : {}),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        status: error.statusCode,
        message: error.message,
        error: (error.code ?? 'bad_request').toLowerCase(),
        request_id: request.id,
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = {
        status: 500,
        message: 'Internal Server Error',
        error: 'internal_error',
        request_id: request.id,
      };
    }
    reply.status(body.status).send(body);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Meridian API', version: '2.0.0', description: 'The API behind Meridian Dashboard.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
}
