import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountResponse } from '@meridian/contract';
import {
  Company,
  CompanyMeter,
  CONSUMER_TYPES,
  CreditAdjustment,
  CreditAdjustmentResult,
  CreditOperationRow,
  OptionList,
  UpdateCompanyMeter,
} from '@meridian/contract/accounts';
import { LiveModeAnswer, SetLiveMode } from '@meridian/contract/modes';
import { actorOf, defaultPermission } from '../auth/guard.ts';
import { inTransaction, type Db } from '../db/database.ts';
import type { FabricRegistry } from '../fabric/registry.ts';
import { AppError } from '../http/errors.ts';
import type { RouteApp, RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import {
  companyByClientId,
  countCompanies,
  countCreditOperations,
  listCompanies,
  listCreditOperations,
} from './queries.ts';
import { adjustCompanyCredits, companyMeter, setLiveMode, updateCompanyMeter } from './service.ts';
import { holdCreditLoad } from './approval.ts';
import { holdForApproval } from '../approvals/engine.ts';
import { PENDING_APPROVAL_DOC, PendingApproval, pendingApproval, sourceOf } from '../approvals/settings.ts';
import type { Effects } from '../jobs/effects.ts';

const CONSUMER_TYPE_LABELS: Record<(typeof CONSUMER_TYPES)[number], string> = {
  customer: 'Business client',
  internal: 'Meridian internal',
};
const CREDIT_OPERATION_LABELS = {
  LOAD: 'Load',
  UNLOAD: 'Unload',
  CONSUME: 'Consumed by an API call',
  REFUND: 'Refund',
} as const;

const Paging = {
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
const CompanyFilterQuery = {
  /** Part of the company name (any case), or its exact client_id. */
  search_value: z.string().trim().max(100).optional(),
  /** Empty: every consumer type. */
  consumer_type: z.union([z.literal(''), z.enum(CONSUMER_TYPES)]).optional(),
};
const ClientIdParams = z.object({ client_id: z.string().trim().min(1).max(64) });
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().max(255).optional() });

/** The companies' filter from the query (an empty value filters nothing). */
const filterOf = (q: { search_value?: string | undefined; consumer_type?: string | undefined }) => ({
  search: q.search_value || undefined,
  consumerType: (q.consumer_type || undefined) as (typeof CONSUMER_TYPES)[number] | undefined,
});

/**
 * Meridian operations' credit management: companies, their credit operations,
 * loads and unloads with a reason, each company's API meter, and opening a company's live mode. Only for signed-in users with the `ops` role
 * (Meridian's own staff): everyone else gets 403 `forbidden_role`.
 */
export const operationsRoutes: FastifyPluginAsyncZod<RouteDeps & { registry: FabricRegistry }> = async (
  app,
  deps,
) => {
  defaultPermission(app, 'ops.credits');
  const base = `/${deps.config.PROVIDER}/operations`;
  registerOptionLists(app, base);
  registerCompanies(app, deps, base);
  registerCreditHistory(app, deps, base);
  for (const kind of ['LOAD', 'UNLOAD'] as const) registerCreditAdjustment(app, deps, base, kind);
  registerMeter(app, deps, base);
  registerLiveMode(app, deps, base);
};

const tags = ['operations'];

/** The options of the companies' and the credit history's filters. */
function registerOptionLists(app: RouteApp, base: string) {
  app.get(
    `${base}/fetch/consumer_types`,
    {
      schema: {
        tags,
        summary: 'Consumer types of companies (filter options)',
        description:
          "The values and labels of the companies' `consumer_type` filter (business client, Meridian internal), for Meridian operations' dropdown.",
        response: { 200: OptionList },
      },
    },
    async () => ({
      data: CONSUMER_TYPES.map((value) => ({ value, label: CONSUMER_TYPE_LABELS[value] })),
    }),
  );

  app.get(
    `${base}/fetch/credit_operation_types`,
    {
      schema: {
        tags,
        summary: 'Kinds of credit operations',
        description:
          'The kinds of credit operation (load, unload, consumed by an API call, refund) with their labels, for the credit history of a company.',
        response: { 200: OptionList },
      },
    },
    async () => ({
      data: Object.entries(CREDIT_OPERATION_LABELS).map(([value, label]) => ({ value, label })),
    }),
  );
}

