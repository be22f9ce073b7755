import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorResponse } from '@meridian/contract';
import { authRoutes } from '../auth/routes.ts';
import type { AuthDeps } from '../auth/context.ts';
import { onboardingRoutes } from '../onboarding/routes.ts';
import { userRoutes } from '../users/routes.ts';
import { beneficiaryRoutes } from '../beneficiaries/routes.ts';
import { callbackRoutes } from '../callbacks/routes.ts';
import { sandboxReceiverRoutes } from '../callbacks/sandbox-receiver.ts';
import type { EffectRunner } from '../flow/effects.ts';
import { flowRoutes } from '../flow/routes.ts';
import { payoutRoutes } from '../payouts/routes.ts';
import { validationRoutes } from '../validations/routes.ts';
import { newId } from '../lib/ids.ts';
import { AppError } from './errors.ts';
import { makeGuard } from './guard.ts';
import type { RouteDeps } from './route-deps.ts';

export type AppOptions = AuthDeps & {
  runEffects: EffectRunner;
  databaseKind: 'pglite' | 'postgresql';
  /** Folder of the web app's production build; served with an SPA fallback when it exists. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
};

export const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

/** Paths that belong to the API: they answer JSON (never the SPA) and are never cached. */
const API_PREFIXES = ['/v2/', '/excalibur/', '/core_banking/', '/api/', '/health', '/docs'];

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

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const provider = opts.config.PROVIDER;
  const apiPrefixes = [...API_PREFIXES, `/${provider}/`];
  const isApi = (url: string) => apiPrefixes.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.TRUST_PROXY,
    genReqId: () => newId('REQ'),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

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

  app.get('/health', { schema: { hide: true } }, async () => ({
    status: 'ok',
    database: opts.databaseKind,
    env: opts.config.APP_ENV,
  }));

  const deps: RouteDeps = {
    ...opts,
    requireAuth: makeGuard(opts),
    publicUrl: (request) => opts.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
  };
  await app.register(authRoutes, deps);
  await app.register(onboardingRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(flowRoutes, deps);
  await app.register(beneficiaryRoutes, deps);
  await app.register(payoutRoutes, deps);
  await app.register(validationRoutes, deps);
  await app.register(callbackRoutes, deps);
  if (opts.config.NODE_ENV !== 'production') await app.register(sandboxReceiverRoutes, deps);

  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const accepts = request.headers.accept ?? '';
    if (hasWeb && request.method === 'GET' && !isApi(request.url) && accepts.includes('text/html')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorResponse = {
      status: 404,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      error: 'not_found',
      request_id: request.id,
    };
    return reply.status(404).send(body);
  });

  return app;
}
