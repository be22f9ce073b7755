import { AUTH_MESSAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { call, encryptPassword, signIn, tokensFor, useServer } from './helpers.ts';

const server = useServer();
const requestLink = (email: string) =>
  call(server.current, 'POST', '/excalibur/password/reset_link', { body: { email } });
const reset = (token: string, password: string) =>
  call(server.current, 'POST', '/excalibur/password/reset', {
    body: { token, encrypted_password: encryptPassword(password) },
  });

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists, and e-mails a link only to real accounts', async () => {
    const known = await requestLink('admin@globex.test');
    const unknown = await requestLink('ghost@globex.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    expect(unknown.body).toEqual(known.body);
    expect(server.current.outbox.email.map((m) => m.to)).toEqual(['admin@globex.test']);
    expect(server.current.lastEmail('admin@globex.test').text).toMatch(/\/reset-password\?token=[\w-]{20,}/);
  });

  it('sets a new password, revokes existing sessions, and the link works once', async () => {
    const before = await tokensFor(server.current, 'admin@globex.test');
    await requestLink('admin@globex.test');
    const token = server.current.lastEmail('admin@globex.test').text.match(/token=([\w-]+)/)![1]!;
    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    const ok = await reset(token, 'New-Password-2026');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(AUTH_MESSAGES.passwordChanged);
    expect(
      (
        await call(server.current, 'GET', '/v2/user/details', {
          token: before.access_token,
          clientId: before.client_id,
        })
      ).status,
    ).toBe(401);
    expect((await signIn(server.current, 'admin@globex.test')).status).toBe(401);
    expect((await signIn(server.current, 'admin@globex.test', 'New-Password-2026')).status).toBe(200);
    const again = await reset(token, 'Another-Password-2027');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('stores the outbox copy without the token', async () => {
    const rows = await server.current.handle.db.query.outbox.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.body).toContain('token=[redacted]');
  });
});
