import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponse } from '@meridian/contract';
import {
  ACCOUNT_SEARCH_KEYS,
  OptionList,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TYPES,
  SetSettlementAccount,
  Settlement,
  SettlementAccount,
  SettlementAccountAnswer,
  SettlementCycle,
  SettlementRun,
  SettlementStatus,
  SettlementType,
  UpdateSettlementCycle,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { actorOf, authOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { countSettlements, listSettlements } from './queries.ts';
import {
  getCycle,
  getSettlementAccount,
  invokeCycle,
  listCycles,
  reattemptSettlement,
  registerSettlementSync,
  setSettlementAccount,
  updateCycle,
} from './service.ts';

const TAG = 'settlements';
const CycleParams = z.object({ id: z.string().min(1).max(64) });
const UrnParams = z.object({ urn: z.string().min(1).max(64) });

const STATUS_LABELS: Record<(typeof SETTLEMENT_STATUSES)[number], string> = {
  PENDING: 'Pending',
  SETTLED: 'Settled',
  FAILED: 'Failed',
};
const TYPE_LABELS: Record<(typeof SETTLEMENT_TYPES)[number], string> = {
  T0: 'Same day (T+0)',
  T1: 'Next day (T+1)',
};

/** Settlements (Meridian operations paths, spec §7): the settlement account, cycles, runs, history. */
export const settlementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preHandler', deps.requireAuth);
  // A settlement's status follows its payout: registered with payouts once the app starts.
  registerSettlementSync();
  const p = deps.config.PROVIDER;
  const base = `/${p}/operations/settlement`;
  const opts = () => ({ railTimeScale: deps.config.RAIL_TIME_SCALE });

  app.get(
    `${base}/account`,
    {
      schema: {
        tags: [TAG],
        summary: 'The active (verified) settlement account, or null',
        response: { 200: SettlementAccountAnswer },
      },
    },
    async (request) => ({ data: await getSettlementAccount(deps.db, authOf(request).clientRef) }),
  );
  app.post(
    `${base}/account`,
    {
      schema: {
        tags: [TAG],
        summary: 'Set the settlement account: checked by penny drop (validation fee), VERIFIED or REJECTED',
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

  app.get(
    `${base}/cycles`,
    {
      schema: { tags: [TAG], summary: 'Settlement cycles', response: { 200: listResponse(SettlementCycle) } },
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
        response: { 200: SettlementCycle },
      },
    },
    async (request) => getCycle(deps.db, authOf(request).clientRef, request.params.id),
  );
  app.put(
    `${base}/cycles/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Change a settlement cycle (name, type, run times, minimum, on/off)',
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
      schema: {
        tags: [TAG],
        summary: 'Run a settlement cycle now (collections up to this minute)',
        params: CycleParams,
        response: { 200: SettlementRun },
      },
    },
    async (request) => {
      const { run, effects } = await invokeCycle(deps.db, actorOf(request), request.params.id, opts());
      await deps.runEffects(effects);
      return run;
    },
  );

  app.post(
    `${base}/history/:urn/reattempt`,
    {
      schema: {
        tags: [TAG],
        summary: 'Pay a FAILED settlement again (a fresh payout to the active settlement account)',
        params: UrnParams,
        response: { 200: Settlement },
      },
    },
    async (request) => {
      const { settlement, effects } = await reattemptSettlement(
        deps.db,
        actorOf(request),
        request.params.urn,
        opts(),
      );
      await deps.runEffects(effects);
      return settlement;
    },
  );

  app.get(
    `${base}/options/status`,
    {
      schema: { tags: [TAG], summary: 'Settlement statuses (history filter)', response: { 200: OptionList } },
    },
    async () => ({ data: SETTLEMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })) }),
  );
  app.get(
    `${base}/options/type`,
    { schema: { tags: [TAG], summary: 'Settlement types (history filter)', response: { 200: OptionList } } },
    async () => ({ data: SETTLEMENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })) }),
  );

  registerList(app, deps.db, p, {
    list: { name: 'settlements', searchKeys: ACCOUNT_SEARCH_KEYS.settlements, defaultRange: 'last7' },
    tag: TAG,
    paths: { search: `${base}/history`, count: `${base}/history/count`, export: `${base}/report` },
    row: Settlement,
    query: { status: SettlementStatus.optional(), type: SettlementType.optional() },
    fetch: listSettlements,
    count: countSettlements,
    csv: [
      ['created_at', (r) => r.created_at],
      [`${p}_urn`, (r) => r.urn],
      ['cycle_id', (r) => r.cycle_id],
      ['type', (r) => r.type],
      ['trigger', (r) => r.trigger],
      ['window_start', (r) => r.window_start],
      ['window_end', (r) => r.window_end],
      ['account_number', (r) => r.account_number],
      ['settlement_account_number', (r) => r.settlement_account_number],
      ['amount', (r) => r.amount],
      ['status', (r) => r.status],
      ['status_message', (r) => r.status_message],
      ['payout_urn', (r) => r.payout_urn],
      ['bank_reference_number', (r) => r.bank_reference_number],
      ['attempts', (r) => r.attempts],
      ['updated_at', (r) => r.updated_at],
    ],
  });
};
