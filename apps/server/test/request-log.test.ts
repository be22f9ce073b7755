import { sql } from 'drizzle-orm';
import {
  LIST_PAGE_ANSWER,
  type RequestLogDetails,
  type RequestLogRecord,
} from '@meridian/contract/developers';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { requestLog } from '../src/db/schema.ts';
import {
  dropExpiredPartitions,
  ensurePartitions,
  listPartitions,
  partitionName,
} from '../src/request-log/partitions.ts';
import { flush, recorderStats } from '../src/request-log/recorder.ts';
import {
  call,
  clientSession,
  stepUpWithPassword,
  tokensFor,
  useServer,
  type ClientSession,
  type Reply,
} from './helpers.ts';

/**
 * The API request log: every request of a member's session or an API key is recorded after its answer, masked
 * (no secret, personal data and account numbers masked), found by idempotency key and by the urns it touched,
 * only by its own client; expiry drops whole day partitions; a recorder whose writes fail fails no request.
 */
const server = useServer();
const DAY_MS = 86_400_000;

const basic = (key: { key_id: string; key_secret: string }) =>
  `Basic ${Buffer.from(`${key.key_id}:${key.key_secret}`).toString('base64')}`;

let owner: ClientSession;
let globex: ClientSession;
let keyId: string;
let authorization: string;
let account: string;
const idempotencyKey = `h-a-${Date.now()}`;
let payoutUrn: string;
let payoutRequestId: string;
let beneficiaryRequestId: string;

const search = (who: ClientSession, key: string, value: string, extra = '') =>
  who.call(
    'GET',
    `/meridian/read/search/request_logs?search_key=${key}&search_value=${encodeURIComponent(value)}${extra}`,
  );
const rows = (res: Reply) => {
  expect(res.status).toBe(200);
  return res.body.data as RequestLogRecord[];
};

beforeAll(async () => {
  owner = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  const balance = await owner.call('GET', '/meridian/read/fetch/balance');
  account = (balance.body.data as { account_number: string }[])[0]!.account_number;
  const key = await owner.call('POST', '/v2/company/api_keys', {
    body: { name: 'request log maker', role: 'finance_maker' },
  });
  expect(key.status).toBe(201);
  keyId = key.body.key_id as string;
  authorization = basic(key.body as { key_id: string; key_secret: string });

  const added = await call(server.current, 'POST', '/v2/banking/beneficiary', {
    headers: { authorization },
    body: {
      beneficiary_code: 'H-A-LOG-PAYEE',
      beneficiary_name: 'Kavya Menon',
      beneficiary_email: 'kavya@example.com',
      beneficiary_mobile: '+919812345678',
      provider: 'Meridian Sandbox Bank',
      provider_code: 'MRDN',
      transfer_type: 'IMPS',
      sender_account_number: account,
      beneficiary_account_number: '50100099887711',
      ifsc_code: 'hdfc0000001',
    },
  });
  expect(added.status).toBe(201);
  beneficiaryRequestId = added.headers['x-request-id'] as string;

  const paid = await call(server.current, 'POST', '/core_banking/money_transfer/initiate', {
    headers: { authorization, 'idempotency-key': idempotencyKey },
    body: {
      customer_reference_number: `H-A-${Date.now()}`,
      beneficiary_code: 'H-A-LOG-PAYEE',
      amount: '10.00',
      transfer_type: 'IMPS',
      purpose_message: 'Invoice',
      sender_account_number: account,
    },
  });
  expect(paid.status).toBe(201);
  payoutUrn = paid.body.urn as string;
  payoutRequestId = paid.headers['x-request-id'] as string;
  await flush();
});

