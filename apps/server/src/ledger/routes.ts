import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Account,
  ProviderAccountOption,
  TRANSACTIONS_LIST,
  Transaction,
  listResponse,
} from '@meridian/contract';
import { AccountTransactionsParams, CommissionBalance } from '@meridian/contract/accounts';
import { z } from 'zod';
import { authOf } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone, type ListDefinition } from '../lists/list-query.ts';
import { registerList, type ListScope } from '../lists/register-list.ts';
import { registerLegacyList } from '../lists/legacy-list.ts';
import { commissionBalance } from './commission.ts';
import { clientAccountByNumber, clientAccounts, toAccount, type ClientAccountKind } from './ledger.ts';
import { countTransactions, listTransactions } from './statement.ts';

/** Account transactions: one account's postings, searched by customer reference (spec §3). */
const ACCOUNT_TRANSACTIONS: ListDefinition = {
  name: 'account-transactions',
  searchKeys: ['customer_reference_number'],
  defaultRange: 'last7',
};

type AccountParams = { account_number: string };

/** The statement of one of the client's accounts of `kind` (404 when the number is not one). */
async function accountScope(db: Db, scope: ListScope<AccountParams>, kind: ClientAccountKind) {
  const account = await clientAccountByNumber(db, scope.clientRef, scope.params.account_number, kind);
  if (!account)
    throw notFound(
      `No account ${scope.params.account_number} among your ${kind === 'virtual' ? 'virtual' : 'current'} accounts`,
    );
  return { ...scope, accountRef: account.id, searchMode: 'contains' as const };
}

const TRANSACTION_CSV = (p: string): [string, (r: z.infer<typeof Transaction>) => string | null][] => [
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
];

/** The client's accounts: balances, the account dropdowns and the statement (every ledger posting). */
export const ledgerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const p = deps.config.PROVIDER;
  const read = `/${p}/read/fetch`;

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

  // One account's transactions with the balance after each, newest first, paged by page_index/page_size: a
  // current account's, and (the /va variant) a virtual account's.
  for (const [suffix, kind] of [
    ['', 'client_current'],
    ['/va', 'virtual'],
  ] as const)
    registerLegacyList(app, deps.db, p, {
      list: ACCOUNT_TRANSACTIONS,
      tag: 'accounts',
      noun: `postings of one of the caller's ${kind === 'virtual' ? 'virtual' : 'current'} accounts (\`account_number\`, 404 when it is not one), each with the balance after it`,
      paths: {
        search: `/${p}/read/search/account/transactions${suffix}`,
        count: `/${p}/read/count/account/transactions${suffix}`,
        export: `/${p}/read/export/account/transactions${suffix}`,
      },
      query: AccountTransactionsParams,
      paging: 'page',
      row: Transaction,
      fetch: async (db, scope) => listTransactions(db, await accountScope(db, scope, kind)),
      count: async (db, scope) => countTransactions(db, await accountScope(db, scope, kind)),
      csv: TRANSACTION_CSV(p),
    });

  registerList(app, deps.db, p, {
    list: TRANSACTIONS_LIST,
    tag: 'accounts',
    noun: "ledger postings (the statement) of all the caller's accounts",
    row: Transaction,
    fetch: listTransactions,
    count: countTransactions,
  });
};
