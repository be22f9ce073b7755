import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { callbackDeliveries, clients, ledgerEntries } from '../src/db/schema.ts';
import { dayIn } from '../src/lists/list-query.ts';
import { advancePresentation, periodKey } from '../src/mandates/presentations.ts';
import { expireMandates } from '../src/mandates/service.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
const DAY = 86_400_000;
let acme: ClientSession;
let globex: ClientSession;
const today = () => dayIn('Asia/Kolkata');
const later = () => ({ railTimeScale: 1, at: new Date(Date.now() + 10 * 60_000) });

let n = 0;
const crn = (p = 'T') => `${p}-${++n}-${Date.now().toString(36)}`;
const nach = (extra: Record<string, unknown> = {}) => ({
  customer_reference_number: crn('MDT'),
  type: 'NACH',
  customer_name: 'Kavya Menon',
  customer_email: 'Kavya@Example.com',
  customer_mobile: '+919812345678',
  account_number: '50100099887766',
  ifsc_code: 'hdfc0000001',
  account_type: 'SAVINGS',
  max_amount: '5000',
  frequency: 'MONTHLY',
  start_date: today(),
  ...extra,
});
const upi = (vpa: string, extra: Record<string, unknown> = {}) => ({
  customer_reference_number: crn('UPI'),
  type: 'UPI_AUTOPAY',
  customer_name: 'Rahul Sharma',
  customer_mobile: '9812345678',
  vpa,
  max_amount: '999.00',
  frequency: 'ADHOC',
  start_date: today(),
  ...extra,
});
type M = { urn: string; status: string; authorisation_url: string; umrn: string | null };

const tokenOf = (m: M) => new URL(m.authorisation_url).pathname.split('/').at(-1)!;
const hosted = (method: 'GET' | 'POST', m: M | string, decision?: string) =>
  server.current.app.inject({
    method,
    url: typeof m === 'string' ? m : new URL(m.authorisation_url).pathname,
    ...(decision !== undefined
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ decision }).toString(),
        }
      : {}),
  });
const register = async (s: ClientSession, body: object) => {
  const res = await s.call('POST', '/v2/mandates', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as M;
};
const approved = async (s: ClientSession, body: object) => {
  const m = await register(s, body);
  expect((await hosted('POST', m, 'approve')).statusCode).toBe(200);
  return m;
};
const present = (s: ClientSession, urn: string, amount: string, extra: Record<string, unknown> = {}) =>
  s.call('POST', `/v2/mandates/${urn}/presentations`, {
    body: { customer_reference_number: crn('DEB'), amount, ...extra },
  });
const balanceOf = async (s: ClientSession) =>
  ((await s.call('GET', `${P}/read/fetch/balance`)).body.data as { balance: string }[])[0]!.balance;
const clientRefOf = async (s: ClientSession) => {
  const [c] = await server.current.handle.db.select().from(clients).where(eq(clients.clientId, s.client_id));
  return c!.id;
};
const eventsOf = async (urn: string) =>
  (
    await server.current.handle.db
      .select({ event: callbackDeliveries.event })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.subjectUrn, urn))
  ).map((d) => d.event);

