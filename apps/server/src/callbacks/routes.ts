import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CallbackConfig, CallbackRequest } from '@meridian/contract';
import {
  CALLBACK_DELIVERIES_LIST,
  CallbackDeliveryRow,
  CallbackHttpMethodOption,
  CallbackReplay,
  CallbackReplayRequest,
  CallbackSubscription,
  CallbackTestRequest,
  CallbackTypeOption,
  callbackHttpMethodOptions,
  callbackTypeOptions,
} from '@meridian/contract/callback-configurations';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteApp, RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import {
  changeCallback,
  checkCallbackUrl,
  handleCallbackRequest,
  listCallbacks,
  planCallbackChange,
  type CallbackUrlPolicy,
} from './configs.ts';
import { holdOrApply, pendingApproval } from '../approvals/settings.ts';
import { PendingCallback, holdCallbackChange, makesSecret, onlyRotatesSecret } from './approval.ts';
import { newWebhookSecret } from './signing.ts';
import {
  countDeliveries,
  listDeliveries,
  listSubscriptions,
  resendDelivery,
  sendTestEvent,
} from './delivery-log.ts';
import { getReplay, requestReplay } from './replays.ts';

const WebhookIdParams = z.object({ webhook_id: z.string().min(1).max(64) });
const ReplayIdParams = z.object({ replay_id: z.string().min(1).max(64) });

export const callbackRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need callbacks.read; each write names its own permission.
  defaultPermission(app, 'callbacks.read');
  const production = deps.config.APP_ENV === 'production' || deps.config.NODE_ENV === 'production';
  registerCallbackChange(app, deps, {
    production,
    allowPrivate: deps.config.CALLBACK_ALLOW_PRIVATE ?? !production,
  });
  registerCallbackReads(app, deps);
  registerList(app, deps.db, deps.config.PROVIDER, {
    list: CALLBACK_DELIVERIES_LIST,
    tag: 'callbacks',
    noun: "callback deliveries of the caller's client, each with its attempts",
    row: CallbackDeliveryRow,
    fetch: listDeliveries,
    count: countDeliveries,
    values: { last_status_code: (r) => r.attempts.at(-1)?.status_code ?? null },
  });
  registerDeliveryActions(app, deps);
  registerReplays(app, deps);
};

/** POST the callback configurations: create, update (held when an approval rule covers it) or list. */
function registerCallbackChange(app: RouteApp, deps: RouteDeps, urlPolicy: CallbackUrlPolicy) {
  app.post(
    '/v2/company/callback',
    {
      config: { permission: 'callbacks.manage', openapi: { errors: [404] } },
      schema: {
        tags: ['callbacks'],
        summary: 'Create (action create), update (action update) or list (action list) callback URLs',
        description:
          "Manages the URLs webhooks are delivered to, by `action`: `create` registers a URL for event types (201), `update` changes one (URL, events, method, active), `list` answers them all. Each delivery is signed as Standard Webhooks with the configuration's secret." +
          " When an active approval rule of action `callback` covers a create or an update (of the URL, method or whether it is active; rotating the secret alone never waits), the change is checked as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message, secret? }` and deliveries go on to the configuration as it was until the request is approved, when the last approver makes the change on the maker's behalf (audited with both); rejected or expired, it is never made. The signing secret of a new configuration (or of a rotation in a held update) is in that 202 answer only, to the member who asked.",
        body: CallbackRequest,
        response: {
          200: z.union([CallbackConfig, z.object({ data: z.array(CallbackConfig) })]),
          201: CallbackConfig,
          202: PendingCallback,
        },
      },
    },
    async (request, reply) => {
      const req = request.body;
      if (req.action === 'list' || onlyRotatesSecret(req)) {
        const answer = await handleCallbackRequest(deps.db, actorOf(request), req, urlPolicy);
        return reply.status(answer.status as 200 | 201).send(answer.body);
      }
      // Outside the transaction: the check may ask DNS.
      if (req.url !== undefined) await checkCallbackUrl(req.url, urlPolicy);
      const secret = newWebhookSecret();
      const answer = await holdOrApply(deps, request, 'callback', {
        plan: (tx) => planCallbackChange(tx, authOf(request).clientRef, req),
        hold: (plan) => holdCallbackChange(req, secret, plan),
        apply: (tx) => changeCallback(tx, actorOf(request), req, secret),
      });
      if ('held' in answer)
        return reply.status(202).send({
          ...pendingApproval(
            answer.held,
            req.action === 'create' ? 'The new callback URL' : `The change of callback ${req.callback_id}`,
          ),
          ...(makesSecret(req) ? { secret } : {}),
        });
      return reply.status(answer.done.status as 200 | 201).send(answer.done.body);
    },
  );
}

