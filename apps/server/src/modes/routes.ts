import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyModes, TestDataDeleted } from '@meridian/contract/modes';
import { actorOf, authOf, companyLevelRoutes } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { companyModes, deleteTestData } from './service.ts';

const tags = ['modes'];

/**
 * A company's test and live modes (both shared by the company, whatever the caller's mode): the modes it has, and
 * "Delete all test data".
 */
export const modeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  companyLevelRoutes(app);

  app.get(
    '/v2/company/modes',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: "Your company's modes: whether live mode is open, whether it has a test mode",
        description:
          'What the mode switch shows: `live_mode_enabled` is false until Meridian operations open live mode (live payouts, bulk payouts, validations, mandates and payment links are refused until then: use test mode), `test_mode_available` whether the company has a test mode.',
        response: { 200: CompanyModes },
      },
    },
    async (request) => companyModes(deps.db, authOf(request).companyRef),
  );

  app.delete(
    '/v2/company/test_data',
    {
      config: { permission: 'test_data.delete', sessionOnly: true, stepUp: true },
      schema: {
        tags,
        summary: 'Delete all test data (test mode only; live data is never touched)',
        description:
          "Deletes every record of the company's test mode at once: payouts, beneficiaries, validations, bulk payouts, virtual accounts and their credits, mandates, payment links, settlements, approval requests, events and callback deliveries, fabric calls, reports, the request log and the ledger (the current account goes back to ₹0, the test credits to their allowance). The test configuration stays: API keys, callback URLs, approval rules, report schedules, saved views, meters, the settlement account and cycles. A member's session with a step-up token (`X-Step-Up-Token`); answers the number of records deleted per kind; audited.",
        response: { 200: TestDataDeleted },
      },
    },
    async (request) => deleteTestData(deps.db, actorOf(request), authOf(request).companyRef),
  );
};
