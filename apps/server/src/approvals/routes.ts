import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPROVALS_LIST,
  ApprovalDecisionsResult,
  ApprovalInbox,
  ApprovalRecord,
  ApprovalRequest,
  ApprovalRule,
  ApprovalRuleInput,
  ApprovalRuleList,
  ApprovalRulePreview,
  ApproveRequest,
  DecideMany,
  RejectRequest,
} from '@meridian/contract/approvals';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission, sessionOf } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import type { Effects } from '../jobs/effects.ts';
import { registerList } from '../lists/register-list.ts';
import { decide, decideMany } from './decide.ts';
import type { ApprovalExecutors } from './engine.ts';
import { mailApprovers } from './mail.ts';
import { countRequests, getRequest, inbox, listRequests } from './queries.ts';
import type { Decider } from './records.ts';
import { listRules, previewRule } from './rules.ts';
import { holdRuleChange, makeRuleChange, planRuleChange, type RuleChange } from './rules-approval.ts';
import { PendingApproval, holdOrApply, pendingApproval } from './settings.ts';

export type ApprovalRouteDeps = RouteDeps & { executors: ApprovalExecutors };

const urnParams = z.object({ urn: z.string().min(1).max(64) });

/** The caller as a decider: a member's session (the decision routes are session only). */
const deciderOf = (request: FastifyRequest): Decider => {
  const session = sessionOf(request);
  return { actor: actorOf(request), userRef: session.userRef, role: session.role };
};
/** The caller as a decider when a member, else null (an API key reading the list or a request). */
const readerOf = (request: FastifyRequest): Decider | null => {
  const auth = authOf(request);
  return auth.channel === 'dashboard' && auth.userRef !== null
    ? { actor: actorOf(request), userRef: auth.userRef, role: auth.role }
    : null;
};

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<ApprovalRouteDeps>>[0];

/**
 * Maker-checker approvals: the inbox, the requests list and details, decisions (one, or many with one step-up),
 * and the rules with their preview. Decisions need `approvals.decide` from a member's session with its step-up
 * token; rules need `approvals.configure`; reading requests needs `flow.read`, so makers follow their own.
 */
export const approvalRoutes: FastifyPluginAsyncZod<ApprovalRouteDeps> = async (app, deps) => {
  defaultPermission(app, 'flow.read');
  registerApprovalReads(app, deps);
  registerDecisions(app, deps);
  registerDecideMany(app, deps);
  registerRuleCreation(app, deps);
  registerRuleChanges(app, deps);
};

