import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyCreditOperation, creditBalance } from '../src/credits/credits.ts';
import { inTransaction, queryRows } from '../src/db/database.ts';
import { auditLog, callbackDeliveries, clients, fabricCalls } from '../src/db/schema.ts';
import { callProduct, completeCall } from '../src/fabric/pipeline.ts';
import type { FabricProduct } from '../src/fabric/product.ts';
import { AppError } from '../src/http/errors.ts';
import { seedDemoFabric } from '../src/seed/demo-fabric.ts';
import { call, clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * The fabric pipeline around a product: API keys and their guard, credits, the call log and its lists, the
 * event stream, completeCall, the seed. The products here are test-only stand-ins defined in this file (they
 * test the pipeline, not a product): the real products have their own tests.
 */
const matchBody = z.object({
  name: z.string().min(1).max(100),
  other: z.string().min(1).max(100),
  pan: z.string().max(10).optional(),
});
const textMatch: FabricProduct<typeof matchBody> = {
  slug: 'text-match',
  price: 2,
  body: matchBody,
  maskRequest: (b) => ({
    name: b.name,
    other: b.other,
    ...(b.pan ? { pan: `XXXXX${b.pan.slice(5, 9)}X` } : {}),
  }),
  async run(b) {
    if (b.name === 'refuse') throw new AppError(422, 'validation_failed', 'Refused by the product');
    const match = b.name.toLowerCase() === b.other.toLowerCase();
    return {
      status: match ? 'SUCCESS' : 'FAILURE',
      resultCode: match ? 'MATCH' : 'NO_MATCH',
      message: null,
      result: { score: match ? 100 : 0, pan: b.pan ?? null },
      maskedResult: { score: match ? 100 : 0 },
    };
  },
  demo: [
    { name: 'Asha', other: 'asha' },
    { name: 'Asha', other: 'Bela' },
  ],
};
const consentBody = z.object({ purpose: z.string().min(1).max(100) });
const digilocker: FabricProduct<typeof consentBody> = {
  slug: 'kyc-digilocker',
  price: 1,
  body: consentBody,
  maskRequest: (b) => ({ purpose: b.purpose }),
  async run(b, ctx) {
    return {
      status: 'PENDING',
      resultCode: 'CONSENT_PENDING',
      message: null,
      result: { consent_url: `${ctx.publicUrl}/consent/${ctx.urn}` },
      maskedResult: { consent_url: `${ctx.publicUrl}/consent/${ctx.urn}` },
      state: { purpose: b.purpose },
    };
  },
};

const server = useServer({}, {}, { fabricProducts: [textMatch, digilocker] });
const P = 'meridian';
let acme: ClientSession;
let globex: ClientSession;
let acmeRef: number;
let globexRef: number;

const basic = (keyId: string, secret: string) =>
  `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
const withKey = (url: string, auth: string, body: unknown) =>
  call(server.current, 'POST', url, { body, headers: { authorization: auth } });
const db = () => server.current.handle.db;
const refOf = async (name: string) =>
  (await db().select({ id: clients.id }).from(clients).where(eq(clients.companyCommonName, name)))[0]!.id;
/** Sets a client's balance to exactly `credits` (through the ledger). */
async function setBalance(clientRef: number, credits: number) {
  const current = await creditBalance(db(), clientRef);
  if (current === credits) return;
  await inTransaction(db(), (tx) =>
    applyCreditOperation(tx, {
      clientRef,
      kind: current > credits ? 'UNLOAD' : 'LOAD',
      credits: Math.abs(current - credits),
      reference: `test-${Math.random()}`,
      idempotencyKey: `test-${Math.random()}`,
      actor: 'test',
    }),
  );
}

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  acmeRef = await refOf('Acme Retail');
  globexRef = await refOf('Globex Labs');
});

describe('API keys', () => {
  let keyId = '';
  let secret = '';
  it('creates a key whose secret is shown once, lists keys without secrets', async () => {
    const created = await acme.call('POST', '/v2/company/api_keys', { body: { name: 'Backend' } });
    expect(created.status).toBe(201);
    expect(created.body.key_id).toMatch(/^key_[0-9A-Z]{26}$/);
    expect(created.body.key_secret).toMatch(/^mk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({
      name: 'Backend',
      status: 'ACTIVE',
      created_by: 'admin@acme.test',
      livemode: true,
    });
    keyId = created.body.key_id as string;
    secret = created.body.key_secret as string;
    const listed = await acme.call('GET', `/${P}/read/fetch/api_keys`);
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.body);
    expect(text).toContain(keyId);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('secret');
    // the database holds only the hash
    const dump = JSON.stringify(await db().execute(sql`SELECT * FROM api_keys`));
    expect(dump).not.toContain(secret);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientRef, acmeRef),
          eq(auditLog.action, 'api_key.created'),
          eq(auditLog.target, keyId),
        ),
      );
    expect(audited).toHaveLength(1);
  });

  it('calls a product with the key (Basic), records its last use; a wrong secret or no credentials is 401', async () => {
    const ok = await withKey('/v2/fabric/text-match', basic(keyId, secret), {
      customer_reference_number: 'CUST-1',
      name: 'Asha Menon',
      other: 'asha menon',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'SUCCESS',
      result_code: 'MATCH',
      customer_reference_number: 'CUST-1',
      credits_charged: 2,
      result: { score: 100 },
    });
    expect(ok.body[`${P}_urn`]).toMatch(/^FAB/);
    const [key] = (await acme.call('GET', `/${P}/read/fetch/api_keys`)).body.data as Record<
      string,
      unknown
    >[];
    expect(key!.last_used_at).not.toBeNull();
    expect(key!.last_used_ip).toBeTruthy();

    const wrong = await withKey('/v2/fabric/text-match', basic(keyId, `${secret}x`), {
      customer_reference_number: 'CUST-1',
      name: 'a',
      other: 'b',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_api_key', message: 'Invalid API key' });
    const unknown = await withKey('/v2/fabric/text-match', basic('key_NOPE', secret), {});
    expect(unknown.status).toBe(401);
    const none = await call(server.current, 'POST', '/v2/fabric/text-match', { body: {} });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/API key/);
    const malformed = await withKey('/v2/fabric/text-match', 'Basic !!!', {});
    expect(malformed.status).toBe(401);
  });

  it('the dashboard session may call the same endpoint, charged the same way', async () => {
    const res = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'CUST-2', name: 'Asha', other: 'Bela' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILURE', credits_charged: 2 });
  });

  it('keeps keys per client, refuses a revoked key, allows at most 10 active', async () => {
    const theirs = await globex.call('POST', `/v2/company/api_keys/${keyId}/revoke`);
    expect(theirs.status).toBe(404);
    const globexList = await globex.call('GET', `/${P}/read/fetch/api_keys`);
    expect(JSON.stringify(globexList.body)).not.toContain(keyId);

    const revoked = await acme.call('POST', `/v2/company/api_keys/${keyId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'REVOKED' });
    const refused = await withKey('/v2/fabric/text-match', basic(keyId, secret), {
      customer_reference_number: 'CUST-1',
      name: 'a',
      other: 'b',
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: 'api_key_revoked',
      message: 'This API key has been revoked',
    });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoked'), eq(auditLog.target, keyId)));
    expect(audited).toHaveLength(1);

    for (let i = 0; i < 10; i++)
      expect((await acme.call('POST', '/v2/company/api_keys', { body: { name: `k${i}` } })).status).toBe(201);
    const eleventh = await acme.call('POST', '/v2/company/api_keys', { body: { name: 'one too many' } });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.message).toMatch(/10 active API keys/);
    expect((await acme.call('POST', '/v2/company/api_keys', { body: { name: '' } })).status).toBe(400);
    const k0 = (
      (await acme.call('GET', `/${P}/read/fetch/api_keys`)).body.data as { key_id: string; name: string }[]
    ).find((k) => k.name === 'k0')!;
    expect((await acme.call('POST', `/v2/company/api_keys/${k0.key_id}/revoke`)).status).toBe(200);
  });
});

