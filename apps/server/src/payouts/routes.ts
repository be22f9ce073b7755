import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FlowSummary,
  InitiatePayout,
  PaymentMethodOption,
  Payout,
  PayoutDetails,
  RAIL_LIMITS,
  TRANSFER_TYPES,
  listResponse,
} from '@meridian/contract';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { z } from 'zod';
import { requireFrontendPayout } from '../features/flags.ts';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import { registerList } from '../lists/register-list.ts';
import { DEFAULT_TIME_ZONE, resolveListQuery } from '../lists/list-query.ts';
import { formatMoney } from '../lib/money.ts';
import { countPayouts, listPayouts } from './queries.ts';
import { getPayoutDetails } from './details.ts';
import { initiatePayout } from './service.ts';
import { flowSummary } from './summary.ts';
import { mailApprovers } from '../approvals/mail.ts';

/** The initiate answer: the payout, and the approval request that holds it when a rule does (PENDING_APPROVAL). */
const InitiatedPayout = Payout.extend({
  approval_urn: z.string().optional().meta({
    description: 'The approval request holding the payout (status PENDING_APPROVAL): no money moved yet.',
  }),
});

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

export const payoutRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  registerInitiatePayout(app, deps);
  registerPayoutReads(app, deps);
  registerList(app, deps.db, deps.config.PROVIDER, {
    list: PAYOUTS_LIST,
    report: { type: 'payouts', queue: deps.queueReport },
    tag: 'payouts',
    row: Payout,
    fetch: listPayouts,
    count: countPayouts,
  });
};

/** POST initiate: a payout (Idempotency-Key required), held when an approval rule covers it. */
function registerInitiatePayout(app: App, deps: RouteDeps) {
  app.post(
    '/core_banking/money_transfer/initiate',
    {
      config: { permission: 'payouts.create', stepUp: true, liveGate: true, openapi: { movesMoney: true } },
      schema: {
        tags: ['payouts'],
        operationId: 'createPayout',
        summary: 'Initiate a payout (Idempotency-Key header required)',
        description:
          "Pays a beneficiary by IMPS, NEFT, RTGS or UPI from one of the client's accounts; answers 201 with the payout (usually PENDING), whose final status arrives by webhook. A payout an approval rule holds is answered PENDING_APPROVAL with its `approval_urn`: it moves no money and holds no balance until approved (the balance is checked then), and ends REJECTED when rejected or left to expire. The Idempotency-Key header is required: a retry with the same key and body replays the answer (`idempotent-replayed: true`). 403 when dashboard payouts are off; 422 for an amount outside the rail's limits, an inactive or unknown beneficiary, an amount above a new or changed beneficiary's cooling-off limit (`beneficiary_cooling_off`) or a reused customer reference. On the sandbox, account numbers ending 0001/0002 fail, 0003 stays pending 5 minutes, 0004 is returned.",
        body: InitiatePayout,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 201: InitiatedPayout },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key'], true);
      await requireFrontendPayout(deps.db, actor.clientRef);
      let effects = null as Awaited<ReturnType<typeof initiatePayout>>['effects'] | null;
      let approvalUrn: string | undefined;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: actor.clientRef,
          scope: 'payout',
          key,
          body: request.body,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          const result = await initiatePayout(tx, actor, request.body, {
            railTimeScale: deps.config.RAIL_TIME_SCALE,
            // An API key's payout is matched as source 'api', a member's as 'dashboard'.
            approval: {
              source: authOf(request).channel === 'api_key' ? 'api' : 'dashboard',
              ttlHours: deps.config.APPROVAL_TTL_HOURS,
            },
          });
          effects = result.effects;
          approvalUrn = result.approvalUrn;
          return {
            status: 201,
            body: { ...result.payout, ...(result.approvalUrn ? { approval_urn: result.approvalUrn } : {}) },
          };
        },
      );
      if (effects) await deps.runEffects(effects);
      else reply.header('idempotent-replayed', 'true');
      if (approvalUrn)
        await mailApprovers(
          deps.db,
          deps.email,
          actor.clientRef,
          approvalUrn,
          deps.publicUrl(request),
          (err) => request.log.error({ err }, 'approval e-mail failed'),
        );
      if (answer.status >= 400) throw AppError.fromStored(answer);
      return reply.status(201).send(answer.body as z.infer<typeof InitiatedPayout>);
    },
  );
}

/** A payout with its timeline, the /flow home's summary and the payment methods (rails) with their limits. */
function registerPayoutReads(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/transaction/payouts/:urn`,
    {
      schema: {
        tags: ['payouts'],
        summary: 'A payout by its urn, with its timeline',
        description:
          "One of the caller's payouts with every status change (created, sent, settled, failed or returned) and its bank reference; a urn of another client is a 404.",
        params: z.object({ urn: z.string().min(1).max(64) }),
        response: { 200: PayoutDetails },
      },
    },
    async (request) => getPayoutDetails(deps.db, authOf(request).clientRef, request.params.urn),
  );

  app.get(
    `/${p}/read/fetch/flow/summary`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The /flow home: balances, today by status, 7-day volume, latest payouts',
        description:
          "Everything the /flow home shows in one call: the client's accounts and balances, today's payouts by status, the last 7 days' volume and the latest payouts. Days are in `time_zone` (default Asia/Kolkata; an unknown zone is a 400).",
        querystring: z.object({ time_zone: z.string().max(64).optional() }),
        response: { 200: FlowSummary },
      },
    },
    async (request) => {
      // resolveListQuery checks the time zone (400 when unknown)
      const { timeZone } = resolveListQuery(
        { time_zone: request.query.time_zone || DEFAULT_TIME_ZONE },
        PAYOUTS_LIST,
        p,
      );
      return flowSummary(deps.db, authOf(request).clientRef, timeZone);
    },
  );

  app.get(
    `/${p}/read/fetch/dropdown/payment_methods`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Payment methods (rails) and their limits',
        description:
          'The transfer types a payout can use (IMPS, NEFT, RTGS, UPI) with their label and minimum and maximum amount (null: no maximum); an amount outside them is refused with a 422.',
        response: { 200: listResponse(PaymentMethodOption) },
      },
    },
    async () => ({
      data: TRANSFER_TYPES.map((t) => ({
        transfer_type: t,
        label: RAIL_LIMITS[t].label,
        min_amount: formatMoney(RAIL_LIMITS[t].min),
        max_amount: RAIL_LIMITS[t].max === null ? null : formatMoney(RAIL_LIMITS[t].max!),
      })),
    }),
  );
}