/** The inbox, the rules, one request and the requests list. */
function registerApprovalReads(app: App, deps: ApprovalRouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/approvals/inbox`,
    {
      config: { permission: 'approvals.decide', sessionOnly: true },
      schema: {
        tags: ['approvals'],
        summary: 'The requests waiting for the caller',
        description:
          "PENDING approval requests the signed-in member can decide now: their role is one of the current step's roles, they did not make the request and have not decided it yet. Oldest first.",
        response: { 200: ApprovalInbox },
      },
    },
    async (request) => ({ data: await inbox(deps.db, deciderOf(request)) }),
  );

  app.get(
    `/${p}/read/fetch/approvals/rules`,
    {
      config: { permission: 'approvals.configure' },
      schema: {
        tags: ['approvals'],
        summary: 'The approval rules',
        description:
          "The client's maker-checker rules by action: what they cover, when (amount band in rupees, transfer types, sources) and who approves (1–3 steps).",
        response: { 200: ApprovalRuleList },
      },
    },
    async (request) => ({ data: await listRules(deps.db, authOf(request).clientRef) }),
  );

  app.get(
    `/${p}/read/fetch/approvals/:urn`,
    {
      schema: {
        tags: ['approvals'],
        summary: 'One approval request',
        description:
          "A request with its steps, decisions, a settings change's before and after, and whether the caller may decide it now (`can_decide`); another client's urn is a 404.",
        params: urnParams,
        response: { 200: ApprovalRequest },
      },
    },
    async (request) => getRequest(deps.db, authOf(request).clientRef, request.params.urn, readerOf(request)),
  );

  registerList(app, deps.db, p, {
    list: APPROVALS_LIST,
    tag: 'approvals',
    noun: "approval requests of the caller's client",
    row: ApprovalRecord,
    fetch: listRequests,
    count: countRequests,
  });
}

// Every decision needs the approver's step-up; an approval (one or many) may run a held payout, so it moves
// money; a rejection never does.
const decisionConfig = { permission: 'approvals.decide', sessionOnly: true, stepUp: true } as const;

/** After commit: the jobs, and the e-mails of the people a newly opened step waits for. */
async function afterDecision(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  effects: Effects,
  opened: string[],
) {
  await deps.runEffects(effects);
  // A change an approval made may have told the session caches to drop something as it committed (the IP
  // allow-list, an API key's or a member's role): answered once every process, this one included, has heard.
  await deps.sessions.sync?.();
  const clientRef = authOf(request).clientRef;
  for (const urn of opened)
    await mailApprovers(deps.db, deps.email, clientRef, urn, deps.publicUrl(request), (err) =>
      request.log.error({ err }, 'approval e-mail failed'),
    );
}

/** Approve or reject one request. */
function registerDecisions(app: App, deps: ApprovalRouteDeps) {
  app.post(
    '/v2/approvals/:urn/approve',
    {
      config: { ...decisionConfig, openapi: { movesMoney: true } },
      schema: {
        tags: ['approvals'],
        summary: 'Approve a request',
        description:
          "Approves the request's current step for the signed-in member (with their step-up token). When it completes the last step the held action runs at once: the payout is debited and sent (the balance is checked now: short, the request ends FAILED and the payout REJECTED). 403 `approval_own_request` for one's own request, 403 `approval_not_your_step` when the step needs another role, 409 `approval_already_decided` or `approval_not_pending`.",
        params: urnParams,
        body: ApproveRequest,
        response: { 200: ApprovalRequest },
      },
    },
    async (request) => {
      const done = await decide(
        deps.db,
        deciderOf(request),
        request.params.urn,
        'APPROVE',
        request.body.reason ?? null,
        { executors: deps.executors },
      );
      await afterDecision(deps, request, done.effects, done.nextStepOpened ? [request.params.urn] : []);
      return done.request;
    },
  );

  app.post(
    '/v2/approvals/:urn/reject',
    {
      config: decisionConfig,
      schema: {
        tags: ['approvals'],
        summary: 'Reject a request',
        description:
          'Rejects the request with a reason (required): it ends REJECTED and what it held does not happen (a payout ends REJECTED naming who rejected it and why). The same refusals as an approval.',
        params: urnParams,
        body: RejectRequest,
        response: { 200: ApprovalRequest },
      },
    },
    async (request) => {
      const done = await decide(
        deps.db,
        deciderOf(request),
        request.params.urn,
        'REJECT',
        request.body.reason,
        { executors: deps.executors },
      );
      await afterDecision(deps, request, done.effects, []);
      return done.request;
    },
  );
}

/** Decide many requests with one step-up. */
function registerDecideMany(app: App, deps: ApprovalRouteDeps) {
  app.post(
    '/v2/approvals/decisions',
    {
      config: { ...decisionConfig, openapi: { movesMoney: true } },
      schema: {
        tags: ['approvals'],
        summary: 'Decide many requests at once',
        description:
          'Approves or rejects up to 200 requests with one step-up: each is decided on its own (one refused leaves the others decided) and the answer says per urn what happened (`ok`, the status, or the error key and message).',
        body: DecideMany,
        response: { 200: ApprovalDecisionsResult },
      },
    },
    async (request) => {
      const { urns, decision, reason } = request.body;
      const done = await decideMany(deps.db, deciderOf(request), urns, decision, reason || null, {
        executors: deps.executors,
      });
      await afterDecision(deps, request, done.effects, done.nextStepOpened);
      const ok = done.results.filter((r) => r.ok);
      return {
        data: done.results,
        approved: ok.filter((r) => r.status === 'APPROVED' || r.status === 'PENDING').length,
        rejected: ok.filter((r) => r.status === 'REJECTED').length,
        failed: done.results.length - ok.length + ok.filter((r) => r.status === 'FAILED').length,
      };
    },
  );
}

const configure = { permission: 'approvals.configure' } as const;

/** A rule change: made at once, or waiting under an active rule of action `approval_rule` (rules-approval.ts). */
const changeRule = (deps: ApprovalRouteDeps, request: FastifyRequest, change: RuleChange) =>
  holdOrApply(deps, request, 'approval_rule', {
    plan: (tx) => planRuleChange(tx, actorOf(request), change),
    hold: holdRuleChange,
    apply: (tx) => makeRuleChange(tx, actorOf(request), change),
  });

/** Create a rule, and preview what a draft rule would have held. */
function registerRuleCreation(app: App, deps: ApprovalRouteDeps) {
  app.post(
    '/v2/approval_rules',
    {
      config: configure,
      schema: {
        tags: ['approvals'],
        summary: 'Create an approval rule',
        description:
          'A rule for one action: its conditions (amounts in rupees, both ends included; transfer types for payouts; sources for payouts and bulks) and 1–3 sequential steps of N people with one of the roles (each role must hold `approvals.decide`). 422 `invalid_rule` names what does not fit.' +
          " While an active approval rule of action `approval_rule` covers rule changes, this one is checked as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message }` and it waits until approved (made then by the last approver on the maker's behalf, audited with both), never made if rejected or expired.",
        body: ApprovalRuleInput,
        response: { 201: ApprovalRule, 202: PendingApproval },
      },
    },
    async (request, reply) => {
      const answer = await changeRule(deps, request, { op: 'create', input: request.body });
      if ('held' in answer)
        return reply.status(202).send(pendingApproval(answer.held, 'The new approval rule'));
      return reply.status(201).send(answer.done);
    },
  );

  app.post(
    '/v2/approval_rules/preview',
    {
      config: configure,
      schema: {
        tags: ['approvals'],
        summary: 'What a draft rule would have held',
        description:
          "The count and sum of the client's payouts (a payout rule) or bulks (a bulk rule) of the last 90 days that the draft rule's conditions would have held, by the same matching as the rule itself. Nothing is saved.",
        body: ApprovalRuleInput,
        response: { 200: ApprovalRulePreview },
      },
    },
    async (request) => previewRule(deps.db, authOf(request).clientRef, request.body),
  );
}

