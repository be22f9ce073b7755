import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, encryptPassword, signIn, tokensFor, useServer } from './helpers.ts';

const server = useServer();

describe('platform', () => {
  it('GET /health names the database kind', async () => {
    const res = await call(server.current, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', env: 'staging' });
    expect(res.body.database).toBe(process.env.DATABASE_URL ? 'postgresql' : 'pglite');
  });

  it('sends security headers, a request id and no-store on API answers', async () => {
    const res = await call(server.current, 'GET', '/v2/auth/public-key');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^REQ/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses answers above 1 KB for clients that accept it, and only those', async () => {
    const big = await server.current.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi?: string };
    expect(doc.openapi).toMatch(/^3\./);
    const small = await call(server.current, 'GET', '/health', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await call(server.current, 'GET', '/v2/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, error: 'not_found' });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });

  it('publishes the OpenAPI document generated from the shared schemas', async () => {
    const res = await call(server.current, 'GET', '/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    for (const p of [
      '/v2/auth/token',
      '/v2/mfa/verify',
      '/v2/auth/public-key',
      '/v2/user/details',
      '/excalibur/password/reset_link',
    ])
      expect(paths).toHaveProperty(p);
    const ui = await server.current.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('<redoc spec-url="/docs/json"');
    expect(ui.body).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script: the CSP allows none
  });

  it('stores a request for access from the sign-up form', async () => {
    const res = await call(server.current, 'POST', '/v2/auth/access_request', {
      body: {
        company_name: 'Initech',
        name: 'Peter Gibbons',
        email: 'peter@initech.test',
        phone: '+919876543210',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.request_urn).toMatch(/^ACR/);
    const rows = await server.current.handle.db.query.accessRequests.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyName: 'Initech', email: 'peter@initech.test' });
    const bad = await call(server.current, 'POST', '/v2/auth/access_request', {
      body: { company_name: 'X' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toBeTruthy();
  });

  it('never writes passwords, codes or tokens to the log', async () => {
    const t = await tokensFor(server.current, 'admin@acme.test');
    await call(server.current, 'GET', '/v2/user/details', { token: t.access_token, clientId: t.client_id });
    await call(server.current, 'POST', '/v2/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: t.refresh_token },
    });
    const mfa = await signIn(server.current, 'finance@acme.test');
    const code = server.current.lastOtp('+919800000001');
    await call(server.current, 'POST', '/v2/mfa/verify', {
      body: { request_urn: mfa.body.request_urn, otp: code },
    });
    await call(server.current, 'POST', '/v2/auth/token', {
      body: {
        grant_type: 'user_credentials',
        email: 'admin@acme.test',
        encrypted_password: encryptPassword('Wrong#Password1'),
      },
    });
    const log = server.current.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [DEMO_PASSWORD, 'Wrong#Password1', t.access_token, t.refresh_token, code])
      expect(log).not.toContain(secret);
  });
});
