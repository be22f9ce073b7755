import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { expireDueLinks } from '../src/payment-links/service.ts';
import { qrSvg } from '../src/payment-links/upi.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
let acme: ClientSession;
let globex: ClientSession;

type Link = {
  urn: string;
  status: string;
  link_url: string;
  short_url: string;
  upi_intent: string;
  payee_vpa: string;
  qr_svg: string;
  amount: string | null;
  paid_amount: string | null;
  bank_reference_number: string | null;
  failed_attempts: number;
  expires_at: string;
  attempts: { status: string; amount: string; reason: string | null }[];
};

let n = 0;
const crn = () => `PL-${++n}-${Date.now()}`;
const create = (s: ClientSession, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  s.call('POST', '/v2/payments/links', {
    body: { customer_reference_number: crn(), purpose: 'Order 42', ...body },
    headers,
  });
const balanceOf = async (s: ClientSession) =>
  ((await s.call('GET', `${P}/read/fetch/balance`)).body.data as { balance: string }[])[0]!.balance;
const pathOf = (link: Link) => new URL(link.link_url).pathname;

/** The public page: no token, no client_id, an HTML navigation. */
const page = (path: string) =>
  server.current.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
const submit = (path: string, form: Record<string, string>) =>
  server.current.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(form).toString(),
  });

const db = () => server.current.handle.db;
const eventsOf = async (urn: string) =>
  (
    await queryRows<{ event: string }>(
      db(),
      sql`SELECT event FROM callback_deliveries WHERE subject_urn = ${urn} ORDER BY id`,
    )
  ).map((r) => r.event);

