import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@meridian/contract';
import {
  AcceptInvitationRequest,
  ChangeMemberRoleRequest,
  CustomRoleRequest,
  InvitationLookup,
  InvitationLookupQuery,
  InvitationParams,
  InviteMemberRequest,
  RoleParams,
  TeamInvitation,
  TeamMember,
  TeamMemberParams,
  TeamMembers,
  TeamRole,
  TeamRoles,
} from '@meridian/contract/team';
import { actorOf, authOf, companyLevelRoutes } from '../auth/guard.ts';
import { metaOf } from '../http/context.ts';
import { PUBLIC } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { listRoles, listTeam } from './queries.ts';
import { PendingApproval, holdOrApply, pendingApproval } from '../approvals/settings.ts';
import { holdRoleGrant, planRoleGrant } from './approval.ts';
import {
  acceptInvitation,
  inviteMember,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
import { createRole, deleteRole, updateRole } from './roles.ts';
import { changeMemberRole, deactivateMember, reactivateMember } from './service.ts';

/** Team management: a member's session whose role holds `team.manage` (never an API key). */
const MANAGE = { permission: 'team.manage', sessionOnly: true } as const;

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** Committed: answer once every process's session cache has heard of the change (the triggers notify). */
async function settled<T>(deps: RouteDeps, answer: T): Promise<T> {
  await deps.sessions.sync?.();
  return answer;
}

/**
 * Teammates and roles (/settings/team): members, invitations (and their public acceptance page), role changes,
 * deactivation and custom roles. Every change is audited; a change the session guard reads (a member's role or
 * status, a custom role's permissions) is answered once every process's session cache has heard of it.
 */
export const teamRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  registerTeamInvitations(app, deps);
  registerInvitationPage(app, deps);
  registerMemberChanges(app, deps);
  registerRoles(app, deps);
};

/** The members and pending invitations; invite, resend, revoke. */
function registerTeamInvitations(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/team/members`,
    {
      config: MANAGE,
      schema: {
        tags: ['team'],
        summary: 'Members of your company and pending invitations',
        description:
          "The company's members, oldest first, with their role, status (active or deactivated), second factor and last sign-in; and the invitations not yet accepted or revoked, newest first (`expired: true` once past their 72 hours).",
        response: { 200: TeamMembers },
      },
    },
    async (request) => listTeam(deps.db, authOf(request).clientRef),
  );

  app.post(
    '/v2/team/invitations',
    {
      config: { ...MANAGE, openapi: { errors: [409, 422] } },
      schema: {
        tags: ['team'],
        summary: 'Invite a member by e-mail',
        description:
          'E-mails a single-use link valid 72 hours to choose a password and join with `role` (a built-in client role or a custom one; only an owner invites an owner, else 403 `owner_only`). 409 when the address already has an account or a pending invitation; 422 for a role your company does not have. Audited.',
        body: InviteMemberRequest,
        response: { 201: TeamInvitation },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteMember(deps, actorOf(request), request.body, deps.publicUrl(request))),
  );

  app.post(
    '/v2/team/invitations/:urn/resend',
    {
      config: { ...MANAGE, openapi: { errors: [409, 422] } },
      schema: {
        tags: ['team'],
        summary: 'Resend an invitation',
        description:
          'Sends a pending (or expired) invitation again with a new link valid 72 hours; the previous link stops working. 409 once accepted or revoked. Audited.',
        params: InvitationParams,
        response: { 200: TeamInvitation },
      },
    },
    async (request) => resendInvitation(deps, actorOf(request), request.params.urn, deps.publicUrl(request)),
  );

  app.post(
    '/v2/team/invitations/:urn/revoke',
    {
      config: { ...MANAGE, openapi: { errors: [409] } },
      schema: {
        tags: ['team'],
        summary: 'Revoke an invitation',
        description:
          'Revokes a pending invitation: its link stops working. 409 once accepted or revoked. Audited.',
        params: InvitationParams,
        response: { 200: TeamInvitation },
      },
    },
    async (request) => revokeInvitation(deps.db, actorOf(request), request.params.urn),
  );
}

/** The public invitation page's lookup and acceptance. */
function registerInvitationPage(app: App, deps: RouteDeps) {
  app.get(
    '/v2/team/invitations/lookup',
    {
      config: { permission: 'public', openapi: { errors: [404, 410] } },
      schema: {
        tags: ['team'],
        security: PUBLIC,
        summary: 'The invitation behind a link (public)',
        description:
          "What the invitation page shows: the invited e-mail, the company, the role, and whether the company requires two-factor sign-in. 404 for an unknown token, 410 for one expired, revoked or used already. Public: the link's token is the capability.",
        querystring: InvitationLookupQuery,
        response: { 200: InvitationLookup },
      },
    },
    async (request) => lookupInvitation(deps.db, request.query.token),
  );

  app.post(
    '/v2/team/invitations/accept',
    {
      config: { permission: 'public', openapi: { errors: [404, 409, 410, 429] } },
      schema: {
        tags: ['team'],
        security: PUBLIC,
        summary: 'Accept an invitation (public)',
        description:
          "Creates the member with the invitation's role, the name given and the password chosen (`encrypted_password`, encrypted as at sign-in; at least 10 characters with a letter and a digit, else 400). The link is single-use: 404 for an unknown token, 410 for one expired, revoked or used already. Then sign in at /v2/auth/token; when the company requires two-factor sign-in, the new member sets it up first. Rate limited per IP (429).",
        body: AcceptInvitationRequest,
        response: { 201: MessageResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: await acceptInvitation(deps, request.body, metaOf(request)) }),
  );
}

/** A member's role changed (perhaps held for approval), deactivated, reactivated. */
function registerMemberChanges(app: App, deps: RouteDeps) {
  app.patch(
    '/v2/team/members/:user_id',
    {
      config: { ...MANAGE, openapi: { errors: [422] } },
      schema: {
        tags: ['team'],
        summary: "Change a member's role",
        description:
          "Gives the member another role, answered once every process's session cache has dropped the member (their next request has the new permissions). Only an owner grants or removes the owner role (403 `owner_only`); the last active owner keeps it and nobody changes their own role (422). Audited with the role before and after." +
          " When an active approval rule of action `role_grant` covers it, the change is checked as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message }` and the member keeps their role until the request is approved, when the last approver makes the change on the maker's behalf (audited with both; the approver must be allowed to make it too, and nobody approves a change of their own role); rejected or expired, it is never made. Giving the role the member has changes nothing and never waits.",
        params: TeamMemberParams,
        body: ChangeMemberRoleRequest,
        response: { 200: TeamMember, 202: PendingApproval },
      },
    },
    async (request, reply) => {
      const { user_id: userId } = request.params;
      const actor = actorOf(request);
      const answer = await holdOrApply(deps, request, 'role_grant', {
        plan: (tx) => planRoleGrant(tx, actor, userId, request.body.role),
        waits: (plan) => plan.before !== plan.after,
        hold: holdRoleGrant,
        apply: (tx) => changeMemberRole(tx, actor, userId, request.body.role),
      });
      if ('held' in answer) return reply.status(202).send(pendingApproval(answer.held, 'The role change'));
      return settled(deps, answer.done);
    },
  );

  app.post(
    '/v2/team/members/:user_id/deactivate',
    {
      config: { ...MANAGE, openapi: { errors: [422] } },
      schema: {
        tags: ['team'],
        summary: 'Deactivate a member',
        description:
          'Ends every session of the member at once, in every process (answered once all have dropped them), and refuses their sign-in until reactivated. The last active owner cannot be deactivated, nobody deactivates themselves (422), and only an owner deactivates an owner (403). Audited.',
        params: TeamMemberParams,
        response: { 200: TeamMember },
      },
    },
    async (request) => deactivateMember(deps, actorOf(request), request.params.user_id),
  );

  app.post(
    '/v2/team/members/:user_id/reactivate',
    {
      config: MANAGE,
      schema: {
        tags: ['team'],
        summary: 'Reactivate a member',
        description:
          'Lets a deactivated member sign in again (their ended sessions stay ended). Only an owner reactivates an owner (403). Audited.',
        params: TeamMemberParams,
        response: { 200: TeamMember },
      },
    },
    async (request) =>
      settled(deps, await reactivateMember(deps.db, actorOf(request), request.params.user_id)),
  );
}

