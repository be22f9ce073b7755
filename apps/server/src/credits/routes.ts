import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreditBalance } from '@meridian/contract';
import { authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { creditBalance } from './credits.ts';
import { effectivePrices, type Prices } from './meters.ts';

/** The signed-in client's credits and the price of each product it can call (its meter's, else the default). */
export const creditRoutes: FastifyPluginAsyncZod<RouteDeps & { prices: () => Prices }> = async (
  app,
  deps,
) => {
  app.addHook('preHandler', deps.requireAuth);
  app.get(
    `/${deps.config.PROVIDER}/read/fetch/credits/balance`,
    {
      schema: {
        tags: ['credits'],
        summary: 'Your fabric credits and the price of one call per product',
        description:
          "The client's remaining fabric credits and what one call of each product costs it (its own price meter, else the default price). A call without enough credits is refused before reaching the provider.",
        response: { 200: CreditBalance },
      },
    },
    async (request) => {
      const { clientRef } = authOf(request);
      const [credits, prices] = await Promise.all([
        creditBalance(deps.db, clientRef),
        effectivePrices(deps.db, clientRef, deps.prices()),
      ]);
      return { credits, prices };
    },
  );
};