describe('e-mandates', () => {
  it('seeds demo registrations in every state and presentations through the rail', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    const list = await acme.call('GET', `${P}/read/search/mandates/registrations?limit=100`);
    expect(list.status).toBe(200);
    const statuses = new Set((list.body.data as M[]).map((m) => m.status));
    expect([...statuses].sort()).toEqual(['ACTIVE', 'CANCELLED', 'EXPIRED', 'PAUSED', 'PENDING', 'REJECTED']);
    const count = await acme.call('GET', `${P}/read/count/mandates/registrations`);
    expect(count.body.count).toBe(9);
    const pres = await acme.call('GET', `${P}/read/search/mandates/presentations?limit=100`);
    const ps = pres.body.data as { status: string; status_message: string | null }[];
    expect(new Set(ps.map((p) => p.status))).toEqual(new Set(['SUCCESS', 'BOUNCED', 'PENDING']));
    expect(ps.find((p) => p.status === 'BOUNCED')!.status_message).toBe(
      'Insufficient funds in payer account',
    );
    const g = await globex.call('GET', `${P}/read/count/mandates/registrations`);
    expect(g.body.count).toBe(4);
    // Globex's only debit bounced: its funded balance is as seeded.
    expect(await balanceOf(globex)).toBe('500000.00');
    const credits = await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.category, 'MANDATE_COLLECTION'));
    expect(credits[0]!.n).toBeGreaterThanOrEqual(7);
  });

  it('registers a NACH mandate, pending until authorised, with a callback', async () => {
    const res = await acme.call('POST', '/v2/mandates', { body: nach() });
    expect(res.status).toBe(201);
    const m = res.body as M & Record<string, unknown>;
    expect(m).toMatchObject({
      type: 'NACH',
      status: 'PENDING',
      umrn: null,
      ifsc_code: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      customer_email: 'kavya@example.com',
      customer_mobile: '9812345678',
      max_amount: '5000.00',
      end_date: null,
      livemode: true,
    });
    expect(m.urn).toMatch(/^MDT[0-9A-Z]{26}$/);
    expect(m.authorisation_url).toMatch(/\/meridian\/hosted\/mandates\/[A-Za-z0-9_-]{43}$/);
    expect(await eventsOf(m.urn)).toEqual(['mandate.pending']);
    const details = await acme.call('GET', `/v2/mandates/${m.urn}`);
    expect(details.status).toBe(200);
    expect(details.body.events).toEqual([expect.objectContaining({ status: 'PENDING', livemode: true })]);

    const dup = await acme.call('POST', '/v2/mandates', {
      body: nach({ customer_reference_number: m.customer_reference_number }),
    });
    expect([dup.status, dup.body.error]).toEqual([409, 'duplicate_reference']);
  });

  it('refuses bad input with the fields named', async () => {
    const missing = await acme.call('POST', '/v2/mandates', {
      body: nach({ account_number: '', ifsc_code: undefined, account_type: undefined }),
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields as object)).toEqual(
      expect.arrayContaining(['account_number', 'ifsc_code', 'account_type']),
    );
    const noVpa = await acme.call('POST', '/v2/mandates', { body: upi('') });
    expect([noVpa.status, Object.keys(noVpa.body.fields as object)]).toEqual([400, ['vpa']]);
    const tooMuch = await acme.call('POST', '/v2/mandates', {
      body: upi('ab@okaxis', { max_amount: '100001' }),
    });
    expect([tooMuch.status, Object.keys(tooMuch.body.fields as object)]).toEqual([400, ['max_amount']]);
    const ends = await acme.call('POST', '/v2/mandates', { body: nach({ end_date: today() }) });
    expect(Object.keys(ends.body.fields as object)).toEqual(['end_date']);
    const past = await acme.call('POST', '/v2/mandates', {
      body: nach({ start_date: dayIn('Asia/Kolkata', -1) }),
    });
    expect([past.status, past.body.error]).toEqual([422, 'start_date_in_past']);
    const ifsc = await acme.call('POST', '/v2/mandates', { body: nach({ ifsc_code: 'HDFC0000066' }) });
    expect([ifsc.status, ifsc.body.fields]).toEqual([422, { ifsc_code: 'is not in the IFSC registry' }]);
    for (const body of [
      nach({ customer_reference_number: 'x'.repeat(41) }),
      nach({ customer_name: 'A'.repeat(200) }),
      nach({ frequency: 'HOURLY' }),
      nach({ type: 'SEPA' }),
      nach({ start_date: '2026-02-30' }),
      nach({ max_amount: '12.345' }),
      upi(`${'a'.repeat(400)}@okaxis`),
    ]) {
      const res = await acme.call('POST', '/v2/mandates', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is authorised or rejected on the hosted page, without sign-in or scripts', async () => {
    const m = await register(acme, nach());
    const page = await hosted('GET', m);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('XXXXXXXXXX7766');
    expect(page.body).toContain('value="approve"');
    expect((await hosted('POST', m, 'maybe')).statusCode).toBe(400);
    const ok = await hosted('POST', m, 'approve');
    expect([ok.statusCode, ok.body.includes('Mandate authorised')]).toEqual([200, true]);
    const again = await hosted('POST', m, 'reject');
    expect(again.statusCode).toBe(410);
    const d = await acme.call('GET', `/v2/mandates/${m.urn}`);
    expect(d.body).toMatchObject({ status: 'ACTIVE', status_message: 'Authorised by the customer' });
    expect(d.body.umrn).toMatch(/^MRDN\d{16}$/);
    expect(await eventsOf(m.urn)).toEqual(['mandate.pending', 'mandate.active']);

    const u = await register(acme, upi('kavya@okhdfc'));
    expect((await hosted('POST', u, 'reject')).statusCode).toBe(200);
    expect((await acme.call('GET', `/v2/mandates/${u.urn}`)).body.status).toBe('REJECTED');
    expect((await hosted('GET', `${P}/hosted/mandates/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await hosted('GET', `${P}/hosted/mandates/%00`)).statusCode).toBeLessThan(500);
  });

  it('presents debits within the amount, the dates and the frequency, credited through the rail', async () => {
    const db = server.current.handle.db;
    const pending = await register(acme, nach());
    const notActive = await present(acme, pending.urn, '100');
    expect([notActive.status, notActive.body.error]).toEqual([422, 'mandate_not_active']);

    const m = await approved(acme, nach({ max_amount: '5000' }));
    const over = await present(acme, m.urn, '5000.01');
    expect([over.status, over.body.error]).toEqual([422, 'amount_exceeds_mandate']);
    const before = await balanceOf(acme);
    const res = await present(acme, m.urn, '4999.50', { remarks: 'November EMI' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING',
      amount: '4999.50',
      mandate_urn: m.urn,
      mandate_type: 'NACH',
    });
    const urn = res.body.urn as string;
    expect(urn).toMatch(/^MPR/);
    const second = await present(acme, m.urn, '10');
    expect([second.status, second.body.error]).toEqual([422, 'frequency_limit']);
    const dup = await present(acme, m.urn, '10', {
      customer_reference_number: res.body.customer_reference_number,
    });
    expect([dup.status, dup.body.error]).toEqual([409, 'duplicate_reference']);

    const clientRef = await clientRefOf(acme);
    // Not due yet: the step is answered again for later.
    const early = await advancePresentation(db, { clientRef, urn }, { railTimeScale: 1 });
    expect(early.status).toBe('PENDING');
    expect(early.effects.rail).toHaveLength(1);
    expect((await advancePresentation(db, { clientRef, urn }, later())).status).toBe('SUCCESS');
    // Twice: nothing more moves.
    expect((await advancePresentation(db, { clientRef, urn }, later())).status).toBe('SUCCESS');
    // Another client's step for this urn finds nothing.
    expect(
      (await advancePresentation(db, { clientRef: await clientRefOf(globex), urn }, later())).status,
    ).toBeNull();
    const after = await balanceOf(acme);
    expect(Math.round((Number(after) - Number(before)) * 100)).toBe(499950);
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.clientRef, clientRef), eq(ledgerEntries.referenceUrn, urn)));
    expect(entry).toMatchObject({ category: 'MANDATE_COLLECTION' });
    expect(entry!.bankReferenceNumber).toMatch(/^MRDNH\d{11}$/);
    expect(await eventsOf(urn)).toEqual(['presentation.pending', 'presentation.success']);
    const tx = await acme.call(
      'GET',
      `${P}/read/search/mandates/presentations?search_key=bank_reference_number&search_value=${entry!.bankReferenceNumber}`,
    );
    expect(tx.body.data).toEqual([expect.objectContaining({ urn, status: 'SUCCESS' })]);
  });

  it('bounces debits of the test payers, freeing the period for another try', async () => {
    const db = server.current.handle.db;
    const clientRef = await clientRefOf(acme);
    const before = await balanceOf(acme);
    const u = await approved(acme, upi('nofunds@okhdfc'));
    const res = await present(acme, u.urn, '500');
    expect((await advancePresentation(db, { clientRef, urn: res.body.urn as string }, later())).status).toBe(
      'BOUNCED',
    );
    const d = await acme.call('GET', `/v2/mandates/${u.urn}`);
    expect((d.body.presentations as { status_message: string }[])[0]).toMatchObject({
      status: 'BOUNCED',
      status_message: 'Insufficient funds in payer account',
      bank_reference_number: null,
    });
    expect(await eventsOf(res.body.urn as string)).toEqual(['presentation.pending', 'presentation.bounced']);

    const closed = await approved(acme, nach({ account_number: '50100000000002', frequency: 'DAILY' }));
    const first = await present(acme, closed.urn, '100');
    expect(
      (await advancePresentation(db, { clientRef, urn: first.body.urn as string }, later())).status,
    ).toBe('BOUNCED');
    const retry = await present(acme, closed.urn, '100');
    expect(retry.status).toBe(201);
    expect(await balanceOf(acme)).toBe(before);
  });

  it('pauses, resumes and cancels, refusing what a state does not allow', async () => {
    const m = await approved(acme, upi('pause.me@okaxis'));
    const paused = await acme.call('POST', `/v2/mandates/${m.urn}/pause`);
    expect([paused.status, paused.body.status]).toEqual([200, 'PAUSED']);
    expect((await acme.call('POST', `/v2/mandates/${m.urn}/pause`)).status).toBe(409);
    expect((await present(acme, m.urn, '10')).body.error).toBe('mandate_not_active');
    expect((await acme.call('POST', `/v2/mandates/${m.urn}/resume`)).body.status).toBe('ACTIVE');
    const cancelled = await acme.call('POST', `/v2/mandates/${m.urn}/cancel`);
    expect(cancelled.body.status).toBe('CANCELLED');
    const resume = await acme.call('POST', `/v2/mandates/${m.urn}/resume`);
    expect([resume.status, resume.body.error]).toEqual([409, 'invalid_mandate_state']);
    expect(await eventsOf(m.urn)).toEqual([
      'mandate.pending',
      'mandate.active',
      'mandate.paused',
      'mandate.active',
      'mandate.cancelled',
    ]);
    const pending = await register(acme, nach());
    expect((await acme.call('POST', `/v2/mandates/${pending.urn}/cancel`)).body.status).toBe('CANCELLED');
    expect((await hosted('GET', pending)).statusCode).toBe(410);
    expect((await acme.call('POST', `/v2/mandates/NOPE/pause`)).status).toBe(404);
  });

  it('replays a registration sent again with the same Idempotency-Key', async () => {
    const body = nach();
    const headers = { 'idempotency-key': `k-${crn()}` };
    const a = await acme.call('POST', '/v2/mandates', { body, headers });
    const b = await acme.call('POST', '/v2/mandates', { body, headers });
    expect(b.status).toBe(201);
    expect(b.body.urn).toBe(a.body.urn);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const other = await acme.call('POST', '/v2/mandates', { body: nach(), headers });
    expect(other.status).toBe(422);
  });

  it('searches, counts and exports both lists', async () => {
    const m = await approved(acme, nach());
    const get = (q: string) => acme.call('GET', `${P}/read/search/mandates/registrations?${q}`);
    expect((await get(`search_key=meridian_urn&search_value=${m.urn}`)).body.data).toHaveLength(1);
    const d = (await acme.call('GET', `/v2/mandates/${m.urn}`)).body as M;
    expect((await get(`search_key=umrn&search_value=${d.umrn}`)).body.data).toHaveLength(1);
    const active = await acme.call('GET', `${P}/read/count/mandates/registrations?status=ACTIVE`);
    const all = await acme.call('GET', `${P}/read/count/mandates/registrations`);
    expect(active.body.count).toBeGreaterThan(2);
    expect(active.body.count).toBeLessThan(all.body.count as number);
    expect((await get('status=SLEEPING')).status).toBe(400);
    expect((await get('search_key=vpa')).status).toBe(400);
    expect((await get('limit=1000')).status).toBe(400);
    const byMandate = await acme.call(
      'GET',
      `${P}/read/count/mandates/presentations?search_key=mandate_urn&search_value=${m.urn}`,
    );
    expect(byMandate.body.count).toBe(0);
    const bounced = await acme.call(
      'GET',
      `${P}/read/search/mandates/presentations?status=BOUNCED&limit=100`,
    );
    expect((bounced.body.data as { status: string }[]).every((p) => p.status === 'BOUNCED')).toBe(true);
    // the definitions' filters: mandate type on both lists, the debit's amount range
    const count = async (list: string, q: string) =>
      (await acme.call('GET', `${P}/read/count/mandates/${list}?${q}`)).body.count as number;
    const rows = async <T>(list: string, q: string) =>
      (await acme.call('GET', `${P}/read/search/mandates/${list}?limit=100&${q}`)).body.data as T[];
    const nachOnes = await rows<{ type: string }>('registrations', 'type=NACH');
    expect(nachOnes.length).toBeGreaterThan(0);
    expect(nachOnes.every((r) => r.type === 'NACH')).toBe(true);
    expect(
      (await count('registrations', 'type=NACH')) + (await count('registrations', 'type=UPI_AUTOPAY')),
    ).toBe(all.body.count);
    expect(
      await count('registrations', `type=UPI_AUTOPAY&search_key=meridian_urn&search_value=${m.urn}`),
    ).toBe(0);
    type Debit = { mandate_type: string; amount: string };
    const debits = await rows<Debit>('presentations', '');
    const nachDebits = await rows<Debit>('presentations', 'mandate_type=NACH');
    expect(nachDebits.length).toBe(debits.filter((p) => p.mandate_type === 'NACH').length);
    expect(await count('presentations', 'mandate_type=NACH')).toBe(nachDebits.length);
    const mid = await rows<Debit>('presentations', 'amount_min=100&amount_max=1000.50');
    expect(mid.length).toBe(
      debits.filter((p) => Number(p.amount) >= 100 && Number(p.amount) <= 1000.5).length,
    );
    expect(await count('presentations', 'amount_min=100&amount_max=1000.50')).toBe(mid.length);
    for (const [list, q, field] of [
      ['registrations', 'type=ENACH', 'type'],
      ['presentations', 'mandate_type=CARD', 'mandate_type'],
      ['presentations', 'amount_min=9&amount_max=1', 'amount_min'],
    ] as const) {
      const res = await acme.call('GET', `${P}/read/search/mandates/${list}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.fields, q).toHaveProperty(field);
    }
    const csv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/mandates/registrations?search_key=meridian_urn&search_value=${m.urn}`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('meridian_urn,customer_reference_number,umrn');
    expect(csv.body).toContain(m.urn);
    const pcsv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/mandates/presentations`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(pcsv.body.split('\n')[0]).toContain('mandate_urn');
  });

  it('is found by the global search (urn, customer reference, UMRN), for its own client only', async () => {
    const m = await approved(acme, nach({ customer_reference_number: crn('GSRCH') }));
    const d = (await acme.call('GET', `/v2/mandates/${m.urn}`)).body as M & {
      customer_reference_number: string;
    };
    const find = (s: ClientSession, q: string) =>
      s
        .call('GET', `${P}/read/search/global?q=${encodeURIComponent(q)}`)
        .then((r) =>
          (r.body.data as { type: string; id: string; matched: string; route: { to: string } }[]).filter(
            (x) => x.type === 'mandate',
          ),
        );
    const byUrn = await find(acme, m.urn.toLowerCase());
    expect(byUrn).toEqual([expect.objectContaining({ id: m.urn, matched: 'urn' })]);
    expect(byUrn[0]!.route.to).toBe('/flow/e-mandates');
    expect((await find(acme, d.customer_reference_number.toLowerCase()))[0]).toMatchObject({
      id: m.urn,
      matched: 'customer_reference_number',
    });
    expect((await find(acme, d.umrn!))[0]).toMatchObject({ id: m.urn, matched: 'umrn' });
    expect(await find(globex, m.urn)).toEqual([]);
  });

  it('keeps each client to its own mandates', async () => {
    const m = await approved(acme, nach());
    expect((await globex.call('GET', `/v2/mandates/${m.urn}`)).status).toBe(404);
    expect((await globex.call('POST', `/v2/mandates/${m.urn}/pause`)).status).toBe(404);
    expect((await globex.call('POST', `/v2/mandates/${m.urn}/cancel`)).status).toBe(404);
    expect((await present(globex, m.urn, '10')).status).toBe(404);
    const search = await globex.call(
      'GET',
      `${P}/read/search/mandates/registrations?search_key=meridian_urn&search_value=${m.urn}`,
    );
    expect(search.body.data).toEqual([]);
    // The same customer reference is free for another client.
    const body = nach();
    await register(acme, body);
    expect((await globex.call('POST', '/v2/mandates', { body })).status).toBe(201);
    expect((await acme.call('GET', `/v2/mandates/${m.urn}`)).body.status).toBe('ACTIVE');
    // Without a session: 401.
    const anon = await server.current.app.inject({ method: 'POST', url: '/v2/mandates', payload: nach() });
    expect(anon.statusCode).toBe(401);
  });

  it('expires mandates not authorised in time and those past their end date', async () => {
    const db = server.current.handle.db;
    const pending = await register(acme, nach());
    const ending = await approved(acme, nach({ end_date: dayIn('Asia/Kolkata', 3) }));
    const { expired, effects } = await expireMandates(db, { at: new Date(Date.now() + 8 * DAY) });
    expect(expired).toBeGreaterThanOrEqual(2);
    expect(effects.callbacks.length).toBeGreaterThanOrEqual(2);
    const p = (await acme.call('GET', `/v2/mandates/${pending.urn}`)).body;
    expect(p).toMatchObject({ status: 'EXPIRED', status_message: 'Not authorised within 7 days' });
    const e = (await acme.call('GET', `/v2/mandates/${ending.urn}`)).body;
    expect(e).toMatchObject({ status: 'EXPIRED', status_message: 'End date reached' });
    expect((await hosted('GET', pending)).statusCode).toBe(410);
    expect(tokenOf(pending)).toHaveLength(43);
  });

  it('names the frequency periods on the rail calendar', () => {
    expect(periodKey('ADHOC', '2026-11-23')).toBeNull();
    expect(periodKey('DAILY', '2026-11-23')).toBe('2026-11-23');
    expect(periodKey('WEEKLY', '2026-11-23')).toBe('W2026-11-23'); // a Monday
    expect(periodKey('WEEKLY', '2026-11-29')).toBe('W2026-11-23'); // its Sunday
    expect(periodKey('MONTHLY', '2026-11-23')).toBe('2026-11');
    expect(periodKey('QUARTERLY', '2026-11-23')).toBe('2026-Q4');
    expect(periodKey('YEARLY', '2026-01-01')).toBe('2026');
  });

  it('keeps the ledger balanced', async () => {
    const db = server.current.handle.db;
    const unbalanced = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_postings GROUP BY client_ref, entry_ref
          HAVING sum(amount) <> 0 OR count(account_ref) <> 1 OR count(system_account) <> 1) x`,
    );
    expect(unbalanced[0]!.n).toBe(0);
    const drift = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM accounts a WHERE a.kind = 'client_current'
          AND a.balance <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p
                            WHERE p.client_ref = a.client_ref AND p.account_ref = a.id)`,
    );
    expect(drift[0]!.n).toBe(0);
    const [net] = await queryRows<{ clients: string; system: string }>(
      db,
      sql`SELECT (SELECT sum(balance) FROM accounts)::text AS clients,
                 (SELECT sum(amount) FROM ledger_postings WHERE system_account IS NOT NULL)::text AS system`,
    );
    expect(BigInt(net!.clients) + BigInt(net!.system)).toBe(0n);
  });
});