/** Change or delete a rule. */
function registerRuleChanges(app: App, deps: ApprovalRouteDeps) {
  app.put(
    '/v2/approval_rules/:urn',
    {
      config: configure,
      schema: {
        tags: ['approvals'],
        summary: 'Change an approval rule',
        description:
          'Replaces the rule (the same checks as creating it). Requests already waiting keep the steps they were made with.' +
          " While an active approval rule of action `approval_rule` covers rule changes, this one is checked as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message }` and it waits until approved (made then by the last approver on the maker's behalf, audited with both), never made if rejected or expired.",
        params: urnParams,
        body: ApprovalRuleInput,
        response: { 200: ApprovalRule, 202: PendingApproval },
      },
    },
    async (request, reply) => {
      const { urn } = request.params;
      const answer = await changeRule(deps, request, { op: 'update', urn, input: request.body });
      if ('held' in answer)
        return reply.status(202).send(pendingApproval(answer.held, `The change of rule ${urn}`));
      return answer.done;
    },
  );

  app.delete(
    '/v2/approval_rules/:urn',
    {
      config: configure,
      schema: {
        tags: ['approvals'],
        summary: 'Delete an approval rule',
        description:
          'Deletes the rule and answers it as it was; requests already waiting stay as they are.' +
          " While an active approval rule of action `approval_rule` covers rule changes, this one is checked as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message }` and it waits until approved (made then by the last approver on the maker's behalf, audited with both), never made if rejected or expired.",
        params: urnParams,
        response: { 200: ApprovalRule, 202: PendingApproval },
      },
    },
    async (request, reply) => {
      const { urn } = request.params;
      const answer = await changeRule(deps, request, { op: 'delete', urn });
      if ('held' in answer)
        return reply.status(202).send(pendingApproval(answer.held, `The deletion of rule ${urn}`));
      return answer.done;
    },
  );
}
