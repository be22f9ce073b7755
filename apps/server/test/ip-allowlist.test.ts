import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_IP_ALLOWLIST_ENTRIES } from '@meridian/contract/ip-allowlist';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyCreditOperation } from '../src/credits/credits.ts';
import { inTransaction } from '../src/db/database.ts';
import { auditLog, clients, ipAllowlistEntries } from '../src/db/schema.ts';
import {
  asSession,
  call,
  clientSession,
  encryptPassword,
  signIn,
  useServer,
  DEMO_PASSWORD,
  type ClientSession,
  type TestServer,
} from './helpers.ts';

/**
 * The IP allow-list: its endpoints (validation, duplicates, cap, step-up, admin role, tenant isolation), its
 * enforcement in the API-key guard (a call from 127.0.0.2 is refused when only 127.0.0.1 is allowed, IPv4-mapped
 * addresses, X-Forwarded-For only with TRUST_PROXY) and its audit records.
 */
const server = useServer();
const proxied = useServer({ TRUST_PROXY: 'true' });
const P = 'meridian';
const LIST = `/${P}/read/fetch/whitelisted_ips`;
const CHANGE = '/v2/request_ip_whitelist';

let acme: ClientSession;
let globex: ClientSession;
let finance: ClientSession;
let acmeRef: number;

const password = () => encryptPassword(DEMO_PASSWORD);
const change = (who: ClientSession, body: Record<string, unknown>) =>
  who.call('POST', CHANGE, { body: { encrypted_password: password(), ...body } });
const add = (who: ClientSession, ip: string, label = 'Test') => change(who, { action: 'add', ip, label });
const remove = (who: ClientSession, ip: string) => change(who, { action: 'remove', ip });

