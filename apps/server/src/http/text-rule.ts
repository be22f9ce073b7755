import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTextViolation, type TextViolation } from '@meridian/contract';
import { badRequest } from './errors.ts';

/**
 * The first string of the request that breaks the contract's text rule: path parameters and the query string
 * as single lines, the parsed body as text (tab and line breaks allowed). Unknown fields count too: a value a
 * schema strips today may be read by tomorrow's code.
 */
export function textViolationOf(request: FastifyRequest): TextViolation | null {
  // The router and the query-string parser build their maps on bare prototypes: copy them into plain objects.
  return (
    findTextViolation({ ...(request.params as object) }, 'line', 'params') ??
    findTextViolation({ ...(request.query as object) }, 'line', 'query') ??
    findTextViolation(request.body, 'text', 'body')
  );
}

/**
 * Applies the text rule to every route of `app`, present and future, before its schema runs: a NUL or another
 * control character anywhere in a path parameter, query parameter or body string is a 400 naming the field,
 * whatever the route's own schema says (or whether it has one). Register before the routes.
 */
export function registerTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const violation = textViolationOf(request);
    if (violation)
      throw badRequest(`Invalid ${violation.field}: ${violation.message}`, {
        [violation.field]: violation.message,
      });
  });
}
