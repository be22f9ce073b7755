import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { call, encryptPassword, tokensFor, useServerPair, type TestServer } from './helpers.ts';

// Every process caches the sessions its guard has checked (src/db/session-cache.ts). These tests run two
// server instances on one database (on PostgreSQL: separate connections, like two API processes; on PGlite:
// the one embedded connection, the single-process case) and check that whatever ends a session, or changes
// what the guard reads, is refused or seen on the very next call through either instance.
const pair = useServerPair();
const onPostgres = !!process.env.DATABASE_URL;

type Tokens = Awaited<ReturnType<typeof tokensFor>>;
const details = (server: TestServer, t: Tokens, clientId = t.client_id) =>
  call(server, 'GET', '/v2/user/details', { token: t.access_token, clientId });
const logout = (server: TestServer, t: Tokens) =>
  call(server, 'POST', '/v2/auth/logout', { token: t.access_token, clientId: t.client_id, body: {} });
const refresh = (server: TestServer, refresh_token: string) =>
  call(server, 'POST', '/v2/auth/token', { body: { grant_type: 'refresh_token', refresh_token } });
const sessionOf = (t: Tokens) =>
  (JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
/**
 * Raw SQL, as an operator would run it (not through the server). Each process hears of the change as soon as
 * its listener receives the notification; `sync` waits for exactly that on both instances.
 */
async function exec(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const rows = await queryRows<Record<string, unknown>>(pair.a.handle.db, query);
  for (const s of [pair.a, pair.b]) await s.sessions.sync();
  return rows;
}

/** Calls through `server` twice and checks that the second answer came from its session cache. */
async function cachedOn(server: TestServer, t: Tokens) {
  expect((await details(server, t)).status).toBe(200);
  const { hits } = server.sessions.stats();
  const res = await details(server, t);
  expect(res.status).toBe(200);
  expect(server.sessions.stats().hits).toBe(hits + 1);
  return res;
}

describe('the session cache, two server instances on one database', () => {
  it('caches a checked session in each instance', async () => {
    for (const s of [pair.a, pair.b])
      expect(s.sessions.stats()).toMatchObject({ enabled: true, listening: true });
    const t = await tokensFor(pair.a, 'admin@acme.test');
    await cachedOn(pair.a, t);
    await cachedOn(pair.b, t);
    // Both instances confirm the barrier that revocations wait for (on PostgreSQL: every listener answers).
    expect(await pair.a.sessions.sync()).toBe(true);
    expect(await pair.b.sessions.sync()).toBe(true);
  });

  it('refuses a token logged out via A on the very next call via B (and via A)', async () => {
    const t = await tokensFor(pair.a, 'admin@acme.test');
    await cachedOn(pair.a, t);
    await cachedOn(pair.b, t);
    expect((await logout(pair.a, t)).status).toBe(200);
    const next = await details(pair.b, t);
    expect(next.status).toBe(401);
    expect(next.body.error).toBe('session_revoked');
    expect((await details(pair.a, t)).status).toBe(401);
    expect(pair.a.logs.join('')).not.toContain('not every process confirmed');
  });

  it('refuses the whole family on B at once when a used refresh token is presented via A', async () => {
    const t = await tokensFor(pair.a, 'admin@acme.test');
    const rotated = (await refresh(pair.a, t.refresh_token)).body as Tokens;
    await cachedOn(pair.b, t);
    await cachedOn(pair.b, { ...t, access_token: rotated.access_token });
    expect((await refresh(pair.a, t.refresh_token)).status).toBe(401); // reuse: the family is revoked
    expect((await details(pair.b, t)).status).toBe(401);
    expect((await details(pair.b, { ...t, access_token: rotated.access_token })).status).toBe(401);
  });

  it('refuses every session of the user on B at once after a password reset via A', async () => {
    const first = await tokensFor(pair.a, 'admin@globex.test');
    const second = await tokensFor(pair.a, 'admin@globex.test');
    await cachedOn(pair.b, first);
    await cachedOn(pair.b, second);
    await call(pair.a, 'POST', '/excalibur/password/reset_link', { body: { email: 'admin@globex.test' } });
    const token = pair.a.lastEmail('admin@globex.test').text.match(/token=([\w-]+)/)![1]!;
    const reset = await call(pair.a, 'POST', '/excalibur/password/reset', {
      body: { token, encrypted_password: encryptPassword('New-Password-2026') },
    });
    expect(reset.status).toBe(200);
    expect((await details(pair.b, first)).status).toBe(401);
    expect((await details(pair.b, second)).status).toBe(401);
  });

  it('hears of changes made in the database by anyone: a new e-mail, a new client id, a revoked session', async () => {
    const t = await tokensFor(pair.a, 'ops@meridian.test');
    await cachedOn(pair.b, t);

    // The guard's e-mail is the actor of every audited write: after the change, B records the new one.
    await exec(
      sql`update users set email = 'ops.desk@meridian.test' where lower(email) = 'ops@meridian.test'`,
    );
    const patch = await call(pair.b, 'PATCH', '/v2/user/details', {
      token: t.access_token,
      clientId: t.client_id,
      body: { name: 'Ops Desk' },
    });
    expect(patch.status).toBe(200);
    const [audited] = await exec(
      sql`select actor from audit_log where action = 'user.details_updated' order by id desc limit 1`,
    );
    expect(audited).toEqual({ actor: 'ops.desk@meridian.test' });
    await exec(
      sql`update users set email = 'ops@meridian.test' where lower(email) = 'ops.desk@meridian.test'`,
    );

    const renamed = `${t.client_id}X`;
    await cachedOn(pair.b, t);
    await exec(sql`update clients set client_id = ${renamed} where client_id = ${t.client_id}`);
    expect((await details(pair.b, t)).status).toBe(403); // the old client_id header no longer matches
    expect((await details(pair.b, t, renamed)).status).toBe(200);
    await exec(sql`update clients set client_id = ${t.client_id} where client_id = ${renamed}`);

    await cachedOn(pair.b, t);
    await exec(sql`update auth_sessions set revoked_at = now(), revoked_reason = 'support'
      where user_ref = (select id from users where lower(email) = 'ops@meridian.test')`);
    expect((await details(pair.b, t)).status).toBe(401);
  });

  it('control: without the database notifications, B would go on serving a revoked session from its cache', async () => {
    // Shows that the calls above were served from the cache and that the notifications are what refuse them.
    const t = await tokensFor(pair.a, 'admin@acme.test');
    await cachedOn(pair.b, t);
    await exec(sql`alter table auth_sessions disable trigger auth_sessions_notify`);
    try {
      await exec(sql`update auth_sessions set revoked_at = now() where session_id = ${sessionOf(t)}`);
      expect((await details(pair.b, t)).status).toBe(200);
    } finally {
      await exec(sql`alter table auth_sessions enable trigger auth_sessions_notify`);
    }
    pair.b.sessions.cache.clear();
    expect((await details(pair.b, t)).status).toBe(401);
  });

  it('refuses a logout on B even where the database triggers do not run: the server announces it too', async () => {
    const t = await tokensFor(pair.a, 'admin@acme.test');
    await cachedOn(pair.b, t);
    await exec(sql`alter table auth_sessions disable trigger auth_sessions_notify`);
    try {
      expect((await logout(pair.a, t)).status).toBe(200);
      expect((await details(pair.b, t)).status).toBe(401);
    } finally {
      await exec(sql`alter table auth_sessions enable trigger auth_sessions_notify`);
    }
  });

  it.runIf(onPostgres)(
    'PostgreSQL: when B loses its listener it empties and bypasses its cache, then listens again',
    async () => {
      const t = await tokensFor(pair.a, 'admin@acme.test');
      await cachedOn(pair.b, t);
      const before = pair.b.sessions.stats();
      expect(before.backendPid).toEqual(expect.any(Number));
      // Terminate B's listening connection and wait until its server process is gone: B cannot hear of the
      // logout that follows. B must still refuse the token on its next call.
      await exec(sql`select pg_terminate_backend(${before.backendPid}::int, 5000)`);
      expect((await logout(pair.a, t)).status).toBe(200);
      await vi.waitFor(() => {
        const now = pair.b.sessions.stats();
        expect(now.listening && now.connects === before.connects).toBe(false);
      });
      expect((await details(pair.b, t)).status).toBe(401);

      await vi.waitFor(() => expect(pair.b.sessions.stats().connects).toBe(before.connects + 1), {
        timeout: 5000,
      });
      expect(pair.b.sessions.stats()).toMatchObject({ enabled: true, listening: true });
      const again = await tokensFor(pair.a, 'admin@acme.test');
      await cachedOn(pair.b, again);
      expect((await logout(pair.a, again)).status).toBe(200);
      expect((await details(pair.b, again)).status).toBe(401);
    },
  );
});

// The API-key guard keeps the keys it has verified in a companion of the session cache (src/api-keys/guard.ts):
// a revoked key must be refused on the very next call through either instance.
describe('the verified API keys, two server instances on one database', () => {
  async function newKey(name: string) {
    const t = await tokensFor(pair.a, 'admin@acme.test');
    const res = await call(pair.a, 'POST', '/v2/company/api_keys', {
      token: t.access_token,
      clientId: t.client_id,
      body: { name },
    });
    expect(res.status).toBe(201);
    const { key_id, key_secret } = res.body as { key_id: string; key_secret: string };
    const authorization = `Basic ${Buffer.from(`${key_id}:${key_secret}`).toString('base64')}`;
    let n = 0;
    const use = (server: TestServer) =>
      call(server, 'POST', '/v2/fabric/text-match', {
        headers: { authorization },
        body: {
          customer_reference_number: `KEY-${name}-${n++}`,
          type: 'name',
          text_1: 'Asha Menon',
          text_2: 'Asha Menon',
        },
      });
    const revoke = (server: TestServer) =>
      call(server, 'POST', `/v2/company/api_keys/${key_id}/revoke`, {
        token: t.access_token,
        clientId: t.client_id,
        body: {},
      });
    return { keyId: key_id, use, revoke };
  }

  it('control: a key revoked where no trigger runs and nobody announces it is still served from the cache', async () => {
    // Shows that the calls below are answered from the cache: what refuses them is the invalidation.
    const key = await newKey('control');
    expect((await key.use(pair.b)).status).toBe(200);
    await exec(sql`alter table api_keys disable trigger api_keys_notify`);
    try {
      await exec(sql`update api_keys set revoked_at = now() where key_id = ${key.keyId}`);
      expect((await key.use(pair.b)).status).toBe(200);
    } finally {
      await exec(sql`alter table api_keys enable trigger api_keys_notify`);
    }
    await exec(sql`NOTIFY meridian_sessions, '*'`);
    const refused = await key.use(pair.b);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'api_key_revoked' });
  });

  it('refuses a key revoked via A on the very next call via B (the server announces it, even with no trigger)', async () => {
    const key = await newKey('endpoint');
    expect((await key.use(pair.a)).status).toBe(200);
    expect((await key.use(pair.b)).status).toBe(200);
    expect((await key.use(pair.b)).status).toBe(200);
    await exec(sql`alter table api_keys disable trigger api_keys_notify`);
    try {
      expect((await key.revoke(pair.a)).status).toBe(200);
      for (const s of [pair.b, pair.a]) {
        const next = await key.use(s);
        expect(next.status).toBe(401);
        expect(next.body).toMatchObject({ error: 'api_key_revoked' });
      }
    } finally {
      await exec(sql`alter table api_keys enable trigger api_keys_notify`);
    }
  });

  it('hears of a key revoked in the database by anyone', async () => {
    const key = await newKey('by-hand');
    expect((await key.use(pair.b)).status).toBe(200);
    expect((await key.use(pair.b)).status).toBe(200);
    await exec(sql`update api_keys set revoked_at = now() where key_id = ${key.keyId}`);
    expect((await key.use(pair.b)).status).toBe(401);
    expect((await key.use(pair.a)).status).toBe(401);
  });
});
