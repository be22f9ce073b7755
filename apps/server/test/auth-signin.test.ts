import { decodeProtectedHeader, decodeJwt } from 'jose';
import { AUTH_MESSAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { call, encryptPassword, signIn, useServer } from './helpers.ts';

const server = useServer();

describe('POST /v2/auth/token (user_credentials)', () => {
  it('serves the RSA public key the web app encrypts with', async () => {
    const res = await call(server.current, 'GET', '/v2/auth/public-key');
    expect(res.status).toBe(200);
    expect(res.body.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('answers the full token set for a user without MFA', async () => {
    const res = await signIn(server.current, 'admin@acme.test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'owner',
      company_common_name: 'Acme Retail',
      email: 'admin@acme.test',
    });
    for (const k of ['access_token', 'refresh_token', 'id_token', 'client_id'])
      expect(typeof res.body[k]).toBe('string');
    expect(res.body.response_key).toBeUndefined();
    const token = res.body.access_token as string;
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
    const claims = decodeJwt(token);
    expect(claims.client_id).toBe(res.body.client_id);
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await signIn(server.current, 'Admin@ACME.test');
    expect(res.status).toBe(200);
  });

  it('answers the same message for an unknown e-mail and a wrong password', async () => {
    const wrong = await signIn(server.current, 'admin@acme.test', 'not-the-password1', '10.0.0.1');
    const unknown = await signIn(server.current, 'nobody@acme.test', 'whatever-password1', '10.0.0.1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(wrong.body.access_token).toBeUndefined();
    expect(wrong.body).toMatchObject({ status: 401, error: 'invalid_credentials' });
    expect(typeof wrong.body.request_id).toBe('string');
  });

  it('rejects a password that was not encrypted with the public key', async () => {
    const res = await call(server.current, 'POST', '/v2/auth/token', {
      body: {
        grant_type: 'user_credentials',
        email: 'admin@acme.test',
        encrypted_password: Buffer.from('plain').toString('base64'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('encrypted_password');
  });

  it('names the offending field on bad input', async () => {
    const badEmail = await call(server.current, 'POST', '/v2/auth/token', {
      body: {
        grant_type: 'user_credentials',
        email: 'not-an-email',
        encrypted_password: encryptPassword('x'),
      },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toBe('validation_failed');
    expect(badEmail.body.fields).toHaveProperty('email');
    const badGrant = await call(server.current, 'POST', '/v2/auth/token', {
      body: { grant_type: 'password' },
    });
    expect(badGrant.status).toBe(400);
    const notJson = await server.current.app.inject({
      method: 'POST',
      url: '/v2/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body).status).toBe(400);
  });

  it('locks an account after 10 failed sign-ins in the window, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signIn(server.current, 'admin@globex.test', `wrong-password-${i}`, '10.0.0.2');
      expect(res.status).toBe(401);
    }
    const locked = await signIn(server.current, 'admin@globex.test', undefined, '10.0.0.3');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('audits sign-ins and failures without secrets', async () => {
    const rows = await server.current.handle.db.query.auditLog.findMany();
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('auth.sign_in');
    expect(actions).toContain('auth.sign_in_failed');
    expect(JSON.stringify(rows)).not.toMatch(/Meridian#Demo2026|wrong-password/);
  });
});

describe('per-IP sign-in limit', () => {
  const limited = useServer({ RATE_LIMIT_SIGNIN_PER_IP: '3' });
  it('answers 429 after the limit from one address, not from another', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn(limited.current, 'admin@acme.test', undefined, '10.9.9.9')).status).toBe(200);
    const blocked = await signIn(limited.current, 'admin@acme.test', undefined, '10.9.9.9');
    expect(blocked.status).toBe(429);
    expect((await signIn(limited.current, 'admin@acme.test', undefined, '10.9.9.8')).status).toBe(200);
  });
});

describe('per-account sign-in limit', () => {
  const limited = useServer({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '2' });
  it('caps sign-in requests (and so SMS codes) per account, whatever the address', async () => {
    expect((await signIn(limited.current, 'admin@acme.test', undefined, '10.1.1.1')).status).toBe(200);
    expect((await signIn(limited.current, 'admin@acme.test', undefined, '10.1.1.2')).status).toBe(200);
    expect((await signIn(limited.current, 'admin@acme.test', undefined, '10.1.1.3')).status).toBe(429);
    expect((await signIn(limited.current, 'admin@globex.test', undefined, '10.1.1.3')).status).toBe(200);
  });
});