const basic = (keyId: string, secret: string) =>
  `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
const TEXT_MATCH = { type: 'name', text_1: 'Asha', text_2: 'Asha' };
let calls = 0;
const withKey = (
  s: TestServer,
  auth: string,
  ip: string,
  headers: Record<string, string> = {},
): ReturnType<typeof call> =>
  call(s, 'POST', '/v2/fabric/text-match', {
    body: { ...TEXT_MATCH, customer_reference_number: `IP-${++calls}` },
    ip,
    headers: { authorization: auth, ...headers },
  });

async function newKey(who: ClientSession): Promise<string> {
  const created = await who.call('POST', '/v2/company/api_keys', { body: { name: `k${Math.random()}` } });
  expect(created.status).toBe(201);
  return basic(created.body.key_id as string, created.body.key_secret as string);
}

async function fund(s: TestServer, clientRef: number) {
  await inTransaction(s.handle.db, (tx) =>
    applyCreditOperation(tx, {
      clientRef,
      kind: 'LOAD',
      credits: 1000,
      reference: `test-${Math.random()}`,
      idempotencyKey: `test-${Math.random()}`,
      actor: 'test',
    }),
  );
}

/** A signed-in user with SMS MFA (finance@acme.test: a finance maker, without ip_allowlist.manage). */
async function mfaSession(s: TestServer, email: string, phone: string): Promise<ClientSession> {
  const started = await signIn(s, email);
  const verified = await call(s, 'POST', '/v2/mfa/verify', {
    body: { request_urn: started.body.request_urn, otp: s.lastOtp(phone) },
  });
  expect(verified.status).toBe(200);
  const tokens = verified.body as {
    access_token: string;
    refresh_token: string;
    client_id: string;
    scope: string;
  };
  return asSession(s, tokens);
}

const auditRows = (s: TestServer, clientRef: number, action: string) =>
  s.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientRef, clientRef), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  finance = await mfaSession(server.current, 'finance@acme.test', '+919800000001');
  const [row] = await server.current.handle.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.companyCommonName, 'Acme Retail'));
  acmeRef = row!.id;
  await fund(server.current, acmeRef);
});

describe('the allow-list endpoints', () => {
  it('lists an empty list as not enforced, with the caller address', async () => {
    const res = await acme.call('GET', LIST, { ip: '198.51.100.9' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      enforced: false,
      max_entries: MAX_IP_ALLOWLIST_ENTRIES,
      caller_ip: '198.51.100.9',
    });
  });

  it('refuses bad addresses, host bits, too-wide ranges and a missing label, naming the field', async () => {
    const cases: [string, RegExp][] = [
      ['not-an-ip', /is not an IPv4 or IPv6 address/],
      ['256.1.1.1', /is not an IPv4 or IPv6 address/],
      ['10.0.0.5/24', /host bits set: the range is 10\.0\.0\.0\/24/],
      ['10.0.0.0/15', /\/15 is too wide: an IPv4 range may be at most \/16/],
      ['10.0.0.0/33', /at most \/32/],
      ['2001:db8::/47', /\/47 is too wide: an IPv6 range may be at most \/48/],
      ['2001:db8::1::2', /is not an IPv4 or IPv6 address/],
      ['fe80::1%eth0', /zone/],
      ['', /Enter an IPv4 or IPv6 address/],
    ];
    for (const [ip, message] of cases) {
      const res = await add(acme, ip);
      expect(res.status, ip).toBe(400);
      expect((res.body.fields as Record<string, string>).ip, ip).toMatch(message);
    }
    const noLabel = await change(acme, { action: 'add', ip: '198.51.100.1' });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.fields).toMatchObject({ label: expect.stringMatching(/label/i) });
    const badAction = await change(acme, { action: 'replace', ip: '198.51.100.1', label: 'x' });
    expect(badAction.status).toBe(400);
    expect((await acme.call('GET', LIST)).body.data).toEqual([]);
  });

  it('needs the password again: missing, undecryptable or wrong is refused and nothing changes', async () => {
    const missing = await acme.call('POST', CHANGE, { body: { action: 'add', ip: '127.0.0.1', label: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('encrypted_password');
    const garbage = await change(acme, {
      action: 'add',
      ip: '127.0.0.1',
      label: 'x',
      encrypted_password: 'AAAA',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields).toMatchObject({ encrypted_password: 'cannot be decrypted' });
    const wrong = await change(acme, {
      action: 'add',
      ip: '127.0.0.1',
      label: 'x',
      encrypted_password: encryptPassword('not-the-password'),
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: 'step_up_failed', message: expect.stringMatching(/password/) });
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-password');
    expect((await acme.call('GET', LIST)).body.data).toEqual([]);
    const [failure] = await auditRows(server.current, acmeRef, 'auth.step_up_failed');
    expect(failure).toMatchObject({ actor: 'admin@acme.test', metadata: { purpose: 'ip_allowlist.add' } });
  });

  it('adds entries in their normal form, audited with before and after; duplicates in any spelling are 409', async () => {
    const first = await add(acme, '127.0.0.1', 'Loopback');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      action: 'add',
      entries: 1,
      entry: { cidr: '127.0.0.1/32', ip_version: 'IPv4', label: 'Loopback', created_by: 'admin@acme.test' },
    });
    expect((first.body.entry as { entry_id: string }).entry_id).toMatch(/^IPA/);
    const v6 = await add(acme, '2001:DB8:0:0:0::/48', 'VPC');
    expect(v6.status).toBe(201);
    expect(v6.body.entry).toMatchObject({ cidr: '2001:db8::/48', ip_version: 'IPv6' });

    for (const same of ['127.0.0.1/32', '::ffff:127.0.0.1', ' 127.0.0.1 ', '2001:db8::/48']) {
      const dup = await add(acme, same);
      expect(dup.status, same).toBe(409);
      expect(dup.body).toMatchObject({ error: 'duplicate_ip', message: expect.stringMatching(/already in/) });
    }
    const listed = await acme.call('GET', LIST);
    expect(listed.body).toMatchObject({ enforced: true });
    expect((listed.body.data as { cidr: string }[]).map((e) => e.cidr)).toEqual([
      '127.0.0.1/32',
      '2001:db8::/48',
    ]);

    const [record] = await auditRows(server.current, acmeRef, 'ip_allowlist.added');
    expect(record).toMatchObject({
      actor: 'admin@acme.test',
      target: '2001:db8::/48',
      metadata: {
        entry: { cidr: '2001:db8::/48', label: 'VPC' },
        before: ['127.0.0.1/32'],
        after: ['127.0.0.1/32', '2001:db8::/48'],
      },
    });
    expect(JSON.stringify(record)).not.toMatch(/encrypted_password|Meridian#/);
  });

  it('needs ip_allowlist.manage to change (a finance maker lacks it); any member of the client reads it', async () => {
    const refused = await add(finance, '198.51.100.7');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'permission_denied',
      message: expect.stringMatching(/ip_allowlist\.manage/),
    });
    const read = await finance.call('GET', LIST);
    expect(read.status).toBe(200);
    expect((read.body.data as unknown[]).length).toBe(2);
  });

  it("keeps clients apart: another client sees, removes and is held to none of Acme's entries", async () => {
    const theirs = await globex.call('GET', LIST);
    expect(theirs.body).toMatchObject({ data: [], enforced: false });
    const removal = await remove(globex, '127.0.0.1');
    expect(removal.status).toBe(404);
    // Globex's own key works from anywhere: its list is empty.
    const key = await newKey(globex);
    const [g] = await server.current.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyCommonName, 'Globex Labs'));
    await fund(server.current, g!.id);
    expect((await withKey(server.current, key, '127.0.0.2')).status).toBe(200);
    expect((await acme.call('GET', LIST)).body.data).toHaveLength(2);
  });

  it('caps the list at MAX_IP_ALLOWLIST_ENTRIES (422)', async () => {
    const db = server.current.handle.db;
    const existing = (await acme.call('GET', LIST)).body.data as unknown[];
    const filler = Array.from({ length: MAX_IP_ALLOWLIST_ENTRIES - existing.length }, (_, i) => ({
      clientRef: acmeRef,
      entryId: `IPAFILL${i}`,
      cidr: `10.${i}.0.0/16`,
      label: 'filler',
      createdBy: 'test',
    }));
    await db.insert(ipAllowlistEntries).values(filler);
    const full = await add(acme, '198.51.100.7');
    expect(full.status).toBe(422);
    expect(full.body).toMatchObject({ error: 'too_many_ip_entries' });
    await db.execute(sql`DELETE FROM ip_allowlist_entries WHERE entry_id LIKE 'IPAFILL%'`);
  });
});

describe('enforcement on API-key calls', () => {
  let key = '';
  beforeAll(async () => {
    key = await newKey(acme);
  });

  it('allows a listed address and refuses another with a clear 403, recorded once a minute', async () => {
    const ok = await withKey(server.current, key, '127.0.0.1');
    expect(ok.status).toBe(200);
    const refused = await withKey(server.current, key, '127.0.0.2');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'ip_not_allowed',
      message: expect.stringContaining("This IP address (127.0.0.2) is not in the client's IP allow-list"),
    });
    expect((await withKey(server.current, key, '127.0.0.2')).status).toBe(403);
    const records = (await auditRows(server.current, acmeRef, 'ip_allowlist.refused')).filter(
      (r) => r.ip === '127.0.0.2',
    );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actor: expect.stringMatching(/^api_key:key_/),
      metadata: { ip: '127.0.0.2', method: 'POST', path: '/v2/fabric/text-match' },
    });
  });

  it('matches IPv4-mapped IPv6 addresses against IPv4 entries, and IPv6 ranges', async () => {
    expect((await withKey(server.current, key, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await withKey(server.current, key, '::ffff:127.0.0.2')).status).toBe(403);
    expect((await withKey(server.current, key, '2001:db8:0:ffff::1')).status).toBe(200);
    expect((await withKey(server.current, key, '2001:db9::1')).status).toBe(403);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const spoofed = await withKey(server.current, key, '127.0.0.2', { 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.status).toBe(403);
  });

  it('does not apply to the dashboard session', async () => {
    const res = await acme.call('POST', '/v2/fabric/text-match', {
      body: { ...TEXT_MATCH, customer_reference_number: 'IP-dashboard' },
      ip: '127.0.0.2',
    });
    expect(res.status).toBe(200);
  });

  it('applies a removal to the next call (the cached list is dropped)', async () => {
    expect((await remove(acme, '2001:db8::/48')).status).toBe(200);
    expect((await withKey(server.current, key, '2001:db8::1')).status).toBe(403);
    const removed = await remove(acme, '127.0.0.1/32');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ action: 'remove', entries: 0, entry: { cidr: '127.0.0.1/32' } });
    const [record] = await auditRows(server.current, acmeRef, 'ip_allowlist.removed');
    expect(record!.metadata).toEqual({
      entry: { cidr: '127.0.0.1/32', label: 'Loopback' },
      before: ['127.0.0.1/32'],
      after: [],
    });
    // Empty list: every address may call again.
    expect((await withKey(server.current, key, '127.0.0.2')).status).toBe(200);
    expect((await remove(acme, '127.0.0.1')).status).toBe(404);
  });

  it('refuses step-ups after too many wrong passwords (429)', async () => {
    const wrong = () =>
      change(acme, {
        action: 'add',
        ip: '127.0.0.1',
        label: 'x',
        encrypted_password: encryptPassword('nope'),
      });
    // A right password clears the count: five wrong ones in a row, then step-ups are refused.
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(403);
    const blocked = await add(acme, '127.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('takes the client address from X-Forwarded-For', async () => {
    const s = proxied.current;
    const admin = await clientSession(s, 'admin@acme.test');
    const [row] = await s.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyCommonName, 'Acme Retail'));
    await fund(s, row!.id);
    expect((await add(admin, '203.0.113.0/24', 'Office')).status).toBe(201);
    const key = await newKey(admin);
    const viaProxy = (xff: string) => withKey(s, key, '127.0.0.2', { 'x-forwarded-for': xff });
    expect((await viaProxy('203.0.113.50')).status).toBe(200);
    const refused = await viaProxy('198.51.100.4');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('(198.51.100.4)');
    expect((await withKey(s, key, '127.0.0.2')).status).toBe(403);
  });
});
