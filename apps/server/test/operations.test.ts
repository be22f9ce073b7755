import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionDeniedMessage } from '@meridian/contract/permissions';
import { z } from 'zod';
import { creditBalance } from '../src/credits/credits.ts';
import { queryRows } from '../src/db/database.ts';
import { auditLog, clients, creditOperations, fabricCalls } from '../src/db/schema.ts';
import type { FabricProduct } from '../src/fabric/product.ts';
import { seedDemoOperations } from '../src/seed/demo-operations.ts';
import { call, clientSession, useServer, type ClientSession, type Reply } from './helpers.ts';

/**
 * Meridian operations' credit management (operations/): the `ops` role guard on every route, companies, credits
 * by company, loads and unloads (reason, Idempotency-Key, audit), and company API meters, including what a fabric
 * call is charged once a company has its own price. The products are test-only stand-ins (the pipeline's
 * charge is what is tested, not a product).
 */
const matchBody = z.object({ name: z.string().min(1).max(100), other: z.string().min(1).max(100) });
const textMatch: FabricProduct<typeof matchBody> = {
  slug: 'text-match',
  price: 2,
  body: matchBody,
  maskRequest: (b) => ({ name: b.name, other: b.other }),
  async run(b) {
    const match = b.name.toLowerCase() === b.other.toLowerCase();
    return {
      status: match ? 'SUCCESS' : 'FAILURE',
      resultCode: match ? 'MATCH' : 'NO_MATCH',
      message: null,
      result: { score: match ? 100 : 0 },
      maskedResult: { score: match ? 100 : 0 },
    };
  },
};
const mobileBody = z.object({ mobile: z.string().min(10).max(10) });
/** Free by default (price 0). */
const mobileToX: FabricProduct<typeof mobileBody> = {
  slug: 'mobile-to-x',
  price: 0,
  body: mobileBody,
  maskRequest: (b) => ({ mobile: `XXXXXX${b.mobile.slice(6)}` }),
  async run() {
    return { status: 'SUCCESS', resultCode: 'FOUND', message: null, result: {}, maskedResult: {} };
  },
};

const server = useServer({}, {}, { fabricProducts: [textMatch, mobileToX] });
const P = 'meridian';
const OPS = `/${P}/operations`;
/** A client's member (even its owner) lacks the staff permission ops.credits. */
const FORBIDDEN = permissionDeniedMessage('ops.credits');
let ops: ClientSession;
let acme: ClientSession;
let globex: ClientSession;
let acmeRef: number;
let globexRef: number;

const db = () => server.current.handle.db;
const refOf = async (clientId: string) =>
  (await db().select({ id: clients.id }).from(clients).where(eq(clients.clientId, clientId)))[0]!.id;

