import { like } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@meridian/contract/team';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations } from '../src/db/schema.ts';
import { call, encryptPassword, signIn, tokensFor, useServer, type Reply } from './helpers.ts';

const server = useServer();
const P = 'meridian';
const PASSWORD = 'Joined-Team-2026';

type Tokens = Awaited<ReturnType<typeof tokensFor>>;
type Member = { user_id: string; email: string; role: string; role_name: string; status: string };
type Invitation = { urn: string; email: string; expired: boolean; role_name: string };

const as = (
  tokens: Tokens,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<Reply> =>
  call(server.current, method, url, {
    token: tokens.access_token,
    clientId: tokens.client_id,
    ...(body !== undefined ? { body } : {}),
  });

const team = async (tokens: Tokens) => {
  const res = await as(tokens, 'GET', `/${P}/read/fetch/team/members`);
  expect(res.status).toBe(200);
  return res.body as { members: Member[]; invitations: Invitation[] };
};
const memberId = async (tokens: Tokens, email: string) => {
  const found = (await team(tokens)).members.find((m) => m.email === email);
  if (!found) throw new Error(`${email} is not a member`);
  return found.user_id;
};
const tokenIn = (email: string) =>
  server.current.lastEmail(email).text.match(/\/accept-invite\?token=([\w-]+)/)![1]!;
/** The member who joined through the first invitation, signed in with the password they chose. */
const newMember = async () => {
  const res = await signIn(server.current, 'new.viewer@acme.test', PASSWORD);
  expect(res.status).toBe(200);
  return res.body as Tokens;
};
const lookup = (token: string) =>
  call(server.current, 'GET', `/v2/team/invitations/lookup?token=${encodeURIComponent(token)}`);
const accept = (token: string, password = PASSWORD, name = 'New Person') =>
  call(server.current, 'POST', '/v2/team/invitations/accept', {
    body: { token, name, encrypted_password: encryptPassword(password) },
  });

let owner: Tokens;
let globex: Tokens;

beforeAll(async () => {
  owner = await tokensFor(server.current, 'admin@acme.test');
  globex = await tokensFor(server.current, 'admin@globex.test');
});

describe('invitations', () => {
  it('invite → e-mailed single-use link → accept → the new member signs in with the role’s permissions', async () => {
    const invited = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'New.Viewer@acme.test',
      name: 'Nisha Verma',
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: 'new.viewer@acme.test',
      role: 'viewer',
      role_name: 'Viewer',
      invited_by: 'admin@acme.test',
      expired: false,
    });
    const hours =
      (Date.parse(String(invited.body.expires_at)) - Date.parse(String(invited.body.sent_at))) / 36e5;
    expect(hours).toBe(72);
    const mail = server.current.lastEmail('new.viewer@acme.test');
    expect(mail.subject).toContain('Acme Retail');
    expect(mail.text).toContain('Viewer');
    const token = tokenIn('new.viewer@acme.test');
    // Only the token's SHA-256 is kept, and the outbox copy has no token.
    const rows = await server.current.handle.db.select().from(invitations);
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
    const outbox = await server.current.handle.db.query.outbox.findMany();
    expect(outbox.filter((m) => m.recipient === 'new.viewer@acme.test').at(-1)!.body).toContain(
      'token=[redacted]',
    );

    // A second invitation to the same address, or to a member, is a conflict.
    const again = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'new.viewer@acme.test',
      role: 'viewer',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_invited');
    const member = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'analyst@acme.test',
      role: 'viewer',
    });
    expect(member.status).toBe(409);
    const unknownRole = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'x@acme.test',
      role: 'custom_nothing',
    });
    expect(unknownRole.status).toBe(422);
    expect(
      (await as(owner, 'POST', '/v2/team/invitations', { email: 'x@acme.test', role: 'meridian_ops' }))
        .status,
    ).toBe(422);

    const seen = await lookup(token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      email: 'new.viewer@acme.test',
      name: 'Nisha Verma',
      company: 'Acme Retail',
      role: 'viewer',
      role_name: 'Viewer',
      mfa_required_by_company: false,
    });
    expect((await lookup('not-a-token')).status).toBe(404);

    const weak = await accept(token, 'short');
    expect(weak.status).toBe(400);
    const ok = await accept(token, PASSWORD, 'Nisha Verma');
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe(TEAM_MESSAGES.accepted);
    // Single use.
    const twice = await accept(token);
    expect(twice.status).toBe(410);
    expect(twice.body.message).toBe(TEAM_MESSAGES.invitationGone);
    expect((await lookup(token)).status).toBe(410);

    const signedIn = await signIn(server.current, 'new.viewer@acme.test', PASSWORD);
    expect(signedIn.status).toBe(200);
    const tokens = signedIn.body as Tokens;
    const details = await as(tokens, 'GET', '/v2/user/details');
    expect(details.body).toMatchObject({ role: 'viewer', role_name: 'Viewer', name: 'Nisha Verma' });
    expect(details.body.permissions).not.toContain('team.manage');
    const denied = await as(tokens, 'GET', `/${P}/read/fetch/team/members`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('permission_denied');
    // Any member reads the roles.
    expect((await as(tokens, 'GET', `/${P}/read/fetch/team/roles`)).status).toBe(200);

    const list = await team(owner);
    const joined = list.members.find((m) => m.email === 'new.viewer@acme.test');
    expect(joined).toMatchObject({
      role: 'viewer',
      role_name: 'Viewer',
      status: 'active',
      two_factor: 'none',
    });
    expect((joined as unknown as { last_sign_in_at: string | null }).last_sign_in_at).not.toBeNull();
    expect(list.invitations.some((i) => i.email === 'new.viewer@acme.test')).toBe(false);
  });

  it('records the last sign-in of every successful sign-in', async () => {
    const before = (await team(owner)).members.find((m) => m.email === 'approver@acme.test') as unknown as {
      last_sign_in_at: string | null;
    };
    await tokensFor(server.current, 'approver@acme.test');
    const after = (await team(owner)).members.find((m) => m.email === 'approver@acme.test') as unknown as {
      last_sign_in_at: string | null;
    };
    expect(after.last_sign_in_at).not.toBeNull();
    expect(after.last_sign_in_at).not.toBe(before.last_sign_in_at);
  });

  it('resend sends a new link (the old one stops working); revoke ends it', async () => {
    const invited = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'resend@acme.test',
      role: 'developer',
    });
    expect(invited.status).toBe(201);
    const urn = String(invited.body.urn);
    const first = tokenIn('resend@acme.test');
    const resent = await as(owner, 'POST', `/v2/team/invitations/${urn}/resend`);
    expect(resent.status).toBe(200);
    const second = tokenIn('resend@acme.test');
    expect(second).not.toBe(first);
    expect((await lookup(first)).status).toBe(404);
    expect((await lookup(second)).status).toBe(200);
    const revoked = await as(owner, 'POST', `/v2/team/invitations/${urn}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await lookup(second)).status).toBe(410);
    expect((await accept(second)).status).toBe(410);
    expect((await as(owner, 'POST', `/v2/team/invitations/${urn}/resend`)).status).toBe(409);
    expect((await as(owner, 'POST', `/v2/team/invitations/${urn}/revoke`)).status).toBe(409);
    expect((await team(owner)).invitations.some((i) => i.urn === urn)).toBe(false);
  });

  it('refuses an expired invitation; a new one to the same address replaces it', async () => {
    const invited = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'late@acme.test',
      role: 'viewer',
    });
    const token = tokenIn('late@acme.test');
    await server.current.handle.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(invitations.email, 'late@acme.test'));
    expect((await lookup(token)).status).toBe(410);
    expect((await accept(token)).status).toBe(410);
    expect((await signIn(server.current, 'late@acme.test', PASSWORD)).status).toBe(401);
    const listed = (await team(owner)).invitations.find((i) => i.urn === invited.body.urn);
    expect(listed?.expired).toBe(true);
    const again = await as(owner, 'POST', '/v2/team/invitations', {
      email: 'late@acme.test',
      role: 'viewer',
    });
    expect(again.status).toBe(201);
    const urns = (await team(owner)).invitations
      .filter((i) => i.email === 'late@acme.test')
      .map((i) => i.urn);
    expect(urns).toEqual([again.body.urn]);
  });
});

describe('roles and status of members', () => {
  it('keeps the last active owner, and nobody changes their own role or deactivates themselves', async () => {
    const me = await memberId(owner, 'admin@acme.test');
    const demote = await as(owner, 'PATCH', `/v2/team/members/${me}`, { role: 'admin' });
    expect(demote.status).toBe(422);
    expect(demote.body.message).toBe(TEAM_MESSAGES.lastOwner);
    const off = await as(owner, 'POST', `/v2/team/members/${me}/deactivate`);
    expect(off.status).toBe(422);
    expect(off.body.message).toBe(TEAM_MESSAGES.lastOwner);

    // With a second owner the rule that applies is "not yourself".
    const analyst = await memberId(owner, 'analyst@acme.test');
    expect((await as(owner, 'PATCH', `/v2/team/members/${analyst}`, { role: 'owner' })).status).toBe(200);
    const own = await as(owner, 'PATCH', `/v2/team/members/${me}`, { role: 'admin' });
    expect(own.status).toBe(422);
    expect(own.body.message).toBe(TEAM_MESSAGES.ownRole);
    const ownOff = await as(owner, 'POST', `/v2/team/members/${me}/deactivate`);
    expect(ownOff.status).toBe(422);
    expect(ownOff.body.message).toBe(TEAM_MESSAGES.ownStatus);
    const back = await as(owner, 'PATCH', `/v2/team/members/${analyst}`, { role: 'viewer' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ role: 'viewer', role_name: 'Viewer' });
  });

  it('a role change reaches the member’s existing session; an admin cannot grant or remove owner', async () => {
    const maker = await tokensFor(server.current, 'maker@acme.test');
    expect((await as(maker, 'GET', `/${P}/read/fetch/team/members`)).status).toBe(403);
    const makerId = await memberId(owner, 'maker@acme.test');
    const promoted = await as(owner, 'PATCH', `/v2/team/members/${makerId}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', role_name: 'Admin' });
    // The same token, answered by the new role.
    expect((await as(maker, 'GET', `/${P}/read/fetch/team/members`)).status).toBe(200);

    const analyst = await memberId(owner, 'analyst@acme.test');
    const me = await memberId(owner, 'admin@acme.test');
    const grant = await as(maker, 'PATCH', `/v2/team/members/${analyst}`, { role: 'owner' });
    expect(grant.status).toBe(403);
    expect(grant.body).toMatchObject({ error: 'owner_only', message: TEAM_MESSAGES.ownerOnly });
    expect((await as(maker, 'PATCH', `/v2/team/members/${me}`, { role: 'viewer' })).status).toBe(403);
    expect((await as(maker, 'POST', `/v2/team/members/${me}/deactivate`)).status).toBe(403);
    expect(
      (await as(maker, 'POST', '/v2/team/invitations', { email: 'boss@acme.test', role: 'owner' })).status,
    ).toBe(403);
    // Other roles an admin may give.
    expect((await as(maker, 'PATCH', `/v2/team/members/${analyst}`, { role: 'developer' })).status).toBe(200);
    expect((await as(maker, 'PATCH', `/v2/team/members/${analyst}`, { role: 'viewer' })).status).toBe(200);
    expect((await as(owner, 'PATCH', `/v2/team/members/${makerId}`, { role: 'finance_maker' })).status).toBe(
      200,
    );
    expect((await as(maker, 'GET', `/${P}/read/fetch/team/members`)).status).toBe(403);
  });

  it('deactivation ends the member’s sessions at once and refuses sign-in; reactivation lets them back', async () => {
    const member = await newMember();
    expect((await as(member, 'GET', '/v2/user/details')).status).toBe(200);
    const id = await memberId(owner, 'new.viewer@acme.test');
    const off = await as(owner, 'POST', `/v2/team/members/${id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('deactivated');
    const next = await as(member, 'GET', '/v2/user/details');
    expect(next.status).toBe(401);
    const refused = await signIn(server.current, 'new.viewer@acme.test', PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'account_deactivated', message: TEAM_MESSAGES.deactivated });
    // A wrong password says nothing about the account.
    expect((await signIn(server.current, 'new.viewer@acme.test', 'Wrong-Password-1')).status).toBe(401);
    // The refresh token of the ended session is refused too.
    const refreshed = await call(server.current, 'POST', '/v2/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: member.refresh_token },
    });
    expect(refreshed.status).toBe(401);

    const on = await as(owner, 'POST', `/v2/team/members/${id}/reactivate`);
    expect(on.status).toBe(200);
    expect(on.body.status).toBe('active');
    expect((await as(member, 'GET', '/v2/user/details')).status).toBe(401);
    expect((await signIn(server.current, 'new.viewer@acme.test', PASSWORD)).status).toBe(200);
  });
});

describe('custom roles', () => {
  it('creates a role from client permissions, gives it, changes it (live), and deletes it once unused', async () => {
    const bad = await as(owner, 'POST', '/v2/team/roles', {
      name: 'Sneaky',
      permissions: ['flow.read', 'ops.credits'],
    });
    expect(bad.status).toBe(400);
    const builtInName = await as(owner, 'POST', '/v2/team/roles', {
      name: 'viewer',
      permissions: ['flow.read'],
    });
    expect(builtInName.status).toBe(409);

    const created = await as(owner, 'POST', '/v2/team/roles', {
      name: 'Payouts clerk',
      description: 'Reads and pays',
      based_on: 'viewer',
      permissions: ['flow.read', 'payouts.create', 'flow.read'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      role: 'custom_payouts_clerk',
      name: 'Payouts clerk',
      built_in: false,
      based_on: 'viewer',
      permissions: ['flow.read', 'payouts.create'],
    });
    expect(
      (await as(owner, 'POST', '/v2/team/roles', { name: 'payouts CLERK', permissions: ['flow.read'] }))
        .status,
    ).toBe(409);

    const member = await newMember();
    const roles = await as(member, 'GET', `/${P}/read/fetch/team/roles`);
    const list = roles.body.data as Array<{ role: string; built_in: boolean; permissions: string[] }>;
    expect(list.filter((r) => r.built_in).map((r) => r.role)).toEqual([
      'owner',
      'admin',
      'finance_maker',
      'finance_approver',
      'developer',
      'viewer',
    ]);
    expect(list.some((r) => r.role === 'custom_payouts_clerk')).toBe(true);

    const id = await memberId(owner, 'new.viewer@acme.test');
    const given = await as(owner, 'PATCH', `/v2/team/members/${id}`, { role: 'custom_payouts_clerk' });
    expect(given.status).toBe(200);
    expect(given.body.role_name).toBe('Payouts clerk');
    const details = await as(member, 'GET', '/v2/user/details');
    expect(details.body.permissions).toEqual(['flow.read', 'payouts.create']);
    expect((await as(member, 'GET', `/${P}/read/fetch/team/members`)).status).toBe(403);

    const changed = await as(owner, 'PUT', '/v2/team/roles/custom_payouts_clerk', {
      name: 'Payouts clerk',
      permissions: ['flow.read', 'team.manage'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.members).toBe(1);
    // The member's existing session has the new permissions at once.
    expect((await as(member, 'GET', `/${P}/read/fetch/team/members`)).status).toBe(200);

    const inUse = await as(owner, 'DELETE', '/v2/team/roles/custom_payouts_clerk');
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('1 member');
    expect((await as(owner, 'DELETE', '/v2/team/roles/viewer')).status).toBe(422);
    expect(
      (await as(owner, 'PUT', '/v2/team/roles/viewer', { name: 'X y', permissions: ['flow.read'] })).status,
    ).toBe(422);
    expect((await as(owner, 'PATCH', `/v2/team/members/${id}`, { role: 'viewer' })).status).toBe(200);
    const deleted = await as(owner, 'DELETE', '/v2/team/roles/custom_payouts_clerk');
    expect(deleted.status).toBe(200);
    expect((await as(owner, 'DELETE', '/v2/team/roles/custom_payouts_clerk')).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('another client sees and changes none of it', async () => {
    const theirs = await team(globex);
    expect(theirs.members.map((m) => m.email)).toEqual(['admin@globex.test']);
    expect(theirs.invitations.some((i) => i.email.endsWith('@acme.test'))).toBe(false);
    const acme = await team(owner);
    const analyst = acme.members.find((m) => m.email === 'analyst@acme.test')!.user_id;
    const pending = acme.invitations.find((i) => i.email === 'late@acme.test')!.urn;
    expect((await as(globex, 'PATCH', `/v2/team/members/${analyst}`, { role: 'owner' })).status).toBe(404);
    expect((await as(globex, 'POST', `/v2/team/members/${analyst}/deactivate`)).status).toBe(404);
    expect((await as(globex, 'POST', `/v2/team/invitations/${pending}/revoke`)).status).toBe(404);
    expect((await as(globex, 'POST', `/v2/team/invitations/${pending}/resend`)).status).toBe(404);

    const role = await as(owner, 'POST', '/v2/team/roles', { name: 'Acme only', permissions: ['flow.read'] });
    expect(role.status).toBe(201);
    const globexRoles = (await as(globex, 'GET', `/${P}/read/fetch/team/roles`)).body.data as Array<{
      role: string;
    }>;
    expect(globexRoles.some((r) => r.role === role.body.role)).toBe(false);
    expect((await as(globex, 'DELETE', `/v2/team/roles/${String(role.body.role)}`)).status).toBe(404);
    const globexAdmin = theirs.members[0]!.user_id;
    expect(
      (await as(globex, 'POST', '/v2/team/invitations', { email: 'x@globex.test', role: role.body.role }))
        .status,
    ).toBe(422);
    expect((await as(owner, 'PATCH', `/v2/team/members/${globexAdmin}`, { role: 'viewer' })).status).toBe(
      404,
    );
  });

  it('audits every change', async () => {
    const rows = await server.current.handle.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'team.%'));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'team.member_invited',
      'team.invitation_resent',
      'team.invitation_revoked',
      'team.invitation_accepted',
      'team.member_role_changed',
      'team.member_deactivated',
      'team.member_reactivated',
      'team.role_created',
      'team.role_updated',
      'team.role_deleted',
    ])
      expect(actions).toContain(action);
    const change = rows.find((r) => r.action === 'team.member_role_changed');
    expect(change?.metadata).toMatchObject({ before: expect.any(String), after: expect.any(String) });
  });
});