describe('credits and the call log', () => {
  it('answers the balance and prices; a product 4xx is logged REJECTED and not charged', async () => {
    const before = await acme.call('GET', `/${P}/read/fetch/credits/balance`);
    expect(before.status).toBe(200);
    expect(before.body.prices).toEqual({ 'text-match': 2, 'kyc-digilocker': 1 });
    const refused = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'CUST-REJ', name: 'refuse', other: 'x' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Refused by the product');
    const after = await acme.call('GET', `/${P}/read/fetch/credits/balance`);
    expect(after.body.credits).toBe(before.body.credits);
    const rows = await acme.call(
      'GET',
      `/${P}/read/search/fabric/text-match?search_key=customer_reference_number&search_value=CUST-REJ`,
    );
    expect(rows.body.data).toMatchObject([
      { status: 'REJECTED', credits: 0, message: 'Refused by the product' },
    ]);
    // invalid input never reaches the product, and is a 400 naming the field
    const bad = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'bad reference!', name: 'a', other: 'b' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object)).toContain('customer_reference_number');
  });

  it('is 402 Insufficient credits when the balance cannot pay, logged, never below zero', async () => {
    await setBalance(globexRef, 3);
    const first = await globex.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'G-1', name: 'a', other: 'a' },
    });
    expect(first.status).toBe(200);
    const second = await globex.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'G-2', name: 'a', other: 'a' },
    });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ status: 402, message: 'Insufficient credits' });
    expect(await creditBalance(db(), globexRef)).toBe(1);
    const logged = await globex.call(
      'GET',
      `/${P}/read/search/fabric/text-match?search_key=customer_reference_number&search_value=G-2`,
    );
    expect(logged.body.data).toMatchObject([{ status: 'INSUFFICIENT_CREDITS', credits: 0 }]);
    const summary = await globex.call('GET', `/${P}/read/fetch/fabric/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.credits).toBe(1);
    expect(
      (summary.body.today as { product: string; calls: number }[]).find((t) => t.product === 'text-match'),
    ).toMatchObject({ calls: 2, success: 1, credits: 2 });
    await setBalance(globexRef, 500);
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: 50 parallel calls against credits for 20 → exactly 20 succeed, the rest 402, balance 0',
    async () => {
      await setBalance(globexRef, 40); // 20 calls at 2 credits
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          globex.call('POST', '/v2/fabric/text-match', {
            body: { customer_reference_number: `RACE-${i}`, name: 'a', other: 'a' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 402)).toHaveLength(30);
      expect(await creditBalance(db(), globexRef)).toBe(0);
      const [charged] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(fabricCalls)
        .where(
          and(
            eq(fabricCalls.clientRef, globexRef),
            sql`customer_reference_number LIKE 'RACE-%'`,
            sql`credits > 0`,
          ),
        );
      expect(charged!.n).toBe(20);
      await setBalance(globexRef, 500);
    },
  );

  it('the ledger and the log agree: one CONSUME per charged call, none for the uncharged; seq without gaps', async () => {
    await setBalance(globexRef, 8); // 4 calls at 2 credits, 10 asked for at once
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        globex.call('POST', '/v2/fabric/text-match', {
          body: { customer_reference_number: `LEDGER-${i}`, name: i % 2 ? 'a' : 'refuse', other: 'a' },
        }),
      ),
    );
    // 5 payable requests and 5 the product refuses (422, or 402 when the balance check comes first).
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect(count(200)).toBe(4);
    expect(count(402)).toBeGreaterThanOrEqual(1);
    expect(count(402) + count(422)).toBe(6);
    expect(await creditBalance(db(), globexRef)).toBe(0);
    const rows = await queryRows<{
      urn: string;
      status: string;
      credits: number;
      seq: string;
      event_seq: string;
      consumed: string | null;
      operations: number;
    }>(
      db(),
      sql`SELECT c.urn, c.status, c.credits, c.seq, c.event_seq,
            (SELECT sum(o.credits) FROM credit_operations o
              WHERE o.client_ref = c.client_ref AND o.reference = c.urn) AS consumed,
            (SELECT count(*)::int FROM credit_operations o
              WHERE o.client_ref = c.client_ref AND o.reference = c.urn) AS operations
          FROM fabric_calls c WHERE c.client_ref = ${globexRef} ORDER BY c.seq`,
    );
    for (const r of rows) {
      const charged = ['SUCCESS', 'FAILURE', 'PENDING'].includes(r.status);
      expect(r.credits).toBe(charged ? 2 : 0);
      expect(r.operations).toBe(charged ? 1 : 0);
      if (charged) expect(Number(r.consumed)).toBe(-2);
    }
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const [counter] = await queryRows<{ value: string }>(
      db(),
      sql`SELECT value FROM client_sequences WHERE client_ref = ${globexRef} AND name = 'fabric'`,
    );
    expect(Number(counter!.value)).toBe(Math.max(...rows.map((r) => Number(r.event_seq))));
    // Each operation's balance_after follows from the one before it.
    const ops = await queryRows<{ credits: string; balance_after: string }>(
      db(),
      sql`SELECT credits, balance_after FROM credit_operations WHERE client_ref = ${globexRef} ORDER BY id`,
    );
    for (let i = 1; i < ops.length; i++)
      expect(Number(ops[i]!.balance_after)).toBe(Number(ops[i - 1]!.balance_after) + Number(ops[i]!.credits));
    expect(Number(ops.at(-1)!.balance_after)).toBe(await creditBalance(db(), globexRef));
    await setBalance(globexRef, 500);
  });

  it('keeps logs per client: lists, counts and details never show another client’s calls', async () => {
    const mine = await acme.call('GET', `/${P}/read/search/fabric/text-match`);
    const urn = (mine.body.data as { urn: string }[])[0]!.urn;
    expect((await acme.call('GET', `/${P}/read/fetch/fabric/text-match/${urn}`)).status).toBe(200);
    expect((await globex.call('GET', `/${P}/read/fetch/fabric/text-match/${urn}`)).status).toBe(404);
    const theirs = await globex.call('GET', `/${P}/read/search/fabric/text-match`);
    expect(JSON.stringify(theirs.body)).not.toContain(urn);
  });

  it('details show the masked request and response, never the server-side state', async () => {
    const res = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'CUST-PAN', name: 'a', other: 'a', pan: 'ABCPE1234F' },
    });
    expect(res.body.result).toMatchObject({ pan: 'ABCPE1234F' }); // the caller's own data
    const details = await acme.call(
      'GET',
      `/${P}/read/fetch/fabric/text-match/${res.body[`${P}_urn`] as string}`,
    );
    expect(details.body).toMatchObject({
      request: { customer_reference_number: 'CUST-PAN', pan: 'XXXXX1234X' },
      response: { score: 100 },
      credits: 2,
      channel: 'dashboard',
      livemode: true,
    });
    expect(JSON.stringify(details.body)).not.toContain('ABCPE1234F');
    expect(JSON.stringify(await db().select().from(fabricCalls))).not.toContain('ABCPE1234F');
    expect(server.current.logs.join('')).not.toContain('ABCPE1234F');
    expect(details.body).not.toHaveProperty('state');
  });
});

describe('log lists', () => {
  it('takes exactly the screen’s search keys (400 for another), the company urn and digilocker’s alias', async () => {
    const search = (slug: string, q: string) => acme.call('GET', `/${P}/read/search/fabric/${slug}?${q}`);
    expect((await search('kyc-validate', 'search_key=meridian_company_urn&search_value=x')).status).toBe(400);
    expect((await search('text-match', 'search_key=reference_id&search_value=x')).status).toBe(400);
    expect((await search('aadhaar-xml', 'search_key=meridian_transaction_id&search_value=x')).status).toBe(
      200,
    );
    expect((await search('ckyc', 'search_key=reference_id&search_value=x')).status).toBe(200);

    const rows = (await search('text-match', '')).body.data as { company_urn: string }[];
    const companyUrn = rows[0]!.company_urn;
    expect(companyUrn).toMatch(/^CMP[0-9A-F]{32}$/);
    const byCompany = await search(
      'text-match',
      `search_key=meridian_company_urn&search_value=${companyUrn}`,
    );
    expect((byCompany.body.data as unknown[]).length).toBe(rows.length);
    const count = await acme.call('GET', `/${P}/read/count/fabric/text-match`);
    expect(count.body.count).toBeGreaterThanOrEqual(rows.length);
    const other = await search('text-match', 'search_key=meridian_company_urn&search_value=CMPNOTMINE');
    expect(other.body.data).toEqual([]);

    const pending = await acme.call('POST', '/v2/fabric/kyc-digilocker', {
      body: { customer_reference_number: 'DL-1', purpose: 'onboarding' },
    });
    expect(pending.body).toMatchObject({ status: 'PENDING', result_code: 'CONSENT_PENDING' });
    for (const key of ['customer_reference_id', 'customer_reference_number']) {
      const found = await search('kyc-digilocker', `search_key=${key}&search_value=DL-1`);
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject([{ customer_reference_number: 'DL-1', status: 'PENDING' }]);
    }
    const byUrn = await search(
      'kyc-digilocker',
      `search_key=meridian_urn&search_value=${pending.body.meridian_urn as string}`,
    );
    expect(byUrn.body.data).toHaveLength(1);

    const csv = await acme.call('GET', `/${P}/read/export/fabric/text-match`);
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw)).toMatch(/^created_at,meridian_urn,product,status/);
  });

  it('filters a log and API usage by status (and API usage by product): search, count and export alike', async () => {
    for (const [name, other] of [
      ['Asha', 'asha'],
      ['Asha', 'Bela'],
      ['refuse', 'x'],
    ])
      await acme.call('POST', '/v2/fabric/text-match', {
        body: { customer_reference_number: 'FLT-1', name, other },
      });
    await acme.call('POST', '/v2/fabric/kyc-digilocker', {
      body: { customer_reference_number: 'FLT-2', purpose: 'onboarding' },
    });
    type Row = { status: string; product: string };
    const all = (await acme.call('GET', `/${P}/read/search/fabric/text-match?limit=100`)).body.data as Row[];
    const statuses = [...new Set(all.map((r) => r.status))];
    expect(statuses).toEqual(expect.arrayContaining(['SUCCESS', 'FAILURE', 'REJECTED']));
    for (const status of statuses) {
      const q = `status=${status}&limit=100`;
      const rows = (await acme.call('GET', `/${P}/read/search/fabric/text-match?${q}`)).body.data as Row[];
      expect(rows.length).toBe(all.filter((r) => r.status === status).length);
      expect(rows.every((r) => r.status === status)).toBe(true);
      const count = await acme.call('GET', `/${P}/read/count/fabric/text-match?status=${status}`);
      expect(count.body.count).toBe(rows.length);
      const csv = await acme.call('GET', `/${P}/read/export/fabric/text-match?status=${status}`);
      expect(String(csv.body.raw).trim().split('\n')).toHaveLength(rows.length + 1);
    }
    // with the search key: the status narrows the searched calls
    const searched = await acme.call(
      'GET',
      `/${P}/read/search/fabric/text-match?search_key=customer_reference_number&search_value=FLT-1&status=FAILURE`,
    );
    expect(searched.body.data).toMatchObject([{ status: 'FAILURE', result_code: 'NO_MATCH' }]);
    const bad = await acme.call('GET', `/${P}/read/search/fabric/text-match?status=DONE`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object)).toContain('status');

    // API usage: every product's calls, by product and status
    const usage = (q: string) => acme.call('GET', `/${P}/read/fetch/credits/details?limit=100&${q}`);
    const everyCall = (await usage('')).body.data as Row[];
    expect(new Set(everyCall.map((r) => r.product))).toEqual(new Set(['text-match', 'kyc-digilocker']));
    const rejected = (await usage('product=text-match&status=REJECTED')).body.data as Row[];
    expect(rejected.length).toBe(
      everyCall.filter((r) => r.product === 'text-match' && r.status === 'REJECTED').length,
    );
    expect(rejected.length).toBeGreaterThan(0);
    const usageCount = await acme.call(
      'GET',
      `/${P}/read/count/credits/details?product=text-match&status=REJECTED`,
    );
    expect(usageCount.body.count).toBe(rejected.length);
    const pending = (await usage('product=kyc-digilocker&status=PENDING')).body.data as Row[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.product === 'kyc-digilocker' && r.status === 'PENDING')).toBe(true);
    expect((await usage('product=nope')).status).toBe(400);
  });

  it('defaults to the screen’s range: today minus 7 days for mobile-to-X, the last 7 days for text match', async () => {
    // A call 6.5 days before the start of today (India): in "today minus 7", not in "the last 7 days".
    const todayStart = new Date(
      `${new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)}T00:00:00+05:30`,
    );
    const at = new Date(todayStart.getTime() - 6.5 * 86_400_000);
    const caller = {
      clientRef: acmeRef,
      channel: 'dashboard' as const,
      apiKeyId: null,
      actor: { email: 'test' },
    };
    const mobile: FabricProduct<typeof matchBody> = { ...textMatch, slug: 'mobile-to-x' };
    for (const product of [mobile, textMatch])
      await callProduct(db(), {
        caller,
        product,
        body: { customer_reference_number: 'OLD-1', name: 'a', other: 'a' },
        provider: P,
        publicUrl: 'http://localhost',
        at,
      });
    const q = 'search_key=customer_reference_number&search_value=OLD-1';
    expect((await acme.call('GET', `/${P}/read/search/fabric/mobile-to-x?${q}`)).body.data).toHaveLength(1);
    expect((await acme.call('GET', `/${P}/read/search/fabric/text-match?${q}`)).body.data).toHaveLength(0);
  });
});

describe('completeCall and callbacks', () => {
  it('finishes a PENDING call, queues a FABRIC callback, and leaves a finished call as it is', async () => {
    const cb = await acme.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'FABRIC', url: 'http://127.0.0.1:9/fabric' },
    });
    expect(cb.status).toBe(201);
    const pending = await acme.call('POST', '/v2/fabric/kyc-digilocker', {
      body: { customer_reference_number: 'DL-2', purpose: 'loan' },
    });
    const urn = pending.body[`${P}_urn`] as string;
    const done = await completeCall(db(), {
      clientRef: acmeRef,
      urn,
      outcome: {
        status: 'SUCCESS',
        resultCode: 'CONSENT_GIVEN',
        message: null,
        maskedResult: { documents: 1 },
      },
    });
    expect(done.call).toMatchObject({ status: 'SUCCESS', result_code: 'CONSENT_GIVEN' });
    expect(done.effects.callbacks).toHaveLength(1);
    const deliveries = await db()
      .select()
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.clientRef, acmeRef), eq(callbackDeliveries.subjectUrn, urn)));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.event).toBe('fabric.call.success');
    const again = await completeCall(db(), {
      clientRef: acmeRef,
      urn,
      outcome: { status: 'FAILURE', resultCode: 'CONSENT_DECLINED', message: null, maskedResult: {} },
    });
    expect(again.call.status).toBe('SUCCESS');
    expect(again.effects.callbacks).toHaveLength(0);
    // a completed text-match call queues one too
    const sync = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'CB-1', name: 'a', other: 'a' },
    });
    expect(sync.status).toBe(200);
    const own = await db()
      .select()
      .from(callbackDeliveries)
      .where(
        and(
          eq(callbackDeliveries.clientRef, acmeRef),
          eq(callbackDeliveries.subjectUrn, sync.body.meridian_urn as string),
        ),
      );
    expect(own).toHaveLength(1); // the FABRIC configuration receives every completed call
  });
});

describe('event stream', () => {
  let base = '';
  beforeAll(async () => {
    await server.current.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.current.app.server.address() as AddressInfo).port}`;
  });

  /** Opens the stream (plain node:http, no connection pool) and answers a reader of its events. */
  async function open(headers: Record<string, string>, query = '') {
    const req = get(`${base}/${P}/read/stream/fabric/events${query}`, {
      agent: false,
      headers: { accept: 'text/event-stream', ...headers },
    });
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    res.setEncoding('utf8');
    let buffer = '';
    const waiters: (() => void)[] = [];
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (const w of waiters.splice(0)) w();
    });
    res.on('error', () => {});
    async function next(ms = 5000): Promise<{ id: string; data: Record<string, unknown> }> {
      const deadline = Date.now() + ms;
      for (;;) {
        const at = buffer.indexOf('\n\n');
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) return { id, data: JSON.parse(data) as Record<string, unknown> };
          continue;
        }
        if (Date.now() > deadline) throw new Error('no event');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    }
    return { res, status: res.statusCode, body: () => buffer, next, close: () => req.destroy() };
  }

  it('is 406 without Accept: text/event-stream, 401 without a session', async () => {
    const json = await acme.call('GET', `/${P}/read/stream/fabric/events`);
    expect(json.status).toBe(406);
    const anonymous = await open({});
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });

  it('sends the client’s calls as they happen (token in the query), and resumes after Last-Event-ID', async () => {
    const stream = await open({}, `?access_token=${acme.access_token}&client_id=${acme.client_id}`);
    expect(stream.status).toBe(200);
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.res.headers['content-encoding']).toBeUndefined();
    // another client's call is not sent; ours is
    await globex.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'EV-G', name: 'a', other: 'a' },
    });
    const made = await acme.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'EV-1', name: 'a', other: 'a' },
    });
    const first = await stream.next();
    expect(first.data).toMatchObject({
      type: 'call.created',
      call: { urn: made.body.meridian_urn, status: 'SUCCESS' },
    });
    expect(first.data.id).toBe(first.id);
    stream.close();

    // two more while nobody listens, then resume after the first
    const pending = await acme.call('POST', '/v2/fabric/kyc-digilocker', {
      body: { customer_reference_number: 'EV-2', purpose: 'x' },
    });
    await completeCall(db(), {
      clientRef: acmeRef,
      urn: pending.body.meridian_urn as string,
      outcome: { status: 'FAILURE', resultCode: 'CONSENT_DECLINED', message: null, maskedResult: {} },
    });
    const resumed = await open({
      authorization: `Bearer ${acme.access_token}`,
      client_id: acme.client_id,
      'last-event-id': first.id,
    });
    const replay = await resumed.next();
    expect(replay.data).toMatchObject({
      type: 'call.updated',
      call: { urn: pending.body.meridian_urn, status: 'FAILURE' },
    });
    expect(Number(replay.id)).toBeGreaterThan(Number(first.id));
    resumed.close();
  });
});

