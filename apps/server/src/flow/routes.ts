import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account,
  BeneficiaryOption,
  FeatureFlags,
  FlowSummary,
  PaymentMethodOption,
  ProviderAccountOption,
  RAIL_LIMITS,
  TRANSFER_TYPES,
  Transaction,
  VirtualAccountOption,
  listResponse,
} from '@meridian/contract';
import { z } from 'zod';
import { nonUpiBeneficiaries } from '../beneficiaries/queries.ts';
import { authOf } from '../http/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { clientAccounts, toAccount } from '../ledger/ledger.ts';
import { countTransactions, listTransactions } from '../ledger/statement.ts';
import { registerList } from '../lists/register-list.ts';
import { DEFAULT_TIME_ZONE, resolveListQuery } from '../lists/list-query.ts';
import { formatMoney } from '../lib/money.ts';
import { featureFlags } from './features.ts';
import { flowSummary } from './summary.ts';

/** Flow reads that are not a domain's own list: balances, statement, dropdowns, flags, the home summary. */
export const flowRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preHandler', deps.requireAuth);
  const p = deps.config.PROVIDER;
  const read = `/${p}/read/fetch`;

  app.get(
    `${read}/balance`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Your accounts and balances',
        response: { 200: listResponse(Account) },
      },
    },
    async (request) => ({ data: (await clientAccounts(deps.db, authOf(request).clientRef)).map(toAccount) }),
  );
  app.get(
    `${read}/flow/summary`,
    {
      schema: {
        tags: ['accounts'],
        querystring: z.object({ time_zone: z.string().max(64).optional() }),
        response: { 200: FlowSummary },
      },
    },
    async (request) => {
      // resolveListQuery checks the time zone (400 when unknown)
      const { timeZone } = resolveListQuery(
        { time_zone: request.query.time_zone || DEFAULT_TIME_ZONE },
        'payouts',
        p,
      );
      return flowSummary(deps.db, authOf(request).clientRef, timeZone);
    },
  );
  app.get(
    `${read}/dropdown/provider_accounts`,
    { schema: { tags: ['dropdowns'], response: { 200: listResponse(ProviderAccountOption) } } },
    async (request) => ({
      data: (await clientAccounts(deps.db, authOf(request).clientRef)).map((a) => ({
        provider: a.provider,
        provider_code: a.providerCode,
        account_number: a.accountNumber,
        account_name: a.name,
        ifsc: a.ifsc,
      })),
    }),
  );
  app.get(
    `${read}/dropdown/beneficiaries`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Active non-UPI beneficiaries',
        response: { 200: listResponse(BeneficiaryOption) },
      },
    },
    async (request) => ({ data: await nonUpiBeneficiaries(deps.db, authOf(request).clientRef) }),
  );
  app.get(
    `${read}/dropdown/payment_methods`,
    { schema: { tags: ['dropdowns'], response: { 200: listResponse(PaymentMethodOption) } } },
    async () => ({
      data: TRANSFER_TYPES.map((t) => ({
        transfer_type: t,
        label: RAIL_LIMITS[t].label,
        min_amount: formatMoney(RAIL_LIMITS[t].min),
        max_amount: RAIL_LIMITS[t].max === null ? null : formatMoney(RAIL_LIMITS[t].max!),
      })),
    }),
  );
  app.get(
    `${read}/dropdown/virtual_accounts`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Your virtual-account numbers (none until virtual accounts exist)',
        response: { 200: listResponse(VirtualAccountOption) },
      },
    },
    async () => ({ data: [] }),
  );
  app.get(
    `${read}/feature_flags`,
    { schema: { tags: ['dropdowns'], response: { 200: FeatureFlags } } },
    async (request) => featureFlags(deps.db, authOf(request).clientRef),
  );

  registerList(app, deps.db, p, {
    list: 'transactions',
    tag: 'accounts',
    paths: {
      search: `/${p}/read/search/transaction/statement`,
      count: `/${p}/read/count/transaction/statement`,
      export: `/${p}/read/export/transaction/statement`,
    },
    row: Transaction,
    fetch: listTransactions,
    count: countTransactions,
    csv: [
      ['created_at', (r) => r.created_at],
      [`${p}_transaction_id`, (r) => r.transaction_id],
      ['account_number', (r) => r.account_number],
      ['type', (r) => r.type],
      ['category', (r) => r.category],
      ['amount', (r) => r.amount],
      ['balance', (r) => r.balance],
      ['description', (r) => r.description],
      ['reference_urn', (r) => r.reference_urn],
      ['bank_reference_number', (r) => r.bank_reference_number],
      ['customer_reference_number', (r) => r.customer_reference_number],
    ],
  });
};
