import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreditBalance, type FabricProductSlug } from '@meridian/contract';
import { authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { creditBalance } from './credits.ts';

/** The signed-in client's credits and the price of each product it can call. */
export const creditRoutes: FastifyPluginAsyncZod<
  RouteDeps & { prices: () => Partial<Record<FabricProductSlug, number>> }
> = async (app, deps) => {
  app.addHook('preHandler', deps.requireAuth);
  app.get(
    `/${deps.config.PROVIDER}/read/fetch/credits/balance`,
    {
      schema: {
        tags: ['credits'],
        summary: 'Your fabric credits and the price of one call per product',
        response: { 200: CreditBalance },
      },
    },
    async (request) => ({
      credits: await creditBalance(deps.db, authOf(request).clientRef),
      prices: deps.prices(),
    }),
  );
};