describe('the request log', () => {
  it('finds a payout made with an API key by its idempotency key', async () => {
    const found = rows(await search(owner, 'idempotency_key', idempotencyKey));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      request_id: payoutRequestId,
      method: 'POST',
      route: '/core_banking/money_transfer/initiate',
      path: '/core_banking/money_transfer/initiate',
      status: 201,
      channel: 'api_key',
      actor: keyId,
      api_key_id: keyId,
      idempotency_key: idempotencyKey,
      livemode: true,
    });
    expect(found[0]!.resources).toEqual(expect.arrayContaining([payoutUrn, 'H-A-LOG-PAYEE']));
    expect(found[0]!.duration_ms).toBeGreaterThan(0);
  });

  it('finds it by its payout urn, with the later reads that named the urn', async () => {
    const details = await owner.call('GET', `/meridian/read/fetch/transaction/payouts/${payoutUrn}`);
    expect(details.status).toBe(200);
    await flush();
    const found = rows(await search(owner, 'resource', payoutUrn));
    expect(found.map((r) => r.request_id)).toContain(payoutRequestId);
    const read = found.find((r) => r.request_id === details.headers['x-request-id']);
    expect(read).toMatchObject({ channel: 'dashboard', actor: 'admin@acme.test', method: 'GET' });
    // the filters narrow it down
    const created = rows(await search(owner, 'resource', payoutUrn, '&status_class=2xx&method=POST'));
    expect(created.map((r) => r.request_id)).toEqual([payoutRequestId]);
    expect(rows(await search(owner, 'resource', payoutUrn, '&channel=api_key&method=GET'))).toEqual([]);
    const counted = await owner.call(
      'GET',
      `/meridian/read/count/request_logs?search_key=resource&search_value=${payoutUrn}&channel=api_key`,
    );
    expect(counted.body).toEqual({ count: 1 });
  });

  it('keeps a single read’s answer, and of a list page only its query (not its rows)', async () => {
    const one = await owner.call('GET', `/meridian/read/fetch/transaction/payouts/${payoutUrn}`);
    const page = await owner.call('GET', '/meridian/read/search/transaction/payouts?limit=10');
    expect([one.status, page.status]).toEqual([200, 200]);
    await flush();
    const stored = async (id: string) =>
      (await owner.call('GET', `/meridian/read/fetch/request_logs/${id}`)).body as {
        query: Record<string, unknown> | null;
        response_body: unknown;
      };
    expect((await stored(one.headers['x-request-id'] as string)).response_body).toMatchObject({
      urn: payoutUrn,
    });
    const listed = await stored(page.headers['x-request-id'] as string);
    expect(listed.response_body).toEqual({ _omitted: LIST_PAGE_ANSWER });
    expect(listed.query).toEqual({ limit: '10' });
  });

  it('keeps the bodies masked: account numbers, names, e-mails and mobiles', async () => {
    const res = await owner.call('GET', `/meridian/read/fetch/request_logs/${beneficiaryRequestId}`);
    expect(res.status).toBe(200);
    const entry = res.body as RequestLogDetails;
    expect(entry.route).toBe('/v2/banking/beneficiary');
    expect(entry.request_body).toMatchObject({
      beneficiary_code: 'H-A-LOG-PAYEE',
      beneficiary_account_number: 'XXXXXXXXXX7711',
      beneficiary_name: 'K**** M****',
      beneficiary_email: 'k***@example.com',
      beneficiary_mobile: 'XXXXXX5678',
    });
    expect(entry.response_body).toMatchObject({ beneficiary_code: 'H-A-LOG-PAYEE' });
    const text = JSON.stringify(entry);
    for (const raw of ['50100099887711', 'Kavya', 'kavya@example.com', '9812345678', account])
      expect(text).not.toContain(raw);

    const payout = await owner.call('GET', `/meridian/read/fetch/request_logs/${payoutRequestId}`);
    expect(payout.body).toMatchObject({
      request_body: { amount: '10.00', beneficiary_code: 'H-A-LOG-PAYEE' },
      response_body: { urn: payoutUrn },
      truncated: false,
    });
    expect(JSON.stringify(payout.body)).not.toContain(account);
  });

  it('never stores a password, a secret or a token', async () => {
    const tokens = await tokensFor(server.current, 'admin@acme.test');
    await stepUpWithPassword(server.current, tokens);
    const created = await owner.call('POST', '/v2/company/api_keys', {
      body: { name: 'request log secret', role: 'viewer' },
    });
    expect(typeof created.body.key_secret).toBe('string');
    await flush();

    const stepUps = rows(await search(owner, 'route', '/v2/auth/step-up'));
    expect(stepUps.length).toBeGreaterThan(0);
    const stepUp = await owner.call('GET', `/meridian/read/fetch/request_logs/${stepUps[0]!.request_id}`);
    expect(stepUp.body).toMatchObject({ status: 200, request_body: {}, channel: 'dashboard' });
    expect(Object.keys(stepUp.body.response_body as object)).not.toContain('step_up_token');

    const keyLog = await owner.call(
      'GET',
      `/meridian/read/fetch/request_logs/${created.headers['x-request-id'] as string}`,
    );
    expect(keyLog.status).toBe(200);
    expect(keyLog.body.response_body).toMatchObject({ key_id: created.body.key_id });
    const text = JSON.stringify(keyLog.body);
    expect(text).not.toContain('key_secret');
    expect(text).not.toContain(created.body.key_secret as string);

    // the sign-in itself is public (no caller yet): not in the log, nor its password
    expect(rows(await search(owner, 'route', '/v2/auth/token'))).toEqual([]);
    const stored = await queryRows<{ n: number }>(
      server.current.handle.db,
      sql`SELECT count(*)::int AS n FROM request_log
          WHERE request_body::text ~* 'password|secret' OR response_body::text ~* '"[a-z_]*(token|secret)"'`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it("never shows a client another client's requests", async () => {
    expect(rows(await search(globex, 'idempotency_key', idempotencyKey))).toEqual([]);
    expect(rows(await search(globex, 'resource', payoutUrn))).toEqual([]);
    expect(rows(await search(globex, 'request_id', payoutRequestId))).toEqual([]);
    const details = await globex.call('GET', `/meridian/read/fetch/request_logs/${payoutRequestId}`);
    expect([details.status, details.body.error]).toEqual([404, 'not_found']);
    const unknown = await owner.call('GET', '/meridian/read/fetch/request_logs/REQ-NOT-THERE');
    expect(unknown.status).toBe(404);
    // the other client's own calls are in its own log
    await flush();
    const own = rows(await search(globex, 'route', '/meridian/read/search/request_logs'));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.actor === 'admin@globex.test')).toBe(true);
  });
});