/** A small well-formedness check: every tag closes in order, one root <svg> with a viewBox. */
function checkSvg(svg: string) {
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
  const stack: string[] = [];
  for (const [, close, name, , selfClose] of svg.matchAll(
    /<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g,
  )) {
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(svg.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
}

describe('payment links', () => {
  it('creates a fixed-amount link with its pay page, UPI intent and QR code', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    const res = await create(acme, {
      amount: '1250.5',
      customer_name: 'Kavya Menon',
      customer_email: 'kavya@example.com',
      customer_mobile: '+919812345678',
    });
    expect(res.status).toBe(201);
    const link = res.body as unknown as Link;
    expect(link).toMatchObject({ status: 'CREATED', amount: '1250.50', failed_attempts: 0, livemode: true });
    expect(link.urn).toMatch(/^PLK/);
    expect(link.short_url).toBe(link.link_url);
    expect(pathOf(link)).toMatch(/^\/pay\/CLI[0-9A-Z]{26}\.[A-Za-z0-9_-]{22}$/);
    // default expiry: 7 days
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // the intent parses back with NPCI's names
    expect(link.upi_intent.startsWith('upi://pay?')).toBe(true);
    const q = new URLSearchParams(link.upi_intent.slice('upi://pay?'.length));
    expect(Object.fromEntries(q)).toEqual({
      pa: link.payee_vpa,
      pn: 'Acme Retail',
      am: '1250.50',
      cu: 'INR',
      tr: link.urn,
      tn: 'Order 42',
    });
    checkSvg(link.qr_svg);
    expect(link.qr_svg).toBe(await qrSvg(link.upi_intent));
    expect(await eventsOf(link.urn)).toEqual(['payment_link.created']);

    const got = await acme.call('GET', `/v2/payments/links/${link.urn}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ urn: link.urn, customer_mobile: '9812345678', attempts: [] });
    expect((got.body.callbacks as unknown[]).length).toBe(1);
  });

  it('refuses bad input with the fields named', async () => {
    const cases: [Record<string, unknown>, string, number?][] = [
      [{}, 'amount'],
      [{ amount: '0.50' }, 'amount'],
      [{ amount: '100000.01' }, 'amount'],
      [{ amount: '12.345' }, 'amount'],
      [{ amount: '10', customer_enters_amount: true }, 'amount'],
      [{ customer_enters_amount: true, min_amount: '500', max_amount: '100' }, 'max_amount'],
      [{ amount: '10', min_amount: '5' }, 'min_amount'],
      [{ amount: '10', purpose: '' }, 'purpose'],
      [{ amount: '10', purpose: 'x'.repeat(101) }, 'purpose'],
      [{ amount: '10', customer_email: 'not-an-email' }, 'customer_email'],
      [{ amount: '10', customer_mobile: '12345' }, 'customer_mobile'],
      [{ amount: '10', customer_reference_number: 'has space' }, 'customer_reference_number'],
      [{ amount: '10', expire_on: '2030-01-01', expires_at: '2030-01-01T00:00:00Z' }, 'expires_at'],
      [{ amount: '10', expires_at: 'tomorrow' }, 'expires_at'],
      [{ amount: '10', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 422],
      [{ amount: '10', expire_on: '2020-01-01' }, 'expire_on', 422],
      [
        { amount: '10', expires_at: new Date(Date.now() + 181 * 86_400_000).toISOString() },
        'expires_at',
        422,
      ],
    ];
    for (const [body, field, status = 400] of cases) {
      const res = await create(acme, body);
      expect([res.status, Object.keys((res.body.fields as object) ?? {})], JSON.stringify(body)).toEqual([
        status,
        [field],
      ]);
    }
    const ok = await create(acme, {
      amount: '10',
      expire_on: new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(ok.status).toBe(201);
    const unauth = await server.current.app.inject({
      method: 'POST',
      url: '/v2/payments/links',
      payload: { customer_reference_number: 'X-1', amount: '10', purpose: 'x' },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it('refuses a reference used twice and replays an Idempotency-Key', async () => {
    const ref = crn();
    const first = await create(
      acme,
      { amount: '20', customer_reference_number: ref },
      { 'idempotency-key': `k-${ref}` },
    );
    expect(first.status).toBe(201);
    const replay = await create(
      acme,
      { amount: '20', customer_reference_number: ref },
      { 'idempotency-key': `k-${ref}` },
    );
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body.urn]).toEqual([
      201,
      'true',
      first.body.urn,
    ]);
    const dup = await create(acme, { amount: '20', customer_reference_number: ref });
    expect([dup.status, dup.body.error]).toEqual([409, 'duplicate_reference']);
    // another client may use the same reference
    expect((await create(globex, { amount: '20', customer_reference_number: ref })).status).toBe(201);
  });

  it('pays once on the public page, even when posted twice at once, and credits the account', async () => {
    const link = (await create(acme, { amount: '500' })).body as unknown as Link;
    const before = await balanceOf(acme);
    const shown = await page(pathOf(link));
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Acme Retail');
    expect(shown.body).toContain('₹500.00');
    expect(shown.body).toContain('Order 42');
    expect(shown.body).toContain('<svg ');
    expect(shown.body).toContain('Pay (sandbox)');
    expect(shown.body).toContain('Fail (sandbox)');
    expect(shown.body).not.toContain('<script');

    const [a, b] = await Promise.all([
      submit(pathOf(link), { action: 'pay' }),
      submit(pathOf(link), { action: 'pay' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
    const second = a.statusCode === 409 ? a : b;
    expect(second.body).toContain('already been paid');
    expect(Number(await balanceOf(acme)) - Number(before)).toBe(500);

    const after = await page(pathOf(link));
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Paid');
    expect(after.body).not.toContain('Pay (sandbox)');
    const details = (await acme.call('GET', `/v2/payments/links/${link.urn}`)).body as unknown as Link;
    expect(details).toMatchObject({ status: 'PAID', paid_amount: '500.00' });
    expect(details.bank_reference_number).toMatch(/^\d{12}$/);
    expect(details.attempts.map((x) => x.status)).toEqual(['SUCCESS']);
    expect(await eventsOf(link.urn)).toEqual(['payment_link.created', 'payment_link.paid']);

    const [entry] = await queryRows<{ category: string; n: number }>(
      db(),
      sql`SELECT category, count(*)::int AS n FROM ledger_entries WHERE reference_urn = ${link.urn} GROUP BY category`,
    );
    expect(entry).toEqual({ category: 'PAYMENT_LINK', n: 1 });
    // a paid link cannot be cancelled
    const cancel = await acme.call('POST', `/v2/payments/links/${link.urn}/cancel`);
    expect([cancel.status, cancel.body.error]).toEqual([409, 'payment_link_not_open']);
  });

  it('records a failed attempt and keeps the link payable; an entered amount must be within limits', async () => {
    const link = (await create(acme, { customer_enters_amount: true, min_amount: '100', max_amount: '2000' }))
      .body as unknown as Link;
    expect(link.amount).toBeNull();
    const q = new URLSearchParams(link.upi_intent.slice('upi://pay?'.length));
    expect([q.get('am'), q.get('mam')]).toEqual([null, '100.00']);
    const shown = await page(pathOf(link));
    expect(shown.body).toContain('name="amount"');

    const failed = await submit(pathOf(link), { action: 'fail', amount: '150' });
    expect([failed.statusCode, failed.headers.location]).toEqual([303, `${pathOf(link)}?attempt=failed`]);
    const retry = await page(failed.headers.location as string);
    expect(retry.body).toContain('The payment failed');
    expect(retry.body).toContain('Pay (sandbox)');

    for (const amount of ['50', '2000.01', 'abc', '']) {
      const bad = await submit(pathOf(link), { action: 'pay', amount });
      expect(bad.statusCode, amount).toBe(422);
      expect(bad.body).toContain('Enter an amount from ₹100.00 to ₹2,000.00');
    }
    const unknownAction = await submit(pathOf(link), { action: 'steal' });
    expect(unknownAction.statusCode).toBe(400);

    const before = await balanceOf(acme);
    expect((await submit(pathOf(link), { action: 'pay', amount: '1999.99' })).statusCode).toBe(303);
    expect((Number(await balanceOf(acme)) - Number(before)).toFixed(2)).toBe('1999.99');
    const details = (await acme.call('GET', `/v2/payments/links/${link.urn}`)).body as unknown as Link;
    expect(details).toMatchObject({ status: 'PAID', paid_amount: '1999.99', failed_attempts: 1 });
    expect(details.attempts.map((x) => [x.status, x.amount])).toEqual([
      ['FAILED', '150.00'],
      ['SUCCESS', '1999.99'],
    ]);
    expect(await eventsOf(link.urn)).toEqual([
      'payment_link.created',
      'payment_link.failed',
      'payment_link.paid',
    ]);
  });

  it('cancels a link; a cancelled link refuses payment', async () => {
    const link = (await create(acme, { amount: '75' })).body as unknown as Link;
    const res = await acme.call('POST', `/v2/payments/links/${link.urn}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED' });
    expect(res.body.cancelled_at).toBeTruthy();
    const again = await acme.call('POST', `/v2/payments/links/${link.urn}/cancel`);
    expect(again.status).toBe(409);
    const before = await balanceOf(acme);
    expect((await page(pathOf(link))).statusCode).toBe(410);
    const pay = await submit(pathOf(link), { action: 'pay' });
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('cancelled');
    expect(await balanceOf(acme)).toBe(before);
    expect(await eventsOf(link.urn)).toEqual(['payment_link.created', 'payment_link.cancelled']);
  });

  it('expires links: the page refuses them and the sweeper writes EXPIRED with a callback', async () => {
    const a = (await create(acme, { amount: '60' })).body as unknown as Link;
    const b = (await create(acme, { amount: '61' })).body as unknown as Link;
    await db().execute(
      sql`UPDATE payment_links SET expires_at = now() - interval '1 minute' WHERE urn IN (${a.urn}, ${b.urn})`,
    );
    // shown expired at once, before the sweeper
    expect((await acme.call('GET', `/v2/payments/links/${a.urn}`)).body.status).toBe('EXPIRED');
    expect((await page(pathOf(a))).statusCode).toBe(410);
    const pay = await submit(pathOf(a), { action: 'pay' });
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('expired');
    const swept = await expireDueLinks(db());
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await expireDueLinks(db())).toMatchObject({ expired: 0 });
    const [row] = await queryRows<{ status: string }>(
      db(),
      sql`SELECT status FROM payment_links WHERE urn = ${b.urn}`,
    );
    expect(row!.status).toBe('EXPIRED');
    expect(await eventsOf(a.urn)).toEqual(['payment_link.created', 'payment_link.expired']);
    expect(await eventsOf(b.urn)).toEqual(['payment_link.created', 'payment_link.expired']);
    const cancel = await acme.call('POST', `/v2/payments/links/${b.urn}/cancel`);
    expect(cancel.status).toBe(409);
  });

  it('answers 404 pages for unknown or malformed tokens', async () => {
    const link = (await create(acme, { amount: '30' })).body as unknown as Link;
    const [clientId] = pathOf(link).slice('/pay/'.length).split('.');
    for (const path of [
      '/pay/nothing',
      `/pay/${clientId}.AAAAAAAAAAAAAAAAAAAAAA`,
      '/pay/CLI00000000000000000000000000.AAAAAAAAAAAAAAAAAAAAAA',
      `/pay/${'x'.repeat(90)}`,
    ]) {
      expect((await page(path)).statusCode, path).toBe(404);
      expect((await submit(path, { action: 'pay' })).statusCode, path).toBe(404);
    }
  });

  it('keeps each client to its own links', async () => {
    const link = (await create(acme, { amount: '40', customer_reference_number: 'ISOLATED-1' }))
      .body as unknown as Link;
    expect((await globex.call('GET', `/v2/payments/links/${link.urn}`)).status).toBe(404);
    expect((await globex.call('POST', `/v2/payments/links/${link.urn}/cancel`)).status).toBe(404);
    const search = await globex.call(
      'GET',
      `${P}/read/search/payment_links?search_key=meridian_urn&search_value=${link.urn}`,
    );
    expect(search.body).toEqual({ data: [] });
    const byRef = await globex.call(
      'GET',
      `${P}/read/search/payment_links?search_key=customer_reference_number&search_value=ISOLATED-1`,
    );
    expect(byRef.body).toEqual({ data: [] });
    const all = (await globex.call('GET', `${P}/read/search/payment_links?limit=100`)).body.data as Link[];
    expect(all.some((l) => l.urn === link.urn)).toBe(false);
    expect(all.length).toBeGreaterThan(0);
  });

  it('finds links in the global search (command palette), only the caller’s', async () => {
    const found = await acme.call('GET', `${P}/read/search/global?q=demo-link-100`);
    expect(found.status).toBe(200);
    const links = (
      found.body.data as {
        type: string;
        id: string;
        title: string;
        route: { to: string; search: Record<string, string> };
      }[]
    ).filter((r) => r.type === 'payment_link');
    expect(links.length).toBe(5);
    expect(links[0]!.title).toMatch(/^DEMO-LINK-100\d: /);
    expect(links[0]!.route).toMatchObject({
      to: '/flow/payment-links',
      search: { search_key: 'meridian_urn', search_value: links[0]!.id, selected: links[0]!.id },
    });
    const byUrn = await acme.call(
      'GET',
      `${P}/read/search/global?q=${links[0]!.id.slice(0, 12).toLowerCase()}`,
    );
    expect((byUrn.body.data as { id: string }[]).some((r) => r.id === links[0]!.id)).toBe(true);
    const other = await globex.call('GET', `${P}/read/search/global?q=demo-link-100`);
    expect((other.body.data as { type: string }[]).filter((r) => r.type === 'payment_link')).toEqual([]);
  });

  it('searches, counts and exports links with a status filter', async () => {
    const list = await acme.call('GET', `${P}/read/search/payment_links?limit=100`);
    expect(list.status).toBe(200);
    const rows = list.body.data as Link[];
    const count = await acme.call('GET', `${P}/read/count/payment_links`);
    expect(count.body.count).toBe(rows.length);
    // the demo seed made links in every state
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['CREATED', 'PAID', 'EXPIRED', 'CANCELLED']));
    for (const status of ['CREATED', 'PAID', 'EXPIRED', 'CANCELLED']) {
      const one = await acme.call('GET', `${P}/read/search/payment_links?status=${status}&limit=100`);
      const c = await acme.call('GET', `${P}/read/count/payment_links?status=${status}`);
      expect((one.body.data as Link[]).every((r) => r.status === status)).toBe(true);
      expect(c.body.count).toBe((one.body.data as Link[]).length);
      expect(c.body.count).toBe(rows.filter((r) => r.status === status).length);
    }
    const bad = await acme.call('GET', `${P}/read/search/payment_links?status=LOST`);
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ['status']]);
    const badKey = await acme.call('GET', `${P}/read/search/payment_links?search_key=purpose&search_value=x`);
    expect(badKey.status).toBe(400);
    const byRef = await acme.call(
      'GET',
      `${P}/read/search/payment_links?search_key=customer_reference_number&search_value=DEMO-LINK-1001`,
    );
    expect((byRef.body.data as Link[]).map((r) => r.status)).toEqual(['PAID']);
    const csv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/payment_links?status=PAID`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('meridian_urn,customer_reference_number,amount');
    expect(csv.body).toContain('DEMO-LINK-1001');
  });

  it('answers UPI intent links with correct percent-encoding and a QR code', async () => {
    const res = await acme.call('POST', '/v2/payments/upi/link', {
      body: {
        payee_vpa: 'shop.counter-1@okhdfc',
        payee_name: 'Ravi & Sons (Tea) Pvt. Ltd.',
        amount: '99.9',
        reference: 'ORDER_77-A',
        note: 'Tea + snacks, table #4 @ 5pm',
      },
    });
    expect(res.status).toBe(200);
    const intent = res.body.intent as string;
    expect(intent).toBe(
      'upi://pay?pa=shop.counter-1@okhdfc&pn=Ravi%20%26%20Sons%20(Tea)%20Pvt.%20Ltd.&am=99.90&cu=INR&tr=ORDER_77-A&tn=Tea%20%2B%20snacks%2C%20table%20%234%20%40%205pm',
    );
    const q = new URLSearchParams(intent.slice('upi://pay?'.length));
    expect(Object.fromEntries(q)).toEqual({
      pa: 'shop.counter-1@okhdfc',
      pn: 'Ravi & Sons (Tea) Pvt. Ltd.',
      am: '99.90',
      cu: 'INR',
      tr: 'ORDER_77-A',
      tn: 'Tea + snacks, table #4 @ 5pm',
    });
    checkSvg(res.body.qr_svg as string);
    expect(res.body.qr_svg).toBe(await qrSvg(intent));

    // defaults: the client's collection VPA and name, no amount
    const plain = await acme.call('POST', '/v2/payments/upi/link', { body: {} });
    expect(plain.status).toBe(200);
    const pq = new URLSearchParams((plain.body.intent as string).slice('upi://pay?'.length));
    expect(pq.get('pa')).toMatch(/^\d{14}@mrdn$/);
    expect([pq.get('pn'), pq.get('am'), pq.get('cu')]).toEqual(['Acme Retail', null, 'INR']);
    const gplain = await globex.call('POST', '/v2/payments/upi/link', { body: {} });
    expect(gplain.body.payee_vpa).not.toBe(plain.body.payee_vpa);

    const bad: [Record<string, unknown>, string][] = [
      [{ payee_vpa: 'no-at-sign' }, 'payee_vpa'],
      [{ payee_vpa: 'a@b' }, 'payee_vpa'],
      [{ payee_vpa: `${'a'.repeat(300)}@bank` }, 'payee_vpa'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '100001' }, 'amount'],
      [{ reference: 'x'.repeat(36) }, 'reference'],
      [{ reference: 'has space' }, 'reference'],
      [{ note: 'n'.repeat(51) }, 'note'],
      [{ note: 'quote " here' }, 'note'],
      [{ payee_name: '<script>' }, 'payee_name'],
    ];
    for (const [body, field] of bad) {
      const r = await acme.call('POST', '/v2/payments/upi/link', { body });
      expect([r.status, Object.keys((r.body.fields as object) ?? {})], JSON.stringify(body)).toEqual([
        400,
        [field],
      ]);
    }
  });

  it('keeps the ledger balanced', async () => {
    const [sum] = await queryRows<{ total: string; unbalanced: number }>(
      db(),
      sql`SELECT coalesce(sum(amount), 0)::text AS total,
                 (SELECT count(*)::int FROM (SELECT entry_ref FROM ledger_postings GROUP BY client_ref, entry_ref
                   HAVING sum(amount) <> 0) x) AS unbalanced
          FROM ledger_postings`,
    );
    expect(sum).toEqual({ total: '0', unbalanced: 0 });
    const [collections] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_entries e
            ON e.client_ref = p.client_ref AND e.id = p.entry_ref
          WHERE e.category = 'PAYMENT_LINK' AND p.system_account = 'COLLECTIONS_CLEARING'`,
    );
    expect(collections!.n).toBeGreaterThanOrEqual(4);
  });
});
