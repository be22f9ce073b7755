import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VirtualAccountOption, listResponse } from '@meridian/contract';
import {
  ACCOUNTS_LIST,
  AccountsSummary,
  CreateVirtualAccount,
  ManagedAccount,
  SimulateCredit,
  SimulateCreditResult,
  VirtualAccount,
  VirtualAccountCredit,
  VirtualAccountNumberParams,
  VA_CREDITS_LIST,
  VIRTUAL_ACCOUNTS_LIST,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import type { RouteApp, RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import { DEFAULT_TIME_ZONE, checkTimeZone } from '../lists/list-query.ts';
import { registerList } from '../lists/register-list.ts';
import {
  accountBalances,
  allowedPayersCell,
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

const TimeZoneQuery = z.object({ time_zone: z.string().max(64).optional() });

/** Virtual accounts, the money arriving in them, all accounts with their balances, and the /accounts summary. */
export const virtualAccountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need accounts.read; each write names its own permission.
  defaultPermission(app, 'accounts.read');
  registerOpenVirtualAccount(app, deps);
  for (const action of ['close', 'reopen'] as const) registerCloseOrReopen(app, deps, action);
  registerSimulateCredit(app, deps);
  registerAccountReads(app, deps);
  registerAccountLists(app, deps);
};

/** POST a new virtual account (optional Idempotency-Key). */
function registerOpenVirtualAccount(app: RouteApp, deps: RouteDeps) {
  app.post(
    '/v2/banking/account/virtual',
    {
      config: { permission: 'virtual_accounts.manage' },
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
}

function registerCloseOrReopen(app: RouteApp, deps: RouteDeps, action: 'close' | 'reopen') {
  app.post(
    `/v2/banking/account/virtual/:account_number/${action}`,
    {
      config: { permission: 'virtual_accounts.manage' },
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
}

/** "Add test funds": the sandbox rail's credit to a virtual account (in production, test mode only). */
function registerSimulateCredit(app: RouteApp, deps: RouteDeps) {
  const production = deps.config.APP_ENV === 'production';
  app.post(
    `/${deps.config.PROVIDER}/sandbox/simulate/credit`,
    {
      config: { permission: 'virtual_accounts.manage', openapi: { movesMoney: true, errors: [404] } },
      schema: {
        tags: ['sandbox'],
        summary:
          'Sandbox rail: money arriving in one of your virtual accounts (a UTR seen again answers the first credit, 200)',
        body: SimulateCredit,
        description:
          "Test funds: simulates a bank credit (IMPS, NEFT, RTGS or UPI) to one of the client's virtual accounts. It is CREDITED, or RETURNED when the account is closed or expired, the payer not allowed or the amount not the expected one; a webhook is queued either way. 201 for a new credit, 200 with `duplicate: true` when the UTR was seen before. In production only test mode may call it: a live call is a 403 `test_mode_only`.",
        response: { 200: SimulateCreditResult, 201: SimulateCreditResult },
      },
    },
    async (request, reply) => {
      // Real money arrives in live mode only by the bank: in production no call makes it up.
      if (production && authOf(request).livemode)
        throw new AppError(
          403,
          'test_mode_only',
          'Test funds can only be added in test mode: live money arrives from the bank',
        );
      const result = await receiveCredit(deps.db, actorOf(request), request.body);
      await deps.runEffects(result.effects);
      return reply
        .status(result.duplicate ? 200 : 201)
        .send({ ...result.credit, duplicate: result.duplicate });
    },
  );
}

/** The dropdown of open virtual accounts, every account's balance, and the /accounts home's summary. */
function registerAccountReads(app: RouteApp, deps: RouteDeps) {
  const read = `/${deps.config.PROVIDER}/read/fetch`;
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
}

/** The lists: virtual accounts, the credits they received, and every account that existed in the range. */
function registerAccountLists(app: RouteApp, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  registerList(app, deps.db, p, {
    list: VIRTUAL_ACCOUNTS_LIST,
    report: { type: 'virtual_accounts', queue: deps.queueReport },
    tag: 'virtual accounts',
    row: VirtualAccount,
    fetch: listVirtualAccounts,
    count: countVirtualAccounts,
    values: { allowed_payers: allowedPayersCell },
  });

  registerList(app, deps.db, p, {
    list: VA_CREDITS_LIST,
    report: { type: 'vba_mis', queue: deps.queueReport },
    tag: 'virtual accounts',
    noun: "money that arrived in the caller's virtual accounts, credited or returned",
    row: VirtualAccountCredit,
    fetch: listCredits,
    count: countCredits,
  });

  registerList(app, deps.db, p, {
    list: ACCOUNTS_LIST,
    tag: 'accounts',
    noun: "current and virtual accounts of the caller's client that existed in the range",
    row: ManagedAccount,
    fetch: listManagedAccounts,
    count: countManagedAccounts,
  });
}