describe('expiry', () => {
  it('drops the day partitions older than the retention and keeps the newer ones', async () => {
    const db = server.current.handle.db;
    const now = new Date();
    const day = (n: number) => new Date(Math.floor((now.getTime() - n * DAY_MS) / DAY_MS) * DAY_MS);
    // partitions of 40…38 and 29…27 days ago, as if made ahead then
    await ensurePartitions(db, day(40));
    await ensurePartitions(db, day(29));
    const [acme] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM clients WHERE company_common_name LIKE 'Acme%' ORDER BY id LIMIT 1`,
    );
    const row = (at: Date, requestId: string) => ({
      clientRef: acme!.id,
      createdAt: at,
      requestId,
      method: 'GET',
      route: '/old',
      path: '/old',
      status: 200,
      durationMs: 1,
      channel: 'dashboard',
      actor: 'admin@acme.test',
    });
    await db.insert(requestLog).values([
      row(new Date(day(40).getTime() + 3_600_000), 'REQ-OLD-40'),
      row(new Date(day(29).getTime() + 3_600_000), 'REQ-KEPT-29'),
      // no partition for these days: the default partition holds them
      row(new Date(day(50).getTime() + 3_600_000), 'REQ-OLD-DEFAULT'),
      row(new Date(day(20).getTime() + 3_600_000), 'REQ-KEPT-DEFAULT'),
    ]);
    const before = (await listPartitions(db)).map((p) => p.name);
    expect(before).toEqual(
      expect.arrayContaining([partitionName(day(40)), partitionName(day(38)), partitionName(day(29))]),
    );

    const dropped = await dropExpiredPartitions(db, 30, now);
    expect(dropped).toEqual([partitionName(day(40)), partitionName(day(39)), partitionName(day(38))]);
    const after = (await listPartitions(db)).map((p) => p.name);
    const tables = await queryRows<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE 'request_log_%'`,
    );
    for (const name of dropped) {
      expect(after).not.toContain(name);
      expect(tables.map((t) => t.name)).not.toContain(name);
    }
    // the newer days stay: 29…27 days ago, today and the next two days
    for (const n of [29, 28, 27, 0, -1, -2]) expect(after).toContain(partitionName(day(n)));
    const left = await queryRows<{ request_id: string }>(
      db,
      sql`SELECT request_id FROM request_log WHERE route = '/old' ORDER BY request_id`,
    );
    expect(left.map((r) => r.request_id)).toEqual(['REQ-KEPT-29', 'REQ-KEPT-DEFAULT']);
  });

  it("makes a day's partition even when the default partition already holds rows of that day", async () => {
    const db = server.current.handle.db;
    const day = new Date(Math.floor((Date.now() - 10 * DAY_MS) / DAY_MS) * DAY_MS);
    const [acme] = await queryRows<{ id: number }>(db, sql`SELECT id FROM clients ORDER BY id LIMIT 1`);
    await db.insert(requestLog).values({
      clientRef: acme!.id,
      createdAt: new Date(day.getTime() + 60_000),
      requestId: 'REQ-MOVED',
      method: 'GET',
      route: '/moved',
      path: '/moved',
      status: 200,
      durationMs: 1,
      channel: 'dashboard',
      actor: 'x',
    });
    await ensurePartitions(db, day);
    const [moved] = await queryRows<{ part: string }>(
      db,
      sql`SELECT tableoid::regclass::text AS part FROM request_log WHERE request_id = 'REQ-MOVED'`,
    );
    expect(moved!.part).toBe(partitionName(day));
  });
});

