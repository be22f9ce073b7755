import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Account, ProviderAccountOption, Transaction, listResponse } from '@meridian/contract';
import { TRANSACTIONS_LIST } from '@meridian/contract/flow-lists';
import {
  ACCOUNT_TRANSACTIONS_LIST,
  ACCOUNT_TRANSACTIONS_VA_LIST,
  AccountTransactionsParams,
  CommissionBalance,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { authOf, defaultPermission } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone } from '../lists/list-query.ts';
import { registerList, type FilterParams, type ListScope } from '../lists/register-list.ts';
import { commissionBalance } from './commission.ts';
import { clientAccountByNumber, clientAccounts, toAccount, type ClientAccountKind } from './ledger.ts';
import { countTransactions, listTransactions } from './statement.ts';

/** The selected account and the statement's filters (credit or debit, category, amount range). */
type AccountParams = { account_number: string } & FilterParams<typeof ACCOUNT_TRANSACTIONS_LIST>;

/** The statement of one of the client's accounts of `kind` (404 when the number is not one). */
async function accountScope(db: Db, scope: ListScope<AccountParams>, kind: ClientAccountKind) {
  const account = await clientAccountByNumber(db, scope.clientRef, scope.params.account_number, kind);
  if (!account)
    throw notFound(
      `No account ${scope.params.account_number} among your ${kind === 'virtual' ? 'virtual' : 'current'} accounts`,
    );
  return { ...scope, accountRef: account.id, searchMode: 'contains' as const };
}

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** The client's accounts: balances, the account dropdowns and the statement (every ledger posting). */
export const ledgerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Balances, accounts and statements need accounts.read.
  defaultPermission(app, 'accounts.read');
  registerBalances(app, deps);
  registerStatements(app, deps);
};

/** The accounts with their balances, the account dropdown, the fees earned. */
function registerBalances(app: App, deps: RouteDeps) {
  const read = `/${deps.config.PROVIDER}/read/fetch`;
  app.get(
    `${read}/balance`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Your accounts and balances',
        description:
          "The client's accounts (current and virtual) with their number, IFSC and current balance as the ledger holds it.",
        response: { 200: listResponse(Account) },
      },
    },
    async (request) => ({ data: (await clientAccounts(deps.db, authOf(request).clientRef)).map(toAccount) }),
  );
  app.get(
    `${read}/dropdown/provider_accounts`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Provider accounts to choose from',
        description:
          "The client's accounts as dropdown options (provider, account number and name, IFSC), e.g. the sender account of a payout.",
        response: { 200: listResponse(ProviderAccountOption) },
      },
    },
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
    `${read}/commission_balance`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Fees Meridian earned from you (net), ever, today and this month',
        description:
          'The net fees charged to the client (payout, validation and other fees, less refunds) in total, today and this month, the days in `time_zone` (default Asia/Kolkata; an unknown zone is a 400).',
        querystring: z.object({ time_zone: z.string().max(64).optional() }),
        response: { 200: CommissionBalance },
      },
    },
    async (request) =>
      commissionBalance(
        deps.db,
        authOf(request).clientRef,
        checkTimeZone(request.query.time_zone || DEFAULT_TIME_ZONE),
      ),
  );
}

/** The statements: one account's (current or virtual), and every account's. */
function registerStatements(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  // One account's transactions with the balance after each, newest first, paged by page_index/page_size: a
  // current account's, and (the /va variant) a virtual account's.
  for (const [list, kind] of [
    [ACCOUNT_TRANSACTIONS_LIST, 'client_current'],
    [ACCOUNT_TRANSACTIONS_VA_LIST, 'virtual'],
  ] as const)
    registerList(app, deps.db, p, {
      list,
      tag: 'accounts',
      noun: `postings of one of the caller's ${kind === 'virtual' ? 'virtual' : 'current'} accounts (\`account_number\`, 404 when it is not one), each with the balance after it`,
      query: AccountTransactionsParams,
      row: Transaction,
      fetch: async (db, scope) => listTransactions(db, await accountScope(db, scope, kind)),
      count: async (db, scope) => countTransactions(db, await accountScope(db, scope, kind)),
    });

  registerList(app, deps.db, p, {
    list: TRANSACTIONS_LIST,
    tag: 'accounts',
    noun: "ledger postings (the statement) of all the caller's accounts",
    row: Transaction,
    fetch: listTransactions,
    count: countTransactions,
  });
}
