import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../src/audit/audit.ts';
import { clients } from '../src/db/schema.ts';
import {
  call,
  clientSession,
  encryptPassword,
  signIn,
  useServer,
  DEMO_PASSWORD,
  type ClientSession,
  type TestServer,
} from './helpers.ts';

/** The audit-log list: admins only, the client's records only, the lists' filter state, CSV export. */
const server = useServer();
const P = 'meridian';
const SEARCH = `/${P}/read/search/audit_log`;
const COUNT = `/${P}/read/count/audit_log`;
const EXPORT = `/${P}/read/export/audit_log`;

let acme: ClientSession;
let globex: ClientSession;
let acmeRef: number;
let globexRef: number;

type Rec = {
  audit_id: string;
  created_at: string;
  actor: string | null;
  action: string;
  object_id: string | null;
  ip: string | null;
  metadata: Record<string, unknown> | null;
  livemode: boolean | null;
};

async function refOf(s: TestServer, name: string) {
  const [row] = await s.handle.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.companyCommonName, name));
  return row!.id;
}

/** Today in the server's time zone (Asia/Kolkata): a range's dates are the client's days, not UTC's. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  acmeRef = await refOf(server.current, 'Acme Retail');
  globexRef = await refOf(server.current, 'Globex Labs');
  const db = server.current.handle.db;
  // A change through the real code path (the IP allow-list) and records written as the domains write them.
  const added = await acme.call('POST', '/v2/request_ip_whitelist', {
    body: {
      action: 'add',
      ip: '127.0.0.1',
      label: 'Loopback',
      encrypted_password: encryptPassword(DEMO_PASSWORD),
    },
  });
  expect(added.status).toBe(201);
  await audit(db, {
    action: 'beneficiary.created',
    clientRef: acmeRef,
    actor: 'Finance@Acme.test',
    target: 'BEN_100%_X',
    ip: '203.0.113.9',
    metadata: { name: '=HYPERLINK("x")' },
  });
  await audit(db, {
    action: 'beneficiary.created',
    clientRef: globexRef,
    actor: 'admin@globex.test',
    target: 'GLOBEX-ONLY',
    ip: '198.51.100.1',
  });
  // An old record, outside the default range (the last 7 days).
  const { auditLog } = await import('../src/db/schema.ts');
  await db.insert(auditLog).values({
    clientRef: acmeRef,
    action: 'payout.created',
    actor: 'admin@acme.test',
    target: 'PAYOLD',
    createdAt: daysAgo(20),
  });
});

describe('audit log', () => {
  it("lists the client's records newest first, with who, what, when, where and before/after", async () => {
    const res = await acme.call('GET', `${SEARCH}?limit=100`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Rec[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const times = rows.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const change = rows.find((r) => r.action === 'ip_allowlist.added')!;
    expect(change).toMatchObject({
      actor: 'admin@acme.test',
      object_id: '127.0.0.1/32',
      metadata: { before: [], after: ['127.0.0.1/32'] },
    });
    expect(change.ip).toBeTruthy();
    expect(change.audit_id).toMatch(/^AUD[0-9A-F]{24}$/);
    expect(rows.some((r) => r.action === 'auth.sign_in')).toBe(true);
    // Other clients' records and old records are not in the default range's answer.
    expect(rows.some((r) => r.object_id === 'GLOBEX-ONLY')).toBe(false);
    expect(rows.some((r) => r.object_id === 'PAYOLD')).toBe(false);
    expect(JSON.stringify(rows)).not.toMatch(/encrypted_password|Meridian#Demo/);
    const count = await acme.call('GET', COUNT);
    expect(count.body.count).toBe(rows.length);
  });

  it('searches by actor e-mail (any case), action or its family, and object id', async () => {
    const by = async (key: string, value: string) => {
      const res = await acme.call(
        'GET',
        `${SEARCH}?search_key=${key}&search_value=${encodeURIComponent(value)}`,
      );
      expect(res.status).toBe(200);
      return res.body.data as Rec[];
    };
    const finance = await by('actor_email', 'finance@acme.TEST');
    expect(finance.map((r) => r.object_id)).toEqual(['BEN_100%_X']);
    expect((await by('action', 'ip_allowlist')).map((r) => r.action)).toEqual(['ip_allowlist.added']);
    expect((await by('action', 'ip_allowlist.added')).length).toBe(1);
    expect(await by('action', 'ip_allowlist.add')).toEqual([]);
    expect(await by('action', 'ip%')).toEqual([]);
    expect((await by('object_id', 'BEN_100%_X')).length).toBe(1);
    expect(await by('object_id', 'GLOBEX-ONLY')).toEqual([]);
    const counted = await acme.call('GET', `${COUNT}?search_key=action&search_value=beneficiary`);
    expect(counted.body.count).toBe(1);
  });

  it('filters by date range and pages', async () => {
    const start = daysAgo(30).toISOString().slice(0, 10);
    const wide = await acme.call('GET', `${SEARCH}?start_date=${start}&end_date=${today()}&limit=100`);
    expect((wide.body.data as Rec[]).some((r) => r.object_id === 'PAYOLD')).toBe(true);
    const total = (await acme.call('GET', `${COUNT}?start_date=${start}&end_date=${today()}`)).body
      .count as number;
    const page1 = (await acme.call('GET', `${SEARCH}?start_date=${start}&limit=2&offset=0`)).body
      .data as Rec[];
    const page2 = (await acme.call('GET', `${SEARCH}?start_date=${start}&limit=2&offset=2`)).body
      .data as Rec[];
    expect(page1).toHaveLength(2);
    expect(page2.length).toBe(Math.min(2, total - 2));
    expect(page1.map((r) => r.audit_id)).not.toContain(page2[0]?.audit_id);
  });

  it('says the mode of a record (null: what both modes share) and filters by it', async () => {
    const rows = (await acme.call('GET', `${SEARCH}?limit=100`)).body.data as Rec[];
    expect(rows.find((r) => r.object_id === 'BEN_100%_X')).toMatchObject({ livemode: true });
    expect(rows.find((r) => r.action === 'ip_allowlist.added')).toMatchObject({ livemode: null });
    const live = (await acme.call('GET', `${SEARCH}?mode=live&limit=100`)).body.data as Rec[];
    expect(live.map((r) => r.object_id)).toContain('BEN_100%_X');
    expect(live.every((r) => r.livemode === true)).toBe(true);
    const test = await acme.call('GET', `${COUNT}?mode=test`);
    expect([test.status, test.body.count]).toEqual([200, 0]);
    expect((await acme.call('GET', `${SEARCH}?mode=both`)).status).toBe(400);
  });

  it('refuses an unknown search key and bad dates (400)', async () => {
    expect((await acme.call('GET', `${SEARCH}?search_key=metadata&search_value=x`)).status).toBe(400);
    expect((await acme.call('GET', `${SEARCH}?start_date=2026-02-30`)).status).toBe(400);
    expect((await acme.call('GET', `${SEARCH}?limit=1000`)).status).toBe(400);
  });

  it('exports the filtered records as CSV, formulas neutralised', async () => {
    const res = await acme.call('GET', `${EXPORT}?search_key=action&search_value=beneficiary`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const csv = String(res.body.raw);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('created_at,actor,action,object_id,ip,request_id,metadata');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('BEN_100%_X');
    expect(csv).not.toContain('GLOBEX');
  });

  it('shows each client only its own records', async () => {
    const res = await globex.call('GET', `${SEARCH}?limit=100`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Rec[];
    expect(rows.some((r) => r.object_id === 'GLOBEX-ONLY')).toBe(true);
    expect(rows.every((r) => r.actor !== 'admin@acme.test' && r.object_id !== 'BEN_100%_X')).toBe(true);
  });

  it('needs the audit.read permission (403 for a finance maker), and sign-in (401)', async () => {
    const started = await signIn(server.current, 'finance@acme.test');
    const verified = await call(server.current, 'POST', '/v2/mfa/verify', {
      body: { request_urn: started.body.request_urn, otp: server.current.lastOtp('+919800000001') },
    });
    const tokens = verified.body as { access_token: string; client_id: string };
    for (const url of [SEARCH, COUNT, EXPORT]) {
      const res = await call(server.current, 'GET', url, {
        token: tokens.access_token,
        clientId: tokens.client_id,
      });
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({
        error: 'permission_denied',
        message: expect.stringMatching(/audit\.read/),
      });
      expect((await call(server.current, 'GET', url)).status).toBe(401);
    }
    // Meridian's ops role reads the audit log too, but only its own company's: never a client's records.
    const ops = await clientSession(server.current, 'ops@meridian.test');
    const staff = await ops.call('GET', `${SEARCH}?limit=100`);
    expect(staff.status).toBe(200);
    expect((staff.body.data as Rec[]).some((r) => r.actor === 'admin@acme.test')).toBe(false);
  });
});