describe('a failing recorder', () => {
  it('fails no request: the failure is counted and logged', async () => {
    const db = server.current.handle.db;
    await flush();
    const before = recorderStats();
    // the database refuses every insert into the request log
    await db.execute(
      sql.raw(`CREATE FUNCTION h_a_refuse_request_log() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'request log refused'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER h_a_refuse BEFORE INSERT ON request_log
        FOR EACH ROW EXECUTE FUNCTION h_a_refuse_request_log()`),
    );
    try {
      const listed = await call(server.current, 'GET', '/meridian/read/search/transaction/payouts', {
        headers: { authorization, 'idempotency-key': 'h-a-refused' },
      });
      expect(listed.status).toBe(200);
      await flush();
      const after = recorderStats();
      expect(after.failures).toBe(before.failures + 1);
      expect(after.dropped).toBe(before.dropped + 1);
      expect(after.recorded).toBe(before.recorded);
      expect(server.current.logs.some((l) => l.includes('request log write failed'))).toBe(true);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER h_a_refuse ON request_log'));
      await db.execute(sql.raw('DROP FUNCTION h_a_refuse_request_log()'));
    }
    expect(rows(await search(owner, 'idempotency_key', 'h-a-refused'))).toEqual([]);
    // recording goes on once the database takes it again
    const again = await call(server.current, 'GET', '/meridian/read/search/transaction/payouts', {
      headers: { authorization, 'idempotency-key': 'h-a-recorded' },
    });
    expect(again.status).toBe(200);
    await flush();
    expect(rows(await search(owner, 'idempotency_key', 'h-a-recorded'))).toHaveLength(1);
  });
});
