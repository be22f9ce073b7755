import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VirtualAccountOption, listResponse } from '@meridian/contract';
import {
  ACCOUNT_SEARCH_KEYS,
  AccountsSummary,
  CreateVirtualAccount,
  ManagedAccount,
  SimulateCredit,
  SimulateCreditResult,
  VirtualAccount,
  VirtualAccountCredit,
  VirtualAccountCreditStatus,
  VirtualAccountNumberParams,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { actorOf, authOf } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone, type ListDefinition } from '../lists/list-query.ts';
import { registerLegacyList } from '../lists/legacy-list.ts';
import {
  accountBalances,
  countCredits,
  countManagedAccounts,
  countVirtualAccounts,
  listCredits,
  listManagedAccounts,
  listVirtualAccounts,
  openVirtualAccountOptions,
} from './queries.ts';
import { createVirtualAccount, receiveCredit, setVirtualAccountOpen } from './service.ts';
import { accountsSummary } from './summary.ts';

const VIRTUAL_ACCOUNTS: ListDefinition = {
  name: 'virtual-accounts',
  searchKeys: ACCOUNT_SEARCH_KEYS.virtual_accounts,
  defaultRange: 'last7',
};
const CREDITS: ListDefinition = {
  name: 'virtual-account-credits',
  searchKeys: ['bank_reference_number', 'virtual_account_number'],
  defaultRange: 'last7',
};
const ACCOUNTS: ListDefinition = {
  name: 'accounts',
  searchKeys: ACCOUNT_SEARCH_KEYS.accounts,
  defaultRange: 'last7',
};

const TimeZoneQuery = z.object({ time_zone: z.string().max(64).optional() });