/** The roles: read, and custom roles created, changed, deleted. */
function registerRoles(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/team/roles`,
    {
      config: { permission: 'self' },
      schema: {
        tags: ['team'],
        summary: 'Roles: built-in and your custom ones',
        description:
          "The built-in client roles (Owner, Admin, Finance maker, Finance approver, Developer, Viewer) with their documented permissions, then the company's custom roles, each with how many members and live API keys hold it. Any member may read it.",
        response: { 200: TeamRoles },
      },
    },
    async (request) => ({ data: await listRoles(deps.db, authOf(request).clientRef) }),
  );

  app.post(
    '/v2/team/roles',
    {
      config: { ...MANAGE, openapi: { errors: [409, 422] } },
      schema: {
        tags: ['team'],
        summary: 'Create a custom role',
        description:
          "A role made from the catalogue's client permissions (Meridian staff permissions are refused with a 400), usually starting from a built-in role (`based_on`); its key is `custom_` and the name in lowercase. 409 when a role of that name exists; 422 past 50 custom roles. Audited.",
        body: CustomRoleRequest,
        response: { 201: TeamRole },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRole(deps.db, actorOf(request), request.body)),
  );

  app.put(
    '/v2/team/roles/:role',
    {
      config: { ...MANAGE, openapi: { errors: [409, 422] } },
      schema: {
        tags: ['team'],
        summary: 'Change a custom role',
        description:
          "Changes a custom role's name, description and permissions; every member and API key holding it has the new permissions on its next request (answered once every process's session cache has heard). Built-in roles cannot change (422). Audited with the permissions before and after.",
        params: RoleParams,
        body: CustomRoleRequest,
        response: { 200: TeamRole },
      },
    },
    async (request) =>
      settled(deps, await updateRole(deps.db, actorOf(request), request.params.role, request.body)),
  );

  app.delete(
    '/v2/team/roles/:role',
    {
      config: { ...MANAGE, openapi: { errors: [409, 422] } },
      schema: {
        tags: ['team'],
        summary: 'Delete a custom role',
        description:
          'Deletes a custom role no member, live API key or pending invitation holds (409 otherwise: give them another role first). Built-in roles cannot be deleted (422). Audited.',
        params: RoleParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteRole(deps.db, actorOf(request), request.params.role);
      return { message: 'Role deleted' };
    },
  );
}
