import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IpAllowlist,
  IpWhitelistRequest,
  IpWhitelistResult,
  MAX_IP_ALLOWLIST_ENTRIES,
} from '@meridian/contract/ip-allowlist';
import { confirmPassword } from '../auth/confirm-password.ts';
import { actorOf, authOf, sessionOf, defaultPermission, companyLevelRoutes } from '../auth/guard.ts';
import { metaOf } from '../http/context.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import {
  allowlistOwner,
  addAllowlistEntry,
  listAllowlist,
  planAllowlistChange,
  removeAllowlistEntry,
} from './service.ts';
import { PendingApproval, holdOrApply, pendingApproval } from '../approvals/settings.ts';
import { holdAllowlistChange } from './approval.ts';

/**
 * The client's IP allow-list: read it, add or remove an entry. A change needs the admin role and the
 * user's password again (step-up); it is audited with the list before and after, and every process drops its
 * cached copy of the list before the answer, so the next API-key call is checked against the new list.
 */
export const ipAllowlistRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  // Any member of the client may read the allow-list (accounts.read); changing it names ip_allowlist.manage.
  defaultPermission(app, 'accounts.read');
  const p = deps.config.PROVIDER;

  app.get(
    `/${p}/read/fetch/whitelisted_ips`,
    {
      schema: {
        tags: ['ip allow-list'],
        summary: 'Your IP allow-list (whitelisted IPs)',
        description:
          "The addresses and CIDR ranges the client's API keys may call from, oldest first, with who added each and when. While the list is empty (`enforced: false`) API keys work from any address. `caller_ip` is this request's address as the server sees it.",
        response: { 200: IpAllowlist },
      },
    },
    async (request) => {
      const data = await listAllowlist(deps.db, authOf(request).clientRef);
      return {
        data,
        enforced: data.length > 0,
        max_entries: MAX_IP_ALLOWLIST_ENTRIES,
        caller_ip: request.ip,
      };
    },
  );

  app.post(
    '/v2/request_ip_whitelist',
    {
      schema: {
        tags: ['ip allow-list'],
        summary: 'Add or remove an IP allow-list entry (password required)',
        description:
          "Adds (`action: add`, with a label) or removes (`action: remove`) one address or CIDR range, confirmed with the signed-in admin's password as `encrypted_password` (as at sign-in). Host bits set, ranges wider than /16 (IPv4) or /48 (IPv6) and bad addresses are a 400 naming `ip`; a range already listed (in any spelling) is a 409; a full list (100 entries) a 422; a wrong password a 403 `step_up_failed`, and too many of them a 429. Once the list is not empty, API-key calls from other addresses are refused with a 403." +
          " When an active approval rule of action `ip_allowlist` covers the change, it is checked (and the password confirmed) as when it is made, then not made: the answer is 202 `{ approval_urn, status: 'PENDING_APPROVAL', message }` and the list stays as it is until the request is approved, when the last approver makes the change on the maker's behalf (audited with both) and every process drops its copy of the list as it commits; rejected or expired, it is never made.",
        body: IpWhitelistRequest,
        response: { 200: IpWhitelistResult, 201: IpWhitelistResult, 202: PendingApproval },
      },
      config: { permission: 'ip_allowlist.manage', openapi: { errors: [404, 409, 422, 429] } },
    },
    async (request, reply) => {
      const body = request.body;
      // A member confirms with their password; an API key (its role holds the permission) has none to give.
      if (authOf(request).channel === 'dashboard')
        await confirmPassword(
          deps,
          sessionOf(request),
          body.encrypted_password,
          metaOf(request),
          `ip_allowlist.${body.action}`,
        );
      const actor = actorOf(request);
      const change = { action: body.action, ip: body.ip, label: body.label ?? '' };
      const answer = await holdOrApply(deps, request, 'ip_allowlist', {
        plan: (tx) => planAllowlistChange(tx, actor.clientRef, change),
        hold: (plan) => holdAllowlistChange(change, plan),
        apply: (tx) =>
          change.action === 'add'
            ? addAllowlistEntry(tx, actor, change)
            : removeAllowlistEntry(tx, actor, change),
      });
      if ('held' in answer)
        return reply
          .status(202)
          .send(
            pendingApproval(
              answer.held,
              `The ${change.action === 'add' ? 'addition' : 'removal'} of ${change.ip}`,
            ),
          );
      // Committed: every process forgets its copy of this client's list before we answer.
      await deps.sessions.revoked([allowlistOwner(actor.clientRef)]);
      return reply.status(body.action === 'add' ? 201 : 200).send(answer.done);
    },
  );
};