/** The companies, filtered and paged, and how many match. */
function registerCompanies(app: RouteApp, deps: RouteDeps, base: string) {
  app.get(
    `${base}/companies`,
    {
      schema: {
        tags,
        summary: 'Every company (client) of Meridian, newest first, with its credits and users',
        description:
          "Meridian operations' list of client companies with their credit balance and users, filtered by part of the name or the exact `client_id` (`search_value`) and `consumer_type`; paged by `limit` (at most 100) and `offset`.",
        querystring: z.object({ ...CompanyFilterQuery, ...Paging }),
        response: { 200: z.object({ data: z.array(Company) }) },
      },
    },
    async (request) => ({
      data: await listCompanies(deps.db, filterOf(request.query), {
        limit: request.query.limit,
        offset: request.query.offset,
      }),
    }),
  );

  app.get(
    `${base}/companies/count`,
    {
      schema: {
        tags,
        summary: 'Number of companies matching the filter',
        description:
          'How many companies match the same `search_value` and `consumer_type` filter as the companies list (`{count}`), to page through it.',
        querystring: z.object(CompanyFilterQuery),
        response: { 200: CountResponse },
      },
    },
    async (request) => ({ count: await countCompanies(deps.db, filterOf(request.query)) }),
  );
}

/** A company's credit operations, paged, and how many it has. */
function registerCreditHistory(app: RouteApp, deps: RouteDeps, base: string) {
  app.get(
    `${base}/credits/:client_id`,
    {
      schema: {
        tags,
        summary: "A company's credit operations, newest first",
        description:
          "Every load, unload, consumption by a fabric call and refund of a company's credits with the balance after it, who did it and why; paged by `limit` (at most 100) and `offset`. An unknown `client_id` is a 404.",
        params: ClientIdParams,
        querystring: z.object(Paging),
        response: { 200: z.object({ data: z.array(CreditOperationRow) }) },
      },
    },
    async (request) => {
      const company = await companyByClientId(deps.db, request.params.client_id);
      return {
        data: await listCreditOperations(deps.db, company.id, {
          limit: request.query.limit,
          offset: request.query.offset,
        }),
      };
    },
  );

  app.get(
    `${base}/credits/:client_id/count`,
    {
      schema: {
        tags,
        summary: "Number of a company's credit operations",
        description:
          'How many credit operations the company has (`{count}`), to page through its credit history; an unknown `client_id` is a 404.',
        params: ClientIdParams,
        response: { 200: CountResponse },
      },
    },
    async (request) => {
      const company = await companyByClientId(deps.db, request.params.client_id);
      return { count: await countCreditOperations(deps.db, company.id) };
    },
  );
}

/** POST a load or an unload of a company's credits (Idempotency-Key required); a load may wait for approval. */
function registerCreditAdjustment(app: RouteApp, deps: RouteDeps, base: string, kind: 'LOAD' | 'UNLOAD') {
  const action = kind.toLowerCase();
  app.post(
    `${base}/credits/${action}`,
    {
      config: { openapi: { movesMoney: true, errors: [404] } },
      schema: {
        tags,
        summary:
          kind === 'LOAD'
            ? "Load credits onto a company's balance, with a reason (Idempotency-Key header required)"
            : "Unload credits from a company's balance, with a reason (Idempotency-Key header required)",
        description:
          kind === 'LOAD'
            ? "Adds credits to a company's fabric balance and records the operation with its reason and who made it. An unknown `client_id` is a 404. The Idempotency-Key header is required: a retry replays the first answer (`idempotent-replayed: true`); a reference applied before is a 409." +
              PENDING_APPROVAL_DOC('credit_load') +
              " A rule's amount band counts credits here (`100000` = 1,00,000 credits)."
            : "Takes credits off a company's fabric balance (more than it holds is a 422; an unknown `client_id` a 404) and records the operation with its reason and who made it. The Idempotency-Key header is required: a retry replays the first answer (`idempotent-replayed: true`); a reference applied before is a 409. An unload never waits for approval.",
        body: CreditAdjustment,
        headers: IdempotencyHeaders,
        response:
          kind === 'LOAD'
            ? { 200: CreditAdjustmentResult, 202: PendingApproval }
            : { 200: CreditAdjustmentResult },
      },
    },
    async (request, reply) => {
      const key = checkIdempotencyKey(request.headers['idempotency-key'], true);
      const ops = actorOf(request);
      let fresh = false;
      let held: Effects | null = null;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: ops.clientRef,
          scope: `credits.${action}`,
          key,
          body: request.body,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          fresh = true;
          const done = await adjustOrHold(tx, request, request.body, kind);
          held = done.held;
          return done.answer;
        },
      );
      if (held) await deps.runEffects(held);
      if (!fresh) reply.header('idempotent-replayed', 'true');
      if (answer.status >= 400) throw AppError.fromStored(answer);
      if (answer.status === 202) return reply.status(202).send(answer.body as PendingApproval);
      return answer.body as z.infer<typeof CreditAdjustmentResult>;
    },
  );
}