/** PUT (the shared helper's `call` has no PUT). */
async function put(session: ClientSession, url: string, body: unknown): Promise<Reply> {
  const res = await server.current.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${session.access_token}`, client_id: session.client_id },
    payload: body as Record<string, unknown>,
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Record<string, unknown>,
    headers: res.headers,
  };
}

let keySeq = 0;
const newKey = () => `test-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2)}`;
const adjust = (action: 'load' | 'unload', body: Record<string, unknown>, key: string | null = newKey()) =>
  ops.call('POST', `${OPS}/credits/${action}`, {
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });

beforeAll(async () => {
  ops = await clientSession(server.current, 'ops@meridian.test');
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  acmeRef = await refOf(acme.client_id);
  globexRef = await refOf(globex.client_id);
});

describe('the ops role', () => {
  it('refuses EVERY credit management route of the OpenAPI document to a client admin (403 permission_denied)', async () => {
    const doc = await call(server.current, 'GET', '/docs/json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    const guarded = Object.entries(paths)
      .filter(([path]) =>
        /^\/meridian\/operations\/(fetch\/consumer_types|fetch\/credit_operation_types|companies|credits)(\/|$)/.test(
          path,
        ),
      )
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((method) => ({ path, method: method.toUpperCase() })),
      );
    // The ten routes of this issue (a new one is checked as soon as it is in the document).
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    const valid: Record<string, unknown> = {
      [`POST ${OPS}/credits/load`]: { client_id: acme.client_id, credits: 5, reason: 'Top-up' },
      [`POST ${OPS}/credits/unload`]: { client_id: acme.client_id, credits: 5, reason: 'Refund' },
      [`PUT ${OPS}/companies/{client_id}/meter`]: { prices: { 'text-match': 1 } },
    };
    const before = await creditBalance(db(), acmeRef);
    for (const { path, method } of guarded) {
      const url = path.replace('{client_id}', acme.client_id);
      const body = valid[`${method} ${path}`] ?? (method === 'GET' ? undefined : {});
      const res = await server.current.app.inject({
        method: method as 'GET',
        url,
        headers: {
          authorization: `Bearer ${acme.access_token}`,
          client_id: acme.client_id,
          'idempotency-key': newKey(),
        },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: 403,
      });
      expect(JSON.parse(res.body)).toMatchObject({
        status: 403,
        error: 'permission_denied',
        // opening live mode is ops.companies; the rest ops.credits
        message: path.endsWith('/live_mode') ? permissionDeniedMessage('ops.companies') : FORBIDDEN,
      });
      // and without a session: 401
      const anonymous = await server.current.app.inject({
        method: method as 'GET',
        url,
        headers: { 'idempotency-key': newKey() },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await creditBalance(db(), acmeRef)).toBe(before);
  });
});

describe('options', () => {
  it('answers the consumer types and the credit operation types', async () => {
    const types = await ops.call('GET', `${OPS}/fetch/consumer_types`);
    expect(types.status).toBe(200);
    expect(types.body).toEqual({
      data: [
        { value: 'customer', label: 'Business client' },
        { value: 'internal', label: 'Meridian internal' },
      ],
    });
    const kinds = await ops.call('GET', `${OPS}/fetch/credit_operation_types`);
    expect(kinds.status).toBe(200);
    expect((kinds.body.data as { value: string }[]).map((o) => o.value)).toEqual([
      'LOAD',
      'UNLOAD',
      'CONSUME',
      'REFUND',
    ]);
  });
});

describe('companies', () => {
  type Row = {
    client_id: string;
    company_name: string;
    consumer_type: string;
    credits: number;
    users: number;
  };
  it('lists every client, newest first, with credits and users; searches and filters; counts the same', async () => {
    const all = await ops.call('GET', `${OPS}/companies`);
    expect(all.status).toBe(200);
    const rows = all.body.data as (Row & { created_at: string })[];
    expect(rows.map((r) => r.company_name)).toEqual(
      expect.arrayContaining(['Acme Retail', 'Globex Labs', 'Initech', 'Meridian Operations']),
    );
    // Companies only: no test-mode tenant is listed.
    expect(rows.filter((r) => r.company_name.endsWith('(test mode)'))).toEqual([]);
    const times = rows.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const acmeRow = rows.find((r) => r.client_id === acme.client_id)!;
    expect(acmeRow).toMatchObject({
      company_name: 'Acme Retail',
      consumer_type: 'customer',
      // admin, finance, totp, analyst, and the demo's maker, approver and viewer
      users: 7,
      credits: await creditBalance(db(), acmeRef),
    });
    expect(acmeRow.credits).toBeGreaterThan(0);
    const count = await ops.call('GET', `${OPS}/companies/count`);
    expect(count.body).toEqual({ count: rows.length });

    const search = await ops.call('GET', `${OPS}/companies?search_value=aCmE`);
    expect((search.body.data as Row[]).map((r) => r.client_id)).toEqual([acme.client_id]);
    const byId = await ops.call('GET', `${OPS}/companies?search_value=${globex.client_id}`);
    expect((byId.body.data as Row[]).map((r) => r.company_name)).toEqual(['Globex Labs']);
    const partialId = await ops.call('GET', `${OPS}/companies?search_value=${globex.client_id.slice(0, 8)}`);
    expect(partialId.body.data).toEqual([]); // a client_id matches exactly only
    const wild = await ops.call('GET', `${OPS}/companies?search_value=%25`);
    expect(wild.body.data).toEqual([]); // no LIKE wildcards

    const internal = await ops.call('GET', `${OPS}/companies?consumer_type=internal`);
    expect((internal.body.data as Row[]).map((r) => r.company_name)).toEqual(['Meridian Operations']);
    expect((await ops.call('GET', `${OPS}/companies/count?consumer_type=internal`)).body).toEqual({
      count: 1,
    });
    const customers = await ops.call(
      'GET',
      `${OPS}/companies/count?consumer_type=customer&search_value=labs`,
    );
    expect(customers.body).toEqual({ count: 1 });
    const everyType = await ops.call('GET', `${OPS}/companies/count?consumer_type=&search_value=`);
    expect(everyType.body).toEqual({ count: rows.length });

    const page = await ops.call('GET', `${OPS}/companies?limit=1&offset=1`);
    expect((page.body.data as Row[]).map((r) => r.client_id)).toEqual([rows[1]!.client_id]);
  });

  it('refuses bad filters (400)', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'offset=-1',
      'consumer_type=partner',
      `search_value=${'x'.repeat(101)}`,
    ]) {
      const res = await ops.call('GET', `${OPS}/companies?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });
});

