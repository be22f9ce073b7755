import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeatureFlags } from '@meridian/contract';
import { authOf, defaultPermission, companyLevelRoutes } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { featureFlags } from './flags.ts';

/** The client's feature flags (frontend payout, bulk frontend payout). */
export const featureRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  // Feature flags need flow.read, which every built-in client role holds.
  defaultPermission(app, 'flow.read');
  app.get(
    `/${deps.config.PROVIDER}/read/fetch/feature_flags`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Feature flags of the client',
        description:
          "Which optional features the client has switched on (frontend payout, bulk frontend payout): the dashboard shows a feature's screens only when its flag is on.",
        response: { 200: FeatureFlags },
      },
    },
    async (request) => featureFlags(deps.db, authOf(request).clientRef),
  );
};