/** Virtual accounts, the money arriving in them, all accounts with their balances, and the /accounts summary. */
export const virtualAccountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const p = deps.config.PROVIDER;
  const read = `/${p}/read/fetch`;

  app.post(
    '/v2/banking/account/virtual',
    {
      schema: {
        tags: ['virtual accounts'],
        summary: 'Open a virtual account (optional Idempotency-Key header)',
        description:
          "Opens a virtual account number (with IFSC and UPI id) for one of the client's customers: money sent to it is credited to the client, optionally only from allowed payers, of an expected amount or until an expiry date (a credit breaking a rule is returned). An expiry in the past or an expected amount under \u20b91.00 is a 422; with an Idempotency-Key a retry replays the first answer.",
        body: CreateVirtualAccount,
        headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
        response: { 201: VirtualAccount },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key'], false);
      let replayed = true;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: actor.clientRef,
          scope: 'virtual_account',
          key,
          body: request.body,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          replayed = false;
          return { status: 201, body: await createVirtualAccount(tx, actor, request.body) };
        },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      if (answer.status >= 400) throw AppError.fromStored(answer);
      return reply.status(201).send(answer.body as VirtualAccount);
    },
  );

  for (const action of ['close', 'reopen'] as const)
    app.post(
      `/v2/banking/account/virtual/:account_number/${action}`,
      {
        schema: {
          tags: ['virtual accounts'],
          summary:
            action === 'close'
              ? 'Close a virtual account: money sent to it is returned to the remitter'
              : 'Reopen a closed virtual account (not an expired one)',
          description:
            action === 'close'
              ? 'Stops a virtual account receiving money: credits arriving afterwards are returned to the remitter (its balance stays). Closing one already closed is a 422.'
              : 'Lets a closed virtual account receive money again. An account that is not closed, or whose expiry date has passed, is a 422.',
          params: VirtualAccountNumberParams,
          response: { 200: VirtualAccount },
        },
      },
      async (request) =>
        setVirtualAccountOpen(deps.db, actorOf(request), request.params.account_number, action === 'reopen'),
    );

  if (deps.config.APP_ENV !== 'production')
    app.post(
      `/${p}/sandbox/simulate/credit`,
      {
        config: { openapi: { movesMoney: true, errors: [404] } },
        schema: {
          tags: ['sandbox'],
          summary:
            'Sandbox rail: money arriving in one of your virtual accounts (a UTR seen again answers the first credit, 200)',
          body: SimulateCredit,
          description:
            "Sandbox only (absent in production): simulates a bank credit (IMPS, NEFT, RTGS or UPI) to one of the client's virtual accounts. It is CREDITED, or RETURNED when the account is closed or expired, the payer not allowed or the amount not the expected one; a webhook is queued either way. 201 for a new credit, 200 with `duplicate: true` when the UTR was seen before.",
          response: { 200: SimulateCreditResult, 201: SimulateCreditResult },
        },
      },
      async (request, reply) => {
        const result = await receiveCredit(deps.db, actorOf(request), request.body);
        await deps.runEffects(result.effects);
        return reply
          .status(result.duplicate ? 200 : 201)
          .send({ ...result.credit, duplicate: result.duplicate });
      },
    );

  app.get(
    `${read}/dropdown/virtual_accounts`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Your virtual accounts that accept money now (active, not expired)',
        description:
          "The client's virtual accounts that can receive money now (ACTIVE and not expired), as dropdown options, e.g. for the sandbox credit form.",
        response: { 200: listResponse(VirtualAccountOption) },
      },
    },
    async (request) => ({ data: await openVirtualAccountOptions(deps.db, authOf(request).clientRef) }),
  );

  app.get(
    `${read}/account_balances`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Every account (current and virtual, closed ones too) with its balance',
        description:
          "All the client's accounts, current and virtual, including closed and expired ones, each with its status and balance; the /accounts screen lists them.",
        response: { 200: listResponse(ManagedAccount) },
      },
    },
    async (request) => ({ data: await accountBalances(deps.db, authOf(request).clientRef) }),
  );

  app.get(
    `${read}/accounts/summary`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The /accounts home: collections, balances, the next settlement, recent credits',
        description:
          "Everything the /accounts home shows in one call: today's and this week's collections, the total balance and the virtual accounts, the next scheduled settlement and the latest credits. Days are in `time_zone` (default Asia/Kolkata; an unknown zone is a 400).",
        querystring: TimeZoneQuery,
        response: { 200: AccountsSummary },
      },
    },
    async (request) =>
      accountsSummary(
        deps.db,
        authOf(request).clientRef,
        checkTimeZone(request.query.time_zone || DEFAULT_TIME_ZONE),
      ),
  );

  registerLegacyList(app, deps.db, p, {
    report: { type: 'virtual_accounts', queue: deps.queueReport },
    list: VIRTUAL_ACCOUNTS,
    tag: 'virtual accounts',
    paths: {
      search: `/${p}/read/search/manage/virtual_account`,
      count: `/${p}/read/count/manage/virtual_account`,
      export: `/${p}/read/export/manage/virtual_account`,
    },
    row: VirtualAccount,
    fetch: listVirtualAccounts,
    count: countVirtualAccounts,
    csv: [
      ['created_at', (r) => r.created_at],
      [`${p}_urn`, (r) => r.urn],
      ['account_number', (r) => r.account_number],
      ['ifsc', (r) => r.ifsc],
      ['upi_id', (r) => r.upi_id],
      ['name', (r) => r.name],
      ['customer_id', (r) => r.customer_id],
      ['status', (r) => r.status],
      ['expected_amount', (r) => r.expected_amount],
      ['expires_at', (r) => r.expires_at],
      [
        'allowed_payers',
        (r) => r.allowed_payers.map((a) => `${a.account_number}/${a.ifsc ?? '*'}`).join(' '),
      ],
      ['balance', (r) => r.balance],
      ['total_collected', (r) => r.total_collected],
      ['credits_count', (r) => r.credits_count],
    ],
  });

  registerLegacyList(app, deps.db, p, {
    report: { type: 'vba_mis', queue: deps.queueReport },
    list: CREDITS,
    tag: 'virtual accounts',
    paths: {
      search: `/${p}/read/search/manage/virtual_account_credits`,
      count: `/${p}/read/count/manage/virtual_account_credits`,
      export: `/${p}/read/export/manage/virtual_account_credits`,
    },
    query: { status: VirtualAccountCreditStatus.optional() },
    row: VirtualAccountCredit,
    fetch: listCredits,
    count: countCredits,
    csv: [
      ['created_at', (r) => r.created_at],
      [`${p}_urn`, (r) => r.urn],
      ['virtual_account_number', (r) => r.virtual_account_number],
      ['customer_id', (r) => r.customer_id],
      ['amount', (r) => r.amount],
      ['mode', (r) => r.mode],
      ['bank_reference_number', (r) => r.bank_reference_number],
      ['remitter_name', (r) => r.remitter_name],
      ['remitter_account_number', (r) => r.remitter_account_number],
      ['remitter_ifsc', (r) => r.remitter_ifsc],
      ['remitter_upi_id', (r) => r.remitter_upi_id],
      ['status', (r) => r.status],
      ['return_reason', (r) => r.return_reason],
      [`${p}_transaction_id`, (r) => r.transaction_id],
    ],
  });

  registerLegacyList(app, deps.db, p, {
    list: ACCOUNTS,
    tag: 'accounts',
    paths: {
      search: `/${p}/read/search/manage/accounts`,
      count: `/${p}/read/count/manage/accounts`,
      export: `/${p}/read/export/manage/accounts`,
    },
    row: ManagedAccount,
    fetch: listManagedAccounts,
    count: countManagedAccounts,
    csv: [
      ['created_at', (r) => r.created_at],
      ['account_number', (r) => r.account_number],
      ['ifsc', (r) => r.ifsc],
      ['account_name', (r) => r.account_name],
      ['kind', (r) => r.kind],
      ['customer_id', (r) => r.customer_id],
      ['status', (r) => r.status],
      ['provider', (r) => r.provider],
      ['currency', (r) => r.currency],
      ['balance', (r) => r.balance],
      ['updated_at', (r) => r.updated_at],
    ],
  });
};
