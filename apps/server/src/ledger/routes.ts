import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account,
  ProviderAccountOption,
  Transaction,
  VirtualAccountOption,
  listResponse,
} from '@meridian/contract';
import { authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { clientAccounts, toAccount } from './ledger.ts';
import { countTransactions, listTransactions } from './statement.ts';

/** The client's accounts: balances, the account dropdowns and the statement (every ledger posting). */
export const ledgerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
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