describe('demo seed', () => {
  it('calls every registered product with its demo requests through the pipeline, with a demo API key', async () => {
    await seedDemoFabric(db(), [{ id: acmeRef, name: 'Acme Retail' }], {
      products: [textMatch, digilocker],
      calls: true,
      provider: P,
      publicUrl: 'http://localhost',
    });
    const seeded = await db()
      .select()
      .from(fabricCalls)
      .where(
        and(
          eq(fabricCalls.clientRef, acmeRef),
          eq(fabricCalls.channel, 'api_key'),
          sql`customer_reference_number LIKE 'DEMO-%'`,
        ),
      );
    expect(seeded.map((r) => r.status).sort()).toEqual(['FAILURE', 'SUCCESS']);
    expect(seeded.every((r) => r.apiKeyId?.startsWith('key_'))).toBe(true);
    // once per product: a second start makes no more
    await seedDemoFabric(db(), [{ id: acmeRef, name: 'Acme Retail' }], {
      products: [textMatch, digilocker],
      calls: true,
      provider: P,
      publicUrl: 'http://localhost',
    });
    const [again] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(fabricCalls)
      .where(and(eq(fabricCalls.clientRef, acmeRef), sql`customer_reference_number LIKE 'DEMO-%'`));
    expect(again!.n).toBe(seeded.length);
  });
});
