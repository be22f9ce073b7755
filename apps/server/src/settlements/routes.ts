import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponse } from '@meridian/contract';
import {
  OptionList,
  SETTLEMENT_STATUSES,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_TYPES,
  SETTLEMENT_TYPE_LABELS,
  SETTLEMENTS_LIST,
  SetSettlementAccount,
  Settlement,
  SettlementAccount,
  SettlementAccountAnswer,
  SettlementCycle,
  SettlementRun,
  UpdateSettlementCycle,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { countSettlements, listSettlements } from './queries.ts';
import { getSettlementAccount, setSettlementAccount } from './account.ts';
import { getCycle, listCycles, updateCycle } from './cycles.ts';
import { invokeCycle, reattemptSettlement } from './service.ts';

const TAG = 'settlements';
const CycleParams = z.object({ id: z.string().min(1).max(64) });
const UrnParams = z.object({ urn: z.string().min(1).max(64) });

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** Settlements (Meridian operations paths): the settlement account, cycles, runs, history. */
export const settlementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need accounts.read; each write names its own permission.
  defaultPermission(app, 'accounts.read');
  const base = `/${deps.config.PROVIDER}/operations/settlement`;
  registerSettlementAccount(app, deps, base);
  registerCycles(app, deps, base);
  registerHistory(app, deps, base);
};

/** The settlement account: read, and set (checked by penny drop). */
function registerSettlementAccount(app: App, deps: RouteDeps, base: string) {
  app.get(
    `${base}/account`,
    {
      schema: {
        tags: [TAG],
        summary: 'The active (verified) settlement account, or null',
        description:
          "The bank account the client's collections are settled to, once verified by penny drop; `data` is null until one is set and VERIFIED, and settlement runs pay nothing out until then.",
        response: { 200: SettlementAccountAnswer },
      },
    },
    async (request) => ({ data: await getSettlementAccount(deps.db, authOf(request).clientRef) }),
  );
  app.post(
    `${base}/account`,
    {
      config: { permission: 'settlements.manage', liveGate: true, openapi: { movesMoney: true } },
      schema: {
        tags: [TAG],
        summary: 'Set the settlement account: checked by penny drop (validation fee), VERIFIED or REJECTED',
        description:
          'Sets the account collections are paid out to. It is checked at once by penny drop (the validation fee is debited): VERIFIED replaces the active account, REJECTED (account closed or not found) leaves the previous one active.',
        body: SetSettlementAccount,
        response: { 200: SettlementAccount },
      },
    },
    async (request) => {
      const { account, effects } = await setSettlementAccount(deps.db, actorOf(request), request.body);
      await deps.runEffects(effects);
      return account;
    },
  );
}

/** The cycles: list, one, change, and run now. */
function registerCycles(app: App, deps: RouteDeps, base: string) {
  app.get(
    `${base}/cycles`,
    {
      schema: {
        tags: [TAG],
        summary: 'Settlement cycles',
        description:
          "The client's settlement cycles: each pays collected funds to the settlement account T+0 or T+1 at its run times (in its time zone), when at least its minimum amount has been collected and it is on.",
        response: { 200: listResponse(SettlementCycle) },
      },
    },
    async (request) => ({ data: await listCycles(deps.db, authOf(request).clientRef) }),
  );
  app.get(
    `${base}/cycles/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'A settlement cycle',
        params: CycleParams,
        description:
          "One of the client's settlement cycles with its type, run times, time zone, minimum amount, whether it is on and its next run (404 for an unknown id).",
        response: { 200: SettlementCycle },
      },
    },
    async (request) => getCycle(deps.db, authOf(request).clientRef, request.params.id),
  );
  app.put(
    `${base}/cycles/:id`,
    {
      config: { permission: 'settlements.manage' },
      schema: {
        tags: [TAG],
        summary: 'Change a settlement cycle (name, type, run times, minimum, on/off)',
        description:
          "Replaces a cycle's settings; the next scheduled run follows the new run times. Run times are HH:mm in the cycle's `time_zone`; a T1 cycle runs at the first only. Recorded in the audit log.",
        params: CycleParams,
        body: UpdateSettlementCycle,
        response: { 200: SettlementCycle },
      },
    },
    async (request) => updateCycle(deps.db, actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${base}/cycles/:id/invoke`,
    {
      config: { permission: 'settlements.manage', liveGate: true, openapi: { movesMoney: true } },
      schema: {
        tags: [TAG],
        summary: 'Run a settlement cycle now (collections up to this minute)',
        description:
          'Runs a cycle at once instead of waiting for its schedule: the collections not yet settled up to this minute are paid to the active settlement account as one payout. Answers the run and the settlement it created, if any; without a verified settlement account it is a 422.',
        params: CycleParams,
        response: { 200: SettlementRun },
      },
    },
    async (request) => {
      const { run, effects } = await invokeCycle(deps.db, actorOf(request), request.params.id, {
        railTimeScale: deps.config.RAIL_TIME_SCALE,
      });
      await deps.runEffects(effects);
      return run;
    },
  );
}

/** The history: the list, its filters' options, and a failed settlement paid again. */
function registerHistory(app: App, deps: RouteDeps, base: string) {
  app.post(
    `${base}/history/:urn/reattempt`,
    {
      config: {
        permission: 'settlements.manage',
        liveGate: true,
        openapi: { movesMoney: true, errors: [422] },
      },
      schema: {
        tags: [TAG],
        summary: 'Pay a FAILED settlement again (a fresh payout to the active settlement account)',
        description:
          'Retries a settlement whose payout failed: a new payout of the same amount to the current active settlement account, counted in `attempts`. Only a FAILED settlement can be reattempted, and only with a verified settlement account and enough balance (422 otherwise).',
        params: UrnParams,
        response: { 200: Settlement },
      },
    },
    async (request) => {
      const { settlement, effects } = await reattemptSettlement(
        deps.db,
        actorOf(request),
        request.params.urn,
        { railTimeScale: deps.config.RAIL_TIME_SCALE },
      );
      await deps.runEffects(effects);
      return settlement;
    },
  );

  app.get(
    `${base}/options/status`,
    {
      schema: {
        tags: [TAG],
        summary: 'Settlement statuses (history filter)',
        description:
          "The values and labels of the settlement history's `status` filter (Pending, Settled, Failed), for a dropdown.",
        response: { 200: OptionList },
      },
    },
    async () => ({
      data: SETTLEMENT_STATUSES.map((value) => ({ value, label: SETTLEMENT_STATUS_LABELS[value] })),
    }),
  );
  app.get(
    `${base}/options/type`,
    {
      schema: {
        tags: [TAG],
        summary: 'Settlement types (history filter)',
        description:
          "The values and labels of the settlement history's `type` filter (T0 same day, T1 next day), for a dropdown.",
        response: { 200: OptionList },
      },
    },
    async () => ({
      data: SETTLEMENT_TYPES.map((value) => ({ value, label: SETTLEMENT_TYPE_LABELS[value] })),
    }),
  );

  registerList(app, deps.db, deps.config.PROVIDER, {
    list: SETTLEMENTS_LIST,
    tag: TAG,
    noun: "settlements of the caller's client (collections paid to its settlement account)",
    row: Settlement,
    fetch: listSettlements,
    count: countSettlements,
  });
}