describe('credits: load and unload', () => {
  it("lists a company's credit operations newest first (the demo's reasoned load); 404 for no company", async () => {
    // The full demo data's load (SEED_DEMO_FLOW, off in tests): once per customer, whatever the runs.
    const customers = [{ id: acmeRef }, { id: globexRef }];
    const loaded = await creditBalance(db(), acmeRef);
    await seedDemoOperations(db(), customers);
    await seedDemoOperations(db(), customers);
    expect(await creditBalance(db(), acmeRef)).toBe(loaded + 1_000);
    const list = await ops.call('GET', `${OPS}/credits/${acme.client_id}`);
    expect(list.status).toBe(200);
    const data = list.body.data as { kind: string; reason: string | null; actor: string }[];
    expect(data.some((o) => o.kind === 'LOAD' && o.reason && o.actor === 'ops@meridian.test')).toBe(true);
    const count = await ops.call('GET', `${OPS}/credits/${acme.client_id}/count`);
    expect(count.body).toEqual({ count: data.length });
    expect((await ops.call('GET', `${OPS}/credits/CLI_NOPE`)).status).toBe(404);
    expect((await ops.call('GET', `${OPS}/credits/CLI_NOPE/count`)).status).toBe(404);
    expect((await ops.call('GET', `${OPS}/credits/${acme.client_id}?limit=500`)).status).toBe(400);
  });

  it('loads with a reason, answers the same on a replay and moves nothing; 422 for the key with another body', async () => {
    const before = await creditBalance(db(), acmeRef);
    const key = newKey();
    const body = { client_id: acme.client_id, credits: 250, reason: 'Monthly top-up (PO 1182)' };
    const first = await adjust('load', body, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      client_id: acme.client_id,
      credits: before + 250,
      operation: {
        kind: 'LOAD',
        credits: 250,
        balance_after: before + 250,
        reason: 'Monthly top-up (PO 1182)',
        actor: 'ops@meridian.test',
        livemode: true,
      },
    });
    expect(await creditBalance(db(), acmeRef)).toBe(before + 250);
    const replay = await adjust('load', body, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await creditBalance(db(), acmeRef)).toBe(before + 250);
    const other = await adjust('load', { ...body, credits: 251 }, key);
    expect(other.status).toBe(422);
    expect(await creditBalance(db(), acmeRef)).toBe(before + 250);

    const listed = await ops.call('GET', `${OPS}/credits/${acme.client_id}?limit=1`);
    expect(listed.body.data).toEqual([(first.body as { operation: unknown }).operation]);
    const [row] = await db()
      .select()
      .from(creditOperations)
      .where(
        and(
          eq(creditOperations.clientRef, acmeRef),
          eq(
            creditOperations.reference,
            (first.body as { operation: { reference: string } }).operation.reference,
          ),
        ),
      );
    expect(row).toMatchObject({
      kind: 'LOAD',
      reason: 'Monthly top-up (PO 1182)',
      actor: 'ops@meridian.test',
    });
  });

  it('unloads; beyond the balance is 422 with what is available, and moves nothing', async () => {
    const before = await creditBalance(db(), globexRef);
    const down = await adjust('unload', {
      client_id: globex.client_id,
      credits: 3,
      reason: 'Duplicate load',
    });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      credits: before - 3,
      operation: { kind: 'UNLOAD', credits: -3, balance_after: before - 3, reason: 'Duplicate load' },
    });
    const key = newKey();
    const body = { client_id: globex.client_id, credits: before, reason: 'Too much' };
    const tooMuch = await adjust('unload', body, key);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({
      error: 'insufficient_credits',
      message: `Insufficient credits: ${before - 3} available`,
    });
    // the refusal is the key's answer
    expect((await adjust('unload', body, key)).body.message).toBe(
      `Insufficient credits: ${before - 3} available`,
    );
    expect(await creditBalance(db(), globexRef)).toBe(before - 3);
    // A company that never had credits: 0 available.
    const internal = await ops.call('GET', `${OPS}/companies?consumer_type=internal`);
    const meridianId = (internal.body.data as { client_id: string }[])[0]!.client_id;
    const none = await adjust('unload', { client_id: meridianId, credits: 1, reason: 'Nothing there' });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Insufficient credits: 0 available');
  });

  it('refuses bad input: no Idempotency-Key, 0 credits, a reason too short or too long, no such company', async () => {
    const before = await creditBalance(db(), acmeRef);
    const ok = { client_id: acme.client_id, credits: 5, reason: 'Top-up' };
    const missing = await adjust('load', ok, null);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Idempotency-Key/);
    expect((await adjust('load', { ...ok, credits: 0 })).status).toBe(400);
    expect((await adjust('unload', { ...ok, credits: -5 })).status).toBe(400);
    expect((await adjust('load', { ...ok, credits: 1.5 })).status).toBe(400);
    expect((await adjust('load', { ...ok, credits: 10_000_001 })).status).toBe(400);
    expect((await adjust('load', { ...ok, reason: '  ' })).status).toBe(400);
    const long = await adjust('load', { ...ok, reason: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('A reason is at most 200 characters');
    expect((await adjust('load', { ...ok, client_id: 'x'.repeat(65) })).status).toBe(400);
    const unknown = await adjust('load', { ...ok, client_id: 'CLI_NOPE' });
    expect(unknown.status).toBe(404);
    expect((await adjust('load', ok, 'bad key with spaces')).status).toBe(400);
    expect(await creditBalance(db(), acmeRef)).toBe(before);
  });

  it("audits loads and unloads in the company's own log, by the ops user", async () => {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientRef, globexRef),
          inArray(auditLog.action, ['credits.loaded', 'credits.unloaded']),
        ),
      );
    const unloaded = rows.find((r) => r.action === 'credits.unloaded')!;
    expect(unloaded).toMatchObject({ actor: 'ops@meridian.test', target: globex.client_id });
    expect(unloaded.metadata).toMatchObject({ credits: 3, reason: 'Duplicate load' });
    expect(typeof (unloaded.metadata as { balance_after: unknown }).balance_after).toBe('number');
    expect(rows.some((r) => r.action === 'credits.loaded')).toBe(true); // the demo's load
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('credits under concurrency (PostgreSQL)', () => {
  it('20 parallel loads with 20 keys add their sum; 10 parallel with one key apply once', async () => {
    const before = await creditBalance(db(), acmeRef);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adjust('load', { client_id: acme.client_id, credits: i + 1, reason: `Parallel load ${i + 1}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await creditBalance(db(), acmeRef)).toBe(before + 210);
    const afters = results.map((r) => (r.body.operation as { balance_after: number }).balance_after);
    expect(new Set(afters).size).toBe(20);

    const key = newKey();
    const body = { client_id: acme.client_id, credits: 7, reason: 'One key, ten requests' };
    const same = await Promise.all(Array.from({ length: 10 }, () => adjust('load', body, key)));
    for (const r of same) expect([200, 409]).toContain(r.status);
    expect(same.some((r) => r.status === 200)).toBe(true);
    expect(await creditBalance(db(), acmeRef)).toBe(before + 217);
    const [{ n }] = (await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM credit_operations
          WHERE client_ref = ${acmeRef} AND reason = 'One key, ten requests'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('company API meter', () => {
  type Entry = { product: string; price: number; default_price: number; is_default: boolean };
  const entry = (res: Reply, product: string) =>
    (res.body.data as Entry[]).find((e) => e.product === product)!;
  const textCall = (session: ClientSession, crn: string) =>
    session.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: crn, name: 'Asha', other: 'asha' },
    });
  const loggedCredits = async (clientRef: number, urn: string) =>
    (
      await db()
        .select({ credits: fabricCalls.credits })
        .from(fabricCalls)
        .where(and(eq(fabricCalls.clientRef, clientRef), eq(fabricCalls.urn, urn)))
    )[0]!.credits;
  const consumed = async (clientRef: number, urn: string) =>
    (
      await db()
        .select({ credits: creditOperations.credits })
        .from(creditOperations)
        .where(and(eq(creditOperations.clientRef, clientRef), eq(creditOperations.reference, urn)))
    ).map((r) => r.credits);

  it('answers every product at its default price first', async () => {
    const meter = await ops.call('GET', `${OPS}/companies/${acme.client_id}/meter`);
    expect(meter.status).toBe(200);
    expect(meter.body).toEqual({
      client_id: acme.client_id,
      data: [
        { product: 'text-match', price: 2, default_price: 2, is_default: true },
        { product: 'mobile-to-x', price: 0, default_price: 0, is_default: true },
      ],
    });
    expect((await ops.call('GET', `${OPS}/companies/CLI_NOPE/meter`)).status).toBe(404);
  });

  it("charges and logs the company's price, the balance shows it, and null returns to the default", async () => {
    const set = await put(ops, `${OPS}/companies/${acme.client_id}/meter`, { prices: { 'text-match': 5 } });
    expect(set.status).toBe(200);
    expect(entry(set, 'text-match')).toEqual({
      product: 'text-match',
      price: 5,
      default_price: 2,
      is_default: false,
    });
    const balance = await acme.call('GET', `/${P}/read/fetch/credits/balance`);
    expect(balance.body.prices).toEqual({ 'text-match': 5, 'mobile-to-x': 0 });
    // Globex keeps the default.
    expect((await globex.call('GET', `/${P}/read/fetch/credits/balance`)).body.prices).toEqual({
      'text-match': 2,
      'mobile-to-x': 0,
    });

    const before = await creditBalance(db(), acmeRef);
    const charged = await textCall(acme, 'METER-1');
    expect(charged.status).toBe(200);
    expect(charged.body.credits_charged).toBe(5);
    const urn = charged.body[`${P}_urn`] as string;
    expect(await creditBalance(db(), acmeRef)).toBe(before - 5);
    expect(await loggedCredits(acmeRef, urn)).toBe(5);
    expect(await consumed(acmeRef, urn)).toEqual([-5]);
    const details = await acme.call('GET', `/${P}/read/fetch/fabric/text-match/${urn}`);
    expect(details.body).toMatchObject({ credits: 5 });

    // Price 0: free, like a product whose default is 0 (no debit, no operation).
    await put(ops, `${OPS}/companies/${acme.client_id}/meter`, { prices: { 'text-match': 0 } });
    const free = await textCall(acme, 'METER-2');
    expect(free.body.credits_charged).toBe(0);
    const freeUrn = free.body[`${P}_urn`] as string;
    expect(await creditBalance(db(), acmeRef)).toBe(before - 5);
    expect(await loggedCredits(acmeRef, freeUrn)).toBe(0);
    expect(await consumed(acmeRef, freeUrn)).toEqual([]);

    // A product free by default can be priced.
    await put(ops, `${OPS}/companies/${acme.client_id}/meter`, { prices: { 'mobile-to-x': 3 } });
    const mobile = await acme.call('POST', '/v2/fabric/mobile-to-x', {
      body: { customer_reference_number: 'METER-3', mobile: '9800000001' },
    });
    expect(mobile.status).toBe(200);
    expect(mobile.body.credits_charged).toBe(3);
    expect(await creditBalance(db(), acmeRef)).toBe(before - 8);

    const reset = await put(ops, `${OPS}/companies/${acme.client_id}/meter`, {
      prices: { 'text-match': null, 'mobile-to-x': null },
    });
    expect(reset.status).toBe(200);
    expect((reset.body.data as Entry[]).every((e) => e.is_default)).toBe(true);
    const back = await textCall(acme, 'METER-4');
    expect(back.body.credits_charged).toBe(2);
    expect(await loggedCredits(acmeRef, back.body[`${P}_urn`] as string)).toBe(2);
    expect(await creditBalance(db(), acmeRef)).toBe(before - 10);
  });

  it('charges the company price on the transactional path too (a client with FABRIC callbacks)', async () => {
    const cb = await globex.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'FABRIC', url: 'http://127.0.0.1:9/fabric' },
    });
    expect(cb.status).toBe(201);
    await put(ops, `${OPS}/companies/${globex.client_id}/meter`, { prices: { 'text-match': 4 } });
    const before = await creditBalance(db(), globexRef);
    const res = await textCall(globex, 'METER-CB');
    expect(res.status).toBe(200);
    expect(res.body.credits_charged).toBe(4);
    const urn = res.body[`${P}_urn`] as string;
    expect(await loggedCredits(globexRef, urn)).toBe(4);
    expect(await consumed(globexRef, urn)).toEqual([-4]);
    expect(await creditBalance(db(), globexRef)).toBe(before - 4);
    // A price the balance cannot pay: 402, logged uncharged.
    await put(ops, `${OPS}/companies/${globex.client_id}/meter`, { prices: { 'text-match': before } });
    const refused = await textCall(globex, 'METER-CB-2');
    expect(refused.status).toBe(402);
    expect(await creditBalance(db(), globexRef)).toBe(before - 4);
    await put(ops, `${OPS}/companies/${globex.client_id}/meter`, { prices: { 'text-match': null } });
  });

  it('refuses an unknown product (400) and a bad price, and audits every change with before and after', async () => {
    const offered = await put(ops, `${OPS}/companies/${acme.client_id}/meter`, {
      prices: { 'face-match': 3 },
    });
    expect(offered.status).toBe(400); // a product this server does not offer
    expect(offered.body.message).toMatch(/Unknown product/);
    const invalid = await put(ops, `${OPS}/companies/${acme.client_id}/meter`, { prices: { nope: 3 } });
    expect(invalid.status).toBe(400);
    for (const price of [-1, 1.5, 100_001, '3'])
      expect(
        (await put(ops, `${OPS}/companies/${acme.client_id}/meter`, { prices: { 'text-match': price } }))
          .status,
      ).toBe(400);
    expect((await put(ops, `${OPS}/companies/CLI_NOPE/meter`, { prices: {} })).status).toBe(404);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, acmeRef), eq(auditLog.action, 'credits.meter_updated')))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.metadata)).toEqual([
      { before: { 'text-match': null }, after: { 'text-match': 5 }, default_prices: { 'text-match': 2 } },
      { before: { 'text-match': 5 }, after: { 'text-match': 0 }, default_prices: { 'text-match': 2 } },
      { before: { 'mobile-to-x': null }, after: { 'mobile-to-x': 3 }, default_prices: { 'mobile-to-x': 0 } },
      {
        before: { 'text-match': 0, 'mobile-to-x': 3 },
        after: { 'text-match': null, 'mobile-to-x': null },
        default_prices: { 'text-match': 2, 'mobile-to-x': 0 },
      },
    ]);
    expect(audits.every((a) => a.actor === 'ops@meridian.test' && a.target === acme.client_id)).toBe(true);
  });
});
