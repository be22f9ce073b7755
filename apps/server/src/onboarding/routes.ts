import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessRequest, AccessRequestResponse } from '@meridian/contract';
import { audit } from '../audit/audit.ts';
import * as limits from '../auth/rate-limit.ts';
import { accessRequests } from '../db/schema.ts';
import { metaOf } from '../http/context.ts';
import { PUBLIC } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { newId } from '../lib/ids.ts';

/** The public sign-up form: stores a request for dashboard access for Meridian's onboarding team. */
export const onboardingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.post(
    '/v2/auth/access_request',
    {
      config: { permission: 'public', openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Request dashboard access',
        description:
          "The public sign-up form: stores a prospective client's request (company, contact, message) for Meridian's onboarding team, who answer within one business day. No account is created; at most 10 requests per IP an hour (429).",
        body: AccessRequest,
        response: { 200: AccessRequestResponse },
      },
    },
    async (request) => {
      const meta = metaOf(request);
      await limits.enforce(deps.db, `access-request:ip:${meta.ip}`, 10, 3600);
      const requestUrn = newId('ACR');
      const { company_name, name, email, phone, message } = request.body;
      await deps.db.insert(accessRequests).values({
        requestUrn,
        companyName: company_name,
        name,
        email,
        phone,
        message: message ?? null,
        ip: meta.ip,
      });
      await audit(deps.db, {
        action: 'onboarding.access_requested',
        actor: email,
        target: requestUrn,
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return {
        message: 'Thank you. Our onboarding team will contact you within one business day.',
        request_urn: requestUrn,
      };
    },
  );
};
