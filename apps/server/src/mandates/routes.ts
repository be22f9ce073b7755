import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateMandate,
  CreatePresentation,
  Mandate,
  MANDATE_PRESENTATIONS_LIST,
  MANDATE_REGISTRATIONS_LIST,
  MandateDetails,
  Presentation,
  UrnParams,
} from '@meridian/contract/mandates';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import type { Effects } from '../jobs/effects.ts';
import { registerList } from '../lists/register-list.ts';
import { countMandates, countPresentations, listMandates, listPresentations } from './queries.ts';
import { createPresentation } from './presentations.ts';
import { changeMandate, createMandate, getMandateDetails, type MandateAction } from './service.ts';

const IdempotencyHeader = z.object({ 'idempotency-key': z.string().max(255).optional() });

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** E-mandates: `/v2/mandates…` for actions, `/{provider}/read/…` for the registration and presentation lists. */
export const mandateRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  registerMandate(app, deps);
  registerMandateActions(app, deps);
  registerPresentation(app, deps);
  registerMandateLists(app, deps);
};

/** Runs a write once per Idempotency-Key (optional: without one, the customer reference guards replays). */
async function once<T>(
  deps: RouteDeps,
  request: { headers: Record<string, unknown>; body: unknown },
  reply: { header(k: string, v: string): unknown },
  clientRef: number,
  scope: string,
  work: (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => Promise<{ body: T; effects: Effects }>,
): Promise<T> {
  const key = checkIdempotencyKey(request.headers['idempotency-key'], false);
  let effects: Effects | null = null;
  const answer = await withIdempotency(
    deps.db,
    { clientRef, scope, key, body: request.body, leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS },
    async (tx) => {
      const result = await work(tx);
      effects = result.effects;
      return { status: 201, body: result.body };
    },
  );
  if (effects) await deps.runEffects(effects);
  else reply.header('idempotent-replayed', 'true');
  if (answer.status >= 400) throw AppError.fromStored(answer);
  return answer.body as T;
}

/** Register a mandate, and read one. */
function registerMandate(app: App, deps: RouteDeps) {
  app.post(
    '/v2/mandates',
    {
      config: { permission: 'mandates.manage', liveGate: true },
      schema: {
        tags: ['mandates'],
        summary: 'Register a NACH or UPI-autopay mandate (PENDING until the customer authorises it)',
        description:
          "Registers a recurring-debit mandate on a customer's bank account (NACH) or VPA (UPI autopay) up to `max_amount` per debit; it stays PENDING until the customer authorises it, then turns ACTIVE (announced by webhook). An optional Idempotency-Key makes retries safe; a customer reference already used is a 409.",
        body: CreateMandate,
        headers: IdempotencyHeader,
        response: { 201: Mandate },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = await once(deps, request, reply, actor.clientRef, 'mandate', async (tx) => {
        const r = await createMandate(tx, actor, request.body, {
          railTimeScale: deps.config.RAIL_TIME_SCALE,
          publicUrl: deps.publicUrl(request),
          provider: deps.config.PROVIDER,
        });
        return { body: r.mandate, effects: r.effects };
      });
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/v2/mandates/:urn',
    {
      schema: {
        tags: ['mandates'],
        summary: 'A mandate with its events and latest presentations',
        description:
          "One of the caller's mandates with its UMRN, status, every event (registered, authorised, paused, cancelled\u2026) and its latest presentations (404 for a urn of another client).",
        params: UrnParams,
        response: { 200: MandateDetails },
      },
    },
    async (request) => getMandateDetails(deps.db, authOf(request).clientRef, request.params.urn),
  );
}

/** Pause, resume and cancel a mandate. */
function registerMandateActions(app: App, deps: RouteDeps) {
  const actions: [MandateAction, string, string][] = [
    [
      'pause',
      'Pause an ACTIVE mandate (no presentations until resumed)',
      'Suspends debits under an ACTIVE mandate: presentations are refused while it is PAUSED. A mandate in another status is a 409; a webhook announces the change.',
    ],
    [
      'resume',
      'Resume a PAUSED mandate',
      'Makes a PAUSED mandate ACTIVE again so debits can be presented under it. A mandate in another status is a 409; a webhook announces the change.',
    ],
    [
      'cancel',
      'Cancel a PENDING, ACTIVE or PAUSED mandate (final)',
      'Ends a mandate for good: no further presentations, and it cannot be resumed. A mandate already cancelled, expired or rejected is a 409; a webhook announces the change.',
    ],
  ];
  for (const [action, summary, description] of actions)
    app.post(
      `/v2/mandates/:urn/${action}`,
      {
        config: { permission: 'mandates.manage' },
        schema: { tags: ['mandates'], summary, description, params: UrnParams, response: { 200: Mandate } },
      },
      async (request) => {
        const actor = actorOf(request);
        const { mandate, effects } = await deps.db.transaction((tx) =>
          changeMandate(tx, actor, request.params.urn, action),
        );
        await deps.runEffects(effects);
        return mandate;
      },
    );
}

/** Present a debit under a mandate. */
function registerPresentation(app: App, deps: RouteDeps) {
  app.post(
    '/v2/mandates/:urn/presentations',
    {
      config: { permission: 'mandates.manage', liveGate: true, openapi: { movesMoney: true } },
      schema: {
        tags: ['mandates'],
        summary: 'Present a debit under an ACTIVE mandate (PENDING until the rail settles or bounces it)',
        description:
          "Asks for a debit of the customer's account under an ACTIVE mandate, at most its `max_amount` and within its start and end dates (422 otherwise); the presentation is PENDING until the rail settles it (credited to the mandate's credit account) or bounces it, announced by webhook. An optional Idempotency-Key makes retries safe. On the sandbox an account ending 0001 bounces for insufficient funds, 0002 as closed, 0003 settles after 5 minutes.",
        params: UrnParams,
        body: CreatePresentation,
        headers: IdempotencyHeader,
        response: { 201: Presentation },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = await once(deps, request, reply, actor.clientRef, 'mandate-presentation', async (tx) => {
        const r = await createPresentation(tx, actor, request.params.urn, request.body, {
          railTimeScale: deps.config.RAIL_TIME_SCALE,
        });
        return { body: r.presentation, effects: r.effects };
      });
      return reply.status(201).send(body);
    },
  );
}

/** The registrations and presentations lists. */
function registerMandateLists(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  registerList(app, deps.db, p, {
    list: MANDATE_REGISTRATIONS_LIST,
    tag: 'mandates',
    row: Mandate,
    fetch: listMandates,
    count: countMandates,
  });

  registerList(app, deps.db, p, {
    list: MANDATE_PRESENTATIONS_LIST,
    tag: 'mandates',
    row: Presentation,
    fetch: listPresentations,
    count: countPresentations,
  });
}