/**
 * The load or unload in the idempotent transaction: a load that Meridian's own rules of action credit_load hold
 * answers 202 (checked first: an unknown company is 404), with the effects to run after it commits.
 */
async function adjustOrHold(
  tx: Db,
  request: FastifyRequest,
  body: z.infer<typeof CreditAdjustment>,
  kind: 'LOAD' | 'UNLOAD',
): Promise<{ answer: { status: number; body: unknown }; held: Effects | null }> {
  const ops = actorOf(request);
  if (kind === 'LOAD') {
    const company = await companyByClientId(tx, body.client_id);
    const hold = await holdForApproval(tx, ops, {
      ...holdCreditLoad(body, company),
      action: 'credit_load',
      source: sourceOf(request),
    });
    if (hold) {
      const what = `The load of ${body.credits.toLocaleString('en-IN')} credits onto ${company.name}`;
      return { answer: { status: 202, body: pendingApproval(hold.urn, what) }, held: hold.effects };
    }
  }
  return {
    answer: { status: 200, body: await adjustCompanyCredits(tx, ops, kind, body) },
    held: null,
  };
}

/** A company's API meter: its price per fabric product, and a change of them. */
function registerMeter(app: RouteApp, deps: RouteDeps & { registry: FabricRegistry }, base: string) {
  app.get(
    `${base}/companies/:client_id/meter`,
    {
      schema: {
        tags,
        summary: "A company's API meter: the price of one call per fabric product",
        description:
          "The price in credits of one call of each fabric product for a company: its own price where one is set, else the product's default. An unknown `client_id` is a 404.",
        params: ClientIdParams,
        response: { 200: CompanyMeter },
      },
    },
    async (request) => companyMeter(deps.db, deps.registry, request.params.client_id),
  );

  app.put(
    `${base}/companies/:client_id/meter`,
    {
      schema: {
        tags,
        summary: "Set a company's prices per fabric product (null: back to the product's default)",
        description:
          "Changes a company's price per call of the given fabric products (`null` returns a product to its default price); the others stay as they are. An unknown product is a 400; the change is audited.",
        params: ClientIdParams,
        body: UpdateCompanyMeter,
        response: { 200: CompanyMeter },
      },
    },
    async (request) =>
      inTransaction(deps.db, (tx) =>
        updateCompanyMeter(tx, actorOf(request), deps.registry, request.params.client_id, request.body),
      ),
  );
}

/** Opens or closes a company's live mode (a member's session of Meridian operations: `ops.companies`). */
function registerLiveMode(app: RouteApp, deps: RouteDeps, base: string) {
  app.put(
    `${base}/companies/:client_id/live_mode`,
    {
      config: { permission: 'ops.companies', sessionOnly: true },
      schema: {
        tags,
        summary: "Open or close a company's live mode",
        description:
          "Lets a company move real money (`enabled: true`) or stops it (`false`): while live mode is closed, its live payouts, bulk payouts, validations, mandates and payment links are a 403 `live_mode_not_enabled` (test mode always works), and an approval of a live payout or bulk fails. Its members' and keys' next calls see the change. Audited in the company's log; an unknown `client_id` is a 404.",
        params: ClientIdParams,
        body: SetLiveMode,
        response: { 200: LiveModeAnswer },
      },
    },
    async (request) => {
      const answer = await inTransaction(deps.db, (tx) =>
        setLiveMode(tx, actorOf(request), request.params.client_id, request.body.enabled),
      );
      // Answered once every process's session and key caches have heard of it (the clients_notify trigger).
      await deps.sessions.sync?.();
      return answer;
    },
  );
}
