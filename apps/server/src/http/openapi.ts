import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedSchemas, describedTags, shareQueryParameters } from './openapi-components.ts';
import { API_DESCRIPTION } from './openapi-description.ts';
import { cap, operationIdFor } from './openapi-operation-id.ts';
import { webhooks } from './openapi-webhooks.ts';
import { completeResponses, errorResponses } from './openapi-responses.ts';
import { codeSamples } from './openapi-samples.ts';
import { MODE_PARAMETER, secureOperation, SESSION } from './openapi-security.ts';
import {
  COMPANY_LEVEL,
  LIVE_GATE,
  METHODS,
  MOVES_MONEY,
  STEP_UP,
  type Json,
  type Paths,
} from './openapi-types.ts';

/**
 * The OpenAPI 3.1 document of the whole API, derived in ONE place so that every route, including routes added
 * later in any domain, gets the same treatment without touching its file:
 *
 * - `operationId`: verb + noun in camelCase from the method and path (`operationIdFor`); a route may set its own
 *   `schema.operationId`. Unique across the document (a clash gets the method appended).
 * - `security`: the dashboard session (`bearerAuth`) unless the route says otherwise in `schema.security`
 *   (`PUBLIC` for the public ones, `API_KEY_OR_SESSION` for fabric's public endpoints). An API test checks the
 *   derivation against the server's real answers (no credentials: 401 exactly when secured).
 * - Error answers, all the one error shape (`#/components/schemas/Error`): 400 (validation) everywhere, 401 and
 *   403 when secured, 404 when the path or a required query parameter names a record (`…_urn`, `account_number`:
 *   one of another client is not found), 413 and 415 when there is a request body, 500 and 503 (the database out
 *   of reach for a moment) everywhere, and whatever
 *   the route adds in `config.openapi.errors` (404 for a record named in the body, 409/422 for idempotency and
 *   business rules, 429 for rate limits, 406, 410, 503…). An API test replays the server's real answers against
 *   the document (test/openapi-conformance.test.ts).
 * - Files: a route that answers a file says its media types in `config.openapi.files` (each a 200 content); an
 *   export (a GET with a `format` query parameter of file formats) answers the format's media type, or 202 with
 *   the urn of the report queued instead when it is too big to answer at once.
 * - `x-meridian-moves-money: true` on the operations whose route sets `config.openapi.movesMoney`.
 * - Step-up: an operation whose route sets `config.stepUp` is marked `x-meridian-step-up: true`, takes the
 *   `X-Step-Up-Token` header and says in its description when a session needs it (401 `step_up_required`).
 * - Modes: a secured operation on a client's data (not Meridian's staff operations) works in the caller's mode
 *   and refers to the `Meridian-Mode` header (`#/components/parameters/Meridian-Mode`); one whose route sets
 *   `config.companyLevel` is marked `x-meridian-company-level: true` and says both modes share it; one whose
 *   route sets `config.liveGate` is marked `x-meridian-live-gate: true` and says when live mode answers 403
 *   `live_mode_not_enabled`.
 * - Tags, each described; `servers` from PUBLIC_URL; `info` with contact and licence; `webhooks`, one per
 *   callback event type, signed as Standard Webhooks; request samples in curl, Node and Python.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document says about this route beyond its schema (http/openapi.ts). */
    openapi?: {
      /** Error statuses this route answers beyond the ones derived for every route (e.g. 409, 422, 429). */
      errors?: number[];
      /** The media types of the file this route answers with 200 (a download), e.g. `FILE_TYPES.csv`. */
      files?: readonly string[];
      /**
       * This route moves money (debits or credits a ledger account, or starts payouts or debits that will):
       * the document marks it `x-meridian-moves-money: true`, and the API test page asks for a confirmation
       * before sending it. An API test holds every route that reaches the ledger to this flag.
       */
      movesMoney?: true;
    };
  }
}

export { API_KEY_OR_SESSION, PUBLIC, SESSION } from './openapi-security.ts';
export { FILE_TYPES } from './openapi-responses.ts';
export { COMPANY_LEVEL, LIVE_GATE, MOVES_MONEY, STEP_UP } from './openapi-types.ts';
export { operationIdFor } from './openapi-operation-id.ts';

/** Completes every operation of the document (see the module comment). Exported for the tests. */
export function completeDocument(doc: Json, opts: { provider: string }): Json {
  const paths = (doc['paths'] ?? {}) as Paths;
  const seen = new Set<string>();
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = op.operationId ?? operationIdFor(method.toUpperCase(), path, opts.provider);
      if (seen.has(id)) id = `${id}${cap(method)}`;
      seen.add(id);
      op.operationId = id;
      secureOperation(op);
      completeResponses(op, method);
      for (const t of op.tags ?? []) usedTags.add(t);
      op['x-codeSamples'] ??= codeSamples(method, path, op);
    }
  }
  shareQueryParameters(doc, paths);
  const components = (doc['components'] ?? {}) as Json;
  components['parameters'] = { ...(components['parameters'] as Json), [MODE_PARAMETER.name]: MODE_PARAMETER };
  components['responses'] = errorResponses(paths);
  doc['components'] = components;
  doc['tags'] = describedTags(usedTags);
  doc['webhooks'] = webhooks();
  dropUnusedSchemas(doc);
  return doc;
}

/** Registers @fastify/swagger with the derivations above; `/docs/json` serves the document. */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { provider: string; publicUrl: string | undefined },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meridian API',
        version: '2.0.0',
        description: API_DESCRIPTION,
        contact: {
          name: 'Meridian API support',
          email: 'api@meridian.example',
          url: 'https://meridian.example',
        },
        license: { name: 'Proprietary', url: 'https://meridian.example/terms' },
      },
      servers: [{ url: opts.publicUrl ?? 'http://localhost:3000', description: 'This Meridian server' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The dashboard session: the `access_token` from `POST /v2/auth/token` (or the one-time-code step), with the `client_id` header of its client.',
          },
          apiKeyAuth: {
            type: 'http',
            scheme: 'basic',
            description:
              'An API key as HTTP Basic: user `key_id`, password `key_secret` (`POST /v2/company/api_keys`).',
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = (
        input.route as {
          config?: {
            openapi?: { errors?: number[]; files?: readonly string[]; movesMoney?: true };
            permission?: string;
            sessionOnly?: true;
            stepUp?: true;
            companyLevel?: true;
            liveGate?: true;
          };
        }
      ).config;
      const schema = out.schema as Record<string, unknown> | undefined;
      if (schema && !schema['hide'] && config?.permission) {
        schema['x-permission'] = config.permission;
        if (config.sessionOnly) schema['security'] ??= SESSION;
      }
      if (schema && !schema['hide'] && config?.stepUp) schema[STEP_UP] = true;
      if (schema && !schema['hide'] && config?.companyLevel) schema[COMPANY_LEVEL] = true;
      if (schema && !schema['hide'] && config?.liveGate) schema[LIVE_GATE] = true;
      if (schema && !schema['hide'] && config?.openapi) {
        if (config.openapi.errors) schema['x-meridian-errors'] = config.openapi.errors;
        if (config.openapi.files) schema['x-meridian-files'] = config.openapi.files;
        if (config.openapi.movesMoney) schema[MOVES_MONEY] = true;
      }
      return out;
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as unknown as Json;
      return completeDocument(doc, { provider: opts.provider }) as never;
    },
  });
}
