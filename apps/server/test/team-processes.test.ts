import { describe, expect, it } from 'vitest';
import { call, tokensFor, useServerPair, type TestServer } from './helpers.ts';

// Two server instances on one database (on PostgreSQL two processes' connections; on PGlite the one embedded
// connection): a team change made through one is answered only once the other's session cache has dropped the
// member, so the very next call through the other already sees it.
const pair = useServerPair();

type Tokens = Awaited<ReturnType<typeof tokensFor>>;
const as = (server: TestServer, t: Tokens, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(server, method, url, { token: t.access_token, clientId: t.client_id, ...(body ? { body } : {}) });

/** Calls through `server` twice and checks that the second answer came from its session cache. */
async function cachedOn(server: TestServer, t: Tokens) {
  expect((await as(server, t, 'GET', '/v2/user/details')).status).toBe(200);
  const { hits } = server.sessions.stats();
  const res = await as(server, t, 'GET', '/v2/user/details');
  expect(res.status).toBe(200);
  expect(server.sessions.stats().hits).toBe(hits + 1);
  return res;
}

describe('team changes across processes', () => {
  it('a role change and a deactivation made through one process hold on the next call through the other', async () => {
    const owner = await tokensFor(pair.a, 'admin@acme.test');
    const member = await tokensFor(pair.b, 'viewer@acme.test');
    const list = await as(pair.a, owner, 'GET', '/meridian/read/fetch/team/members');
    const id = (list.body.members as Array<{ user_id: string; email: string }>).find(
      (m) => m.email === 'viewer@acme.test',
    )!.user_id;

    expect((await cachedOn(pair.b, member)).body.role).toBe('viewer');
    const changed = await as(pair.a, owner, 'PATCH', `/v2/team/members/${id}`, { role: 'developer' });
    expect(changed.status).toBe(200);
    const details = await as(pair.b, member, 'GET', '/v2/user/details');
    expect(details.body.role).toBe('developer');
    expect(details.body.permissions).toContain('api_keys.manage');

    await cachedOn(pair.b, member);
    const off = await as(pair.a, owner, 'POST', `/v2/team/members/${id}/deactivate`);
    expect(off.status).toBe(200);
    expect((await as(pair.b, member, 'GET', '/v2/user/details')).status).toBe(401);
  });
});
