import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateUserDetails, UserDetails } from '@meridian/contract';
import { sessionOf, defaultPermission, companyLevelRoutes } from '../auth/guard.ts';
import { metaOf } from '../http/context.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { getUserDetails, updateUserDetails } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  // A member's own profile.
  defaultPermission(app, 'self');
  app.get(
    '/v2/user/details',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        description:
          "The signed-in user's profile: name, e-mail, masked phone, roles, client and MFA preference. The dashboard calls it after sign-in.",
        response: { 200: UserDetails },
      },
    },
    async (request) => getUserDetails(deps.db, sessionOf(request)),
  );

  app.patch(
    '/v2/user/details',
    {
      schema: {
        tags: ['user'],
        summary: 'Update name or phone',
        description:
          "Changes the signed-in user's own name or phone number (the e-mail cannot change here); answers the updated profile. Recorded in the audit log.",
        body: UpdateUserDetails,
        response: { 200: UserDetails },
      },
    },
    async (request) => updateUserDetails(deps.db, sessionOf(request), request.body, metaOf(request)),
  );
};