/** The configurations, the event types and HTTP methods they take, and the subscriptions per event type. */
function registerCallbackReads(app: RouteApp, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    '/v2/company/callback',
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'listCallbacks',
        summary: 'List the callback configurations',
        description:
          "The client's callback configurations (URL, event types, method, active), the same as `action: list` of the POST. Use it to check where events are delivered.",
        response: { 200: z.object({ data: z.array(CallbackConfig) }) },
      },
    },
    async (request) => ({ data: await listCallbacks(deps.db, authOf(request).clientRef) }),
  );

  app.get(
    `/${p}/read/fetch/callback/types`,
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'listCallbackTypes',
        summary: 'List the callback event types',
        description:
          'Every event type a URL can subscribe to (every type the product raises), with a label, a description and the `type` values its messages carry.',
        response: { 200: z.object({ data: z.array(CallbackTypeOption) }) },
      },
    },
    async () => ({ data: callbackTypeOptions() }),
  );
  app.get(
    `/${p}/read/fetch/callback/http_methods`,
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'listCallbackHttpMethods',
        summary: 'List the callback HTTP methods',
        description:
          'The HTTP methods a callback can be delivered with (the `http_method` of a configuration).',
        response: { 200: z.object({ data: z.array(CallbackHttpMethodOption) }) },
      },
    },
    async () => ({ data: callbackHttpMethodOptions() }),
  );
  app.get(
    `/${p}/read/fetch/callback/subscriptions`,
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'listCallbackSubscriptions',
        summary: 'List the callback subscriptions per event type',
        description:
          'For every event type: whether the client receives it (at least one active URL) and every URL configured for it, switched on or off. Secrets are not included.',
        response: { 200: z.object({ data: z.array(CallbackSubscription) }) },
      },
    },
    async (request) => ({ data: await listSubscriptions(deps.db, authOf(request).clientRef) }),
  );
}

/** Resend one delivery, and send a test event to one configuration. */
function registerDeliveryActions(app: RouteApp, deps: RouteDeps) {
  app.post(
    '/v2/company/callback/deliveries/:webhook_id/resend',
    {
      config: { permission: 'callbacks.manage' },
      schema: {
        tags: ['callbacks'],
        operationId: 'resendCallbackDelivery',
        summary: 'Resend one callback delivery',
        description:
          'Sends a delivered or failed message again: the same body and `webhook-id` (receivers can de-duplicate), attempts numbered on from the last, retried for 3 days. 409 while the delivery is still pending. Audited.',
        params: WebhookIdParams,
        response: { 202: CallbackDeliveryRow },
      },
    },
    async (request, reply) => {
      const { delivery, effects } = await resendDelivery(
        deps.db,
        actorOf(request),
        request.params.webhook_id,
      );
      await deps.runEffects({ rail: [], callbacks: effects });
      return reply.status(202).send(delivery);
    },
  );
  app.post(
    '/v2/company/callback/test',
    {
      config: { permission: 'callbacks.manage', openapi: { errors: [404] } },
      schema: {
        tags: ['callbacks'],
        operationId: 'sendCallbackTestEvent',
        summary: 'Send a test event to one callback URL',
        description:
          'Queues a signed `callback.test` message to one active configuration only; it is delivered, retried and shown in the delivery log like any other event. 409 when the configuration is switched off.',
        body: CallbackTestRequest,
        response: { 202: CallbackDeliveryRow },
      },
    },
    async (request, reply) => {
      const { delivery, effects } = await sendTestEvent(deps.db, actorOf(request), request.body.callback_id);
      await deps.runEffects({ rail: [], callbacks: effects });
      return reply.status(202).send(delivery);
    },
  );
}

/** Replay the failed deliveries of a date range, and follow the replay. */
function registerReplays(app: RouteApp, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.post(
    '/v2/company/callback/replays',
    {
      config: { permission: 'callbacks.manage' },
      schema: {
        tags: ['callbacks'],
        operationId: 'replayFailedCallbacks',
        summary: 'Replay the failed callbacks of a date range',
        description:
          'Starts a job that sends every FAILED delivery created in the date range (whole days in `time_zone`, optionally of one event type) again; poll its progress with the replay id. Audited.',
        body: CallbackReplayRequest,
        response: { 202: CallbackReplay },
      },
    },
    async (request, reply) => {
      const { replay, effects } = await requestReplay(deps.db, actorOf(request), request.body, p);
      await deps.runEffects({ rail: [], callbacks: [], callbackReplays: effects });
      return reply.status(202).send(replay);
    },
  );
  app.get(
    `/${p}/read/fetch/callback/replays/:replay_id`,
    {
      schema: {
        tags: ['callbacks'],
        operationId: 'getCallbackReplay',
        summary: 'Progress of a callback replay',
        description:
          'The state of a replay (QUEUED, RUNNING, COMPLETED), how many failed deliveries it covers (`total`) and how many have been sent again (`done`).',
        params: ReplayIdParams,
        response: { 200: CallbackReplay },
      },
    },
    async (request) => getReplay(deps.db, authOf(request).clientRef, request.params.replay_id),
  );
}
