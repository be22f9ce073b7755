import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarDate } from '@meridian/contract';
import { CreditBalance } from '@meridian/contract/fabric';
import { CreditConsumptionResponse } from '@meridian/contract/reports';
import { authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { resolveListQuery } from '../lists/list-query.ts';
import { creditConsumption } from './consumption.ts';
import { creditBalance } from './credits.ts';
import { effectivePrices, type Prices } from './meters.ts';

/** The chart's range: whole days in `time_zone`, as the lists (default the last 7 days). */
const RangeQuery = z.object({
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
  time_zone: z.string().max(64).optional(),
});

/** The signed-in client's credits and the price of each product it can call (its meter's, else the default). */
export const creditRoutes: FastifyPluginAsyncZod<RouteDeps & { prices: () => Prices }> = async (
  app,
  deps,
) => {
  // Credit balance and consumption are reads of reports.read.
  defaultPermission(app, 'reports.read');
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

  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/credits/consumption`,
    {
      schema: {
        tags: ['credits'],
        summary: 'Credits used per product per day, loads, unloads, balance',
        description:
          "Per day (whole days in `time_zone`, default Asia/Kolkata; by default the last 7 days) and product: the credits the product's calls used, the day's loads and unloads (on a row without product), and the credit balance at the end of the day.",
        querystring: RangeQuery,
        response: { 200: CreditConsumptionResponse },
      },
    },
    async (request) => {
      const filter = resolveListQuery(
        request.query,
        { name: 'credit_consumption', searchKeys: [], defaultRange: 'last7' },
        p,
      );
      return {
        data: await creditConsumption(deps.db, {
          clientRef: authOf(request).clientRef,
          from: filter.from,
          to: filter.to,
          timeZone: filter.timeZone,
        }),
      };
    },
  );
};
