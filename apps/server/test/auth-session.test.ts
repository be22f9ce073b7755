import { AUTH_MESSAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { CLIENT_PERMISSIONS } from '@meridian/contract/permissions';
import { call, tokensFor, useServer } from './helpers.ts';

const server = useServer();
const refresh = (refresh_token: string) =>
  call(server.current, 'POST', '/v2/auth/token', { body: { grant_type: 'refresh_token', refresh_token } });
const details = (token: string, clientId: string) =>
  call(server.current, 'GET', '/v2/user/details', { token, clientId });

describe('refresh-token rotation', () => {
  it('rotates: a new access and refresh token, the old access token still valid until it expires', async () => {
    const t = await tokensFor(server.current, 'admin@acme.test');
    const res = await refresh(t.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).not.toBe(t.refresh_token);
    expect(res.body.access_token).not.toBe(t.access_token);
    expect((await details(res.body.access_token as string, t.client_id)).status).toBe(200);
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const t = await tokensFor(server.current, 'admin@acme.test');
    const rotated = await refresh(t.refresh_token);
    const reuse = await refresh(t.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe(AUTH_MESSAGES.sessionRevoked);
    // Everything issued in that family is dead now: the newest refresh token and every access token.
    expect((await refresh(rotated.body.refresh_token as string)).status).toBe(401);
    expect((await details(rotated.body.access_token as string, t.client_id)).status).toBe(401);
    expect((await details(t.access_token, t.client_id)).status).toBe(401);
    const actions = (await server.current.handle.db.query.auditLog.findMany()).map((r) => r.action);
    expect(actions).toContain('auth.refresh_token_reuse');
  });

  it('rejects an unknown refresh token', async () => {
    const res = await refresh('not-a-token');
    expect(res.status).toBe(401);
  });

  it('does not touch other sessions of the same user', async () => {
    const a = await tokensFor(server.current, 'admin@acme.test');
    const b = await tokensFor(server.current, 'admin@acme.test');
    await refresh(a.refresh_token);
    await refresh(a.refresh_token);
    expect((await details(b.access_token, b.client_id)).status).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the access token and the refresh-token family', async () => {
    const t = await tokensFor(server.current, 'admin@acme.test');
    const out = await call(server.current, 'POST', '/v2/auth/logout', {
      token: t.access_token,
      clientId: t.client_id,
      body: {},
    });
    expect(out.status).toBe(200);
    expect((await details(t.access_token, t.client_id)).status).toBe(401);
    expect((await refresh(t.refresh_token)).status).toBe(401);
  });
});

describe('the data-route guard', () => {
  it('answers 401 without a token or with a forged one', async () => {
    const none = await call(server.current, 'GET', '/v2/user/details');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401, error: 'unauthorized' });
    const t = await tokensFor(server.current, 'admin@acme.test');
    const [h, p] = t.access_token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
    expect((await details(forged, t.client_id)).status).toBe(401);
  });

  it("answers 403 when the client_id header is another tenant's or missing", async () => {
    const acme = await tokensFor(server.current, 'admin@acme.test');
    const globex = await tokensFor(server.current, 'admin@globex.test');
    expect(acme.client_id).not.toBe(globex.client_id);
    const cross = await details(acme.access_token, globex.client_id);
    expect(cross.status).toBe(403);
    expect(cross.body.error).toBe('forbidden');
    const missing = await call(server.current, 'GET', '/v2/user/details', { token: acme.access_token });
    expect(missing.status).toBe(403);
  });
});

describe('GET/PATCH /v2/user/details', () => {
  it('answers the signed-in user with a masked phone and roles', async () => {
    const t = await tokensFor(server.current, 'admin@acme.test');
    const res = await details(t.access_token, t.client_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Asha Menon',
      email: 'admin@acme.test',
      client_id: t.client_id,
      company_common_name: 'Acme Retail',
      phone: '+91******0002',
      mfa_preference: 'none',
      mfa_required_by_company: false,
      roles: ['owner'],
      role: 'owner',
      role_name: 'Owner',
      // An owner holds every client permission; Meridian's staff permissions are not among them.
      permissions: [...CLIENT_PERMISSIONS].sort(),
    });
    const ops = await tokensFor(server.current, 'ops@meridian.test');
    const staff = await details(ops.access_token, ops.client_id);
    expect(staff.body).toMatchObject({ roles: ['meridian_ops'], role: 'meridian_ops' });
    expect(staff.body.permissions).toContain('ops.credits');
  });

  it('updates name and phone, validates them, and audits', async () => {
    const t = await tokensFor(server.current, 'admin@globex.test');
    const ok = await call(server.current, 'PATCH', '/v2/user/details', {
      token: t.access_token,
      clientId: t.client_id,
      body: { name: 'Gita R. Rao', phone: '+919811112222' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Gita R. Rao', phone: '+91******2222' });
    const bad = await call(server.current, 'PATCH', '/v2/user/details', {
      token: t.access_token,
      clientId: t.client_id,
      body: { phone: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('phone');
    const empty = await call(server.current, 'PATCH', '/v2/user/details', {
      token: t.access_token,
      clientId: t.client_id,
      body: {},
    });
    expect(empty.status).toBe(400);
    const records = await server.current.handle.db.query.auditLog.findMany();
    const updated = records.find(
      (r) => r.action === 'user.details_updated' && r.actor === 'admin@globex.test',
    );
    // Before/after of what changed, the phone masked as the profile shows it.
    expect(updated?.metadata).toEqual({
      fields: ['name', 'phone'],
      before: { name: 'Gita Rao', phone: '+91******0003' },
      after: { name: 'Gita R. Rao', phone: '+91******2222' },
    });
  });
});
