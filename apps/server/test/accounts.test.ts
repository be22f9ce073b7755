import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { callbackDeliveries, clients, settlementCycles, virtualAccounts } from '../src/db/schema.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const production = useServer({ APP_ENV: 'production' });
const P = '/meridian';
const DAY = 86_400_000;
let acme: ClientSession;
let globex: ClientSession;
let acmeCurrent: string;

type Va = {
  urn: string;
  account_number: string;
  upi_id: string;
  status: string;
  balance: string;
  total_collected: string;
  credits_count: number;
  expires_at: string | null;
};
type Credit = {
  urn: string;
  status: string;
  return_reason: string | null;
  bank_reference_number: string;
  transaction_id: string | null;
  duplicate?: boolean;
  amount: string;
};
type Txn = { transaction_id: string; type: string; amount: string; balance: string; category: string };

const istDay = (offsetDays = 0) =>
  new Date(Date.now() + 5.5 * 3600_000 + offsetDays * DAY).toISOString().slice(0, 10);
const paise = (v: string) => BigInt(v.replace('.', ''));
let utrSeq = 0;
const utr = () => `UTR${String(Date.now()).slice(-8)}${String(++utrSeq).padStart(5, '0')}`;

const openVa = async (
  s: ClientSession,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) => {
  const res = await s.call('POST', '/v2/banking/account/virtual', {
    body: { name: 'Test Payer', customer_id: `C-${Math.random().toString(36).slice(2, 8)}`, ...extra },
    ...(headers ? { headers } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Va;
};
const neft = (va: string, amount: string, extra: Record<string, unknown> = {}) => ({
  virtual_account_number: va,
  amount,
  mode: 'NEFT',
  remitter_name: 'Kavya Menon',
  remitter_account_number: '60200000000005',
  remitter_ifsc: 'KKBK0000131',
  ...extra,
});
const credit = (s: ClientSession, body: object) => s.call('POST', `${P}/sandbox/simulate/credit`, { body });
const vaOf = async (s: ClientSession, number: string) => {
  const res = await s.call(
    'GET',
    `${P}/read/search/manage/virtual_account?search_key=account_number&search_value=${number}`,
  );
  return (res.body.data as Va[])[0]!;
};
const clientRefOf = async (s: ClientSession) => {
  const [c] = await server.current.handle.db.select().from(clients).where(eq(clients.clientId, s.client_id));
  return c!.id;
};

describe('virtual accounts', () => {
  it('seeds each demo client four virtual accounts and fifteen credits, two returned', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    acmeCurrent = (
      (await acme.call('GET', `${P}/read/fetch/balance`)).body.data as { account_number: string }[]
    )[0]!.account_number;
    for (const s of [acme, globex]) {
      const vas = await s.call('GET', `${P}/read/search/manage/virtual_account?limit=100`);
      expect((vas.body.data as Va[]).length).toBe(4);
      expect((vas.body.data as Va[]).filter((v) => v.status === 'CLOSED')).toHaveLength(1);
      const all = await s.call('GET', `${P}/read/count/manage/virtual_account_credits`);
      expect(all.body.count).toBe(15);
      const returned = await s.call('GET', `${P}/read/count/manage/virtual_account_credits?status=RETURNED`);
      expect(returned.body.count).toBe(2);
    }
  });

  it('opens a virtual account with its options, and refuses bad input', async () => {
    const expiresOn = istDay(3);
    const va = await openVa(acme, {
      allowed_payers: [{ account_number: '50100012345678', ifsc: 'hdfc0000001' }],
      expected_amount: '2500',
      expires_on: expiresOn,
    });
    expect(va.account_number).toMatch(/^8800\d{10}$/);
    expect(va).toMatchObject({
      ifsc: 'MRDN0000001',
      upi_id: `mrdn.${va.account_number}@meridian`,
      status: 'ACTIVE',
      balance: '0.00',
      total_collected: '0.00',
      credits_count: 0,
      livemode: true,
      expected_amount: '2500.00',
      allowed_payers: [{ account_number: '50100012345678', ifsc: 'HDFC0000001' }],
    });
    // end of the day in India: 18:30 UTC
    expect(va.expires_at).toBe(`${expiresOn}T18:30:00.000Z`);

    const bad = await acme.call('POST', '/v2/banking/account/virtual', {
      body: {
        name: '1',
        customer_id: 'has space',
        expected_amount: 'abc',
        allowed_payers: [{ account_number: '12' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
    expect(Object.keys(bad.body.fields as object)).toEqual(
      expect.arrayContaining(['name', 'customer_id', 'expected_amount']),
    );
    const past = await acme.call('POST', '/v2/banking/account/virtual', {
      body: { name: 'Late Payer', customer_id: 'C-1', expires_on: istDay(-1) },
    });
    expect([past.status, past.body.error, past.body.fields]).toEqual([
      422,
      'expiry_in_past',
      { expires_on: 'is in the past' },
    ]);
    const zero = await acme.call('POST', '/v2/banking/account/virtual', {
      body: { name: 'Zero Payer', customer_id: 'C-0', expected_amount: '0' },
    });
    expect([zero.status, zero.body.fields]).toEqual([422, { expected_amount: 'is below ₹1.00' }]);
    const tooMany = await acme.call('POST', '/v2/banking/account/virtual', {
      body: {
        name: 'Many Payers',
        customer_id: 'C-2',
        allowed_payers: Array.from({ length: 11 }, () => ({ account_number: '50100012345678' })),
      },
    });
    expect(tooMany.status).toBe(400);
    const long = await acme.call('POST', '/v2/banking/account/virtual', {
      body: { name: 'A'.repeat(5000), customer_id: 'C'.repeat(5000) },
    });
    expect(long.status).toBe(400);
  });

  it('replays a creation with the same Idempotency-Key', async () => {
    const body = { name: 'Once Only', customer_id: 'ONCE-1' };
    const first = await acme.call('POST', '/v2/banking/account/virtual', {
      body,
      headers: { 'idempotency-key': 'va-once-1' },
    });
    const again = await acme.call('POST', '/v2/banking/account/virtual', {
      body,
      headers: { 'idempotency-key': 'va-once-1' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.urn).toBe(first.body.urn);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await acme.call('POST', '/v2/banking/account/virtual', {
      body: { ...body, customer_id: 'ONCE-2' },
      headers: { 'idempotency-key': 'va-once-1' },
    });
    expect(other.status).toBe(422);
  });

  it('closes and reopens, within the client only', async () => {
    const va = await openVa(acme);
    const url = (action: string, n = va.account_number) => `/v2/banking/account/virtual/${n}/${action}`;
    expect((await globex.call('POST', url('close'))).status).toBe(404);
    const closed = await acme.call('POST', url('close'));
    expect([closed.status, closed.body.status]).toEqual([200, 'CLOSED']);
    const twice = await acme.call('POST', url('close'));
    expect([twice.status, twice.body.error]).toEqual([422, 'virtual_account_closed']);
    expect(twice.body.message).toMatch(/already closed/);
    expect((await globex.call('POST', url('reopen'))).status).toBe(404);
    const reopened = await acme.call('POST', url('reopen'));
    expect([reopened.status, reopened.body.status]).toEqual([200, 'ACTIVE']);
    expect((await acme.call('POST', url('reopen'))).status).toBe(422);
    expect((await acme.call('POST', url('close', '880000000000'))).status).toBe(404);
    expect((await acme.call('POST', url('close', 'abc'))).status).toBe(400);

    // an expired account cannot be reopened
    const old = await openVa(acme, { expires_on: istDay(0) });
    await server.current.handle.db
      .update(virtualAccounts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(virtualAccounts.urn, old.urn));
    expect((await vaOf(acme, old.account_number)).status).toBe('EXPIRED');
    const expiredReopen = await acme.call('POST', url('reopen', old.account_number));
    expect([expiredReopen.status, expiredReopen.body.error]).toEqual([422, 'virtual_account_expired']);
    expect((await acme.call('POST', url('close', old.account_number))).status).toBe(200);
    const closedExpired = await acme.call('POST', url('reopen', old.account_number));
    expect(closedExpired.status).toBe(422);
    expect(closedExpired.body.message).toMatch(/expired on \d{4}-\d{2}-\d{2}/);

    const audit = await queryRows<{ action: string }>(
      server.current.handle.db,
      sql`SELECT action FROM audit_log WHERE target = ${va.urn} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'virtual_account.created',
      'virtual_account.closed',
      'virtual_account.reopened',
    ]);
  });
});

describe('money arriving', () => {
  let va: Va;

  it('credits a virtual account once per UTR', async () => {
    va = await openVa(acme);
    const ref = utr();
    const first = await credit(acme, neft(va.account_number, '1500.50', { utr: ref }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      status: 'CREDITED',
      duplicate: false,
      amount: '1500.50',
      bank_reference_number: ref,
      virtual_account_number: va.account_number,
      return_reason: null,
      livemode: true,
    });
    expect(first.body.transaction_id).toMatch(/^TXN/);
    const again = await credit(acme, neft(va.account_number, '9999', { utr: ref }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ urn: first.body.urn, duplicate: true, amount: '1500.50' });
    // without a UTR: two identical requests are two credits, with UTRs in the rail's format
    const a = await credit(acme, neft(va.account_number, '100'));
    const b = await credit(acme, neft(va.account_number, '100'));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.bank_reference_number).not.toBe(b.body.bank_reference_number);
    expect(a.body.bank_reference_number).toMatch(/^MRDNN\d{11}$/);
    const upi = await credit(acme, {
      virtual_account_number: va.account_number,
      amount: '10',
      mode: 'UPI',
      remitter_name: 'Ravi Kumar',
      remitter_upi_id: 'Ravi@okaxis',
    });
    expect(upi.body).toMatchObject({ status: 'CREDITED', remitter_upi_id: 'ravi@okaxis' });
    expect(upi.body.bank_reference_number).toMatch(/^\d{12}$/);
    const after = await vaOf(acme, va.account_number);
    expect(after).toMatchObject({ balance: '1710.50', total_collected: '1710.50', credits_count: 4 });
  });

  it('refuses bad credits before anything, and other clients', async () => {
    const upiTooMuch = await credit(acme, {
      virtual_account_number: va.account_number,
      amount: '100000.01',
      mode: 'UPI',
      remitter_name: 'Ravi Kumar',
      remitter_upi_id: 'ravi@okaxis',
    });
    expect([upiTooMuch.status, upiTooMuch.body.error, upiTooMuch.body.fields]).toEqual([
      422,
      'amount_out_of_range',
      { amount: 'is outside the limits of UPI' },
    ]);
    const smallRtgs = await credit(acme, neft(va.account_number, '199999.99', { mode: 'RTGS' }));
    expect([smallRtgs.status, smallRtgs.body.error]).toEqual([422, 'amount_out_of_range']);
    const noIfsc = await credit(acme, neft(va.account_number, '10', { remitter_ifsc: undefined }));
    expect(noIfsc.status).toBe(400);
    expect(noIfsc.body.fields).toHaveProperty('remitter_ifsc');
    const badUtr = await credit(acme, neft(va.account_number, '10', { utr: 'short' }));
    expect([badUtr.status, Object.keys(badUtr.body.fields as object)]).toEqual([400, ['utr']]);
    const noUpiId = await credit(acme, { ...neft(va.account_number, '10'), mode: 'UPI' });
    expect(noUpiId.body.fields).toHaveProperty('remitter_upi_id');
    expect((await credit(globex, neft(va.account_number, '10'))).status).toBe(404);
    expect((await credit(acme, neft('880000000000000', '10'))).status).toBe(404);
    expect((await vaOf(acme, va.account_number)).balance).toBe('1710.50');
  });

  it('returns credits by the sandbox rules, moving no money', async () => {
    const closed = await openVa(acme);
    await acme.call('POST', `/v2/banking/account/virtual/${closed.account_number}/close`);
    const expired = await openVa(acme, { expires_on: istDay(0) });
    await server.current.handle.db
      .update(virtualAccounts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(virtualAccounts.urn, expired.urn));
    const payers = await openVa(acme, {
      allowed_payers: [
        { account_number: '50100012345678', ifsc: 'HDFC0000001' },
        { account_number: '000401234567' },
      ],
    });
    const expected = await openVa(acme, { expected_amount: '2500' });

    const cases: [string, Record<string, unknown>, string | null][] = [
      [closed.account_number, {}, 'Virtual account is closed'],
      [expired.account_number, {}, `Virtual account expired on ${istDay(0)}`],
      [payers.account_number, {}, 'Payer is not allowed for this virtual account'],
      [
        payers.account_number,
        { remitter_account_number: '50100012345678', remitter_ifsc: 'HDFC0000002' },
        'Payer is not allowed for this virtual account',
      ],
      [
        payers.account_number,
        { remitter_account_number: '50100012345678', remitter_ifsc: 'HDFC0000001' },
        null,
      ],
      [
        payers.account_number,
        { remitter_account_number: '000401234567', remitter_ifsc: 'SBIN0000001' },
        null,
      ],
      [
        payers.account_number,
        {
          mode: 'UPI',
          remitter_upi_id: 'kavya@okhdfc',
          remitter_account_number: undefined,
          remitter_ifsc: undefined,
        },
        'Payer is not allowed for this virtual account',
      ],
      [expected.account_number, { amount: '2400' }, 'Expected ₹2,500.00, received ₹2,400.00'],
      [expected.account_number, { amount: '2500.00' }, null],
    ];
    for (const [number, extra, reason] of cases) {
      const res = await credit(acme, neft(number, '2500', extra));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect([res.body.status, res.body.return_reason]).toEqual([reason ? 'RETURNED' : 'CREDITED', reason]);
      expect(res.body.transaction_id === null).toBe(reason !== null);
    }
    expect((await vaOf(acme, closed.account_number)).balance).toBe('0.00');
    expect((await vaOf(acme, expired.account_number)).balance).toBe('0.00');
    expect(await vaOf(acme, payers.account_number)).toMatchObject({ balance: '5000.00', credits_count: 2 });
    expect(await vaOf(acme, expected.account_number)).toMatchObject({ balance: '2500.00', credits_count: 1 });
    const returned = await acme.call(
      'GET',
      `${P}/read/search/manage/virtual_account_credits?status=RETURNED&search_key=virtual_account_number&search_value=${payers.account_number}`,
    );
    expect((returned.body.data as Credit[]).map((c) => c.return_reason)).toEqual([
      'Payer is not allowed for this virtual account',
      'Payer is not allowed for this virtual account',
      'Payer is not allowed for this virtual account',
    ]);
  });

  it('queues a callback and an audit record for every credit', async () => {
    const created = await globex.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'VIRTUAL_ACCOUNT_CREDIT', url: 'https://hooks.example.com/va' },
    });
    expect(created.status).toBe(201);
    const gva = await openVa(globex, { expected_amount: '100' });
    const ok = await credit(globex, neft(gva.account_number, '100'));
    const back = await credit(globex, neft(gva.account_number, '101'));
    const dup = await credit(globex, neft(gva.account_number, '100', { utr: ok.body.bank_reference_number }));
    expect(dup.body.duplicate).toBe(true);
    const db = server.current.handle.db;
    const deliveries = await db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.clientRef, await clientRefOf(globex)));
    const bySubject = (urn: unknown) => deliveries.filter((d) => d.subjectUrn === urn);
    expect(bySubject(ok.body.urn).map((d) => d.event)).toEqual(['virtual_account.credited']);
    expect(bySubject(back.body.urn).map((d) => d.event)).toEqual(['virtual_account.returned']);
    const body = JSON.parse(bySubject(back.body.urn)[0]!.body) as { type: string; data: Credit };
    expect(body.type).toBe('virtual_account.returned');
    expect(body.data).toMatchObject({
      urn: back.body.urn,
      status: 'RETURNED',
      return_reason: 'Expected ₹100.00, received ₹101.00',
    });
    const audit = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE target IN (${ok.body.urn}, ${back.body.urn}) ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['virtual_account.credited', 'virtual_account.returned']);
  });

  it('is offered in production in test mode only (live: 403 test_mode_only)', async () => {
    const s = await clientSession(production.current, 'admin@acme.test');
    const va = await openVa(s);
    const res = await s.call('POST', `${P}/sandbox/simulate/credit`, { body: neft(va.account_number, '10') });
    expect([res.status, res.body.error]).toEqual([403, 'test_mode_only']);
    const test = { 'meridian-mode': 'test' };
    const testVa = await openVa(s, {}, test);
    const funded = await s.call('POST', `${P}/sandbox/simulate/credit`, {
      body: neft(testVa.account_number, '10'),
      headers: test,
    });
    expect([funded.status, funded.body.status]).toEqual([201, 'CREDITED']);
  });
});

describe('lists', () => {
  it('searches, counts and exports virtual accounts without leaking across clients', async () => {
    const va = await openVa(acme, { customer_id: 'LIST-CUST-1' });
    const byCustomer = await acme.call(
      'GET',
      `${P}/read/search/manage/virtual_account?search_key=customer_id&search_value=LIST-CUST-1`,
    );
    expect((byCustomer.body.data as Va[]).map((v) => v.urn)).toEqual([va.urn]);
    const leak = await globex.call(
      'GET',
      `${P}/read/count/manage/virtual_account?search_key=account_number&search_value=${va.account_number}`,
    );
    expect(leak.body.count).toBe(0);
    const count = await acme.call('GET', `${P}/read/count/manage/virtual_account`);
    const page = await acme.call('GET', `${P}/read/search/manage/virtual_account?limit=100`);
    expect((page.body.data as Va[]).length).toBe(count.body.count);
    const badKey = await acme.call('GET', `${P}/read/search/manage/virtual_account?search_key=meridian_urn`);
    expect([badKey.status, badKey.body.fields]).toEqual([400, { search_key: expect.any(String) }]);
    const old = await acme.call(
      'GET',
      `${P}/read/count/manage/virtual_account?start_date=${istDay(-60)}&end_date=${istDay(-30)}`,
    );
    expect(old.body.count).toBe(0);
    const csv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/manage/virtual_account?search_key=customer_id&search_value=LIST-CUST-1`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^created_at,meridian_urn,account_number,/);
    expect(lines).toHaveLength(2);
  });

  it('lists credits by UTR, account and status', async () => {
    const va = await openVa(globex);
    const ref = utr();
    await credit(globex, neft(va.account_number, '55', { utr: ref }));
    const byUtr = await globex.call(
      'GET',
      `${P}/read/search/manage/virtual_account_credits?search_key=bank_reference_number&search_value=${ref.toLowerCase()}`,
    );
    expect((byUtr.body.data as Credit[]).map((c) => c.amount)).toEqual(['55.00']);
    expect(
      (
        await acme.call(
          'GET',
          `${P}/read/count/manage/virtual_account_credits?search_key=bank_reference_number&search_value=${ref}`,
        )
      ).body.count,
    ).toBe(0);
    const credited = await globex.call(
      'GET',
      `${P}/read/count/manage/virtual_account_credits?status=CREDITED&search_key=virtual_account_number&search_value=${va.account_number}`,
    );
    expect(credited.body.count).toBe(1);
    const bad = await globex.call('GET', `${P}/read/search/manage/virtual_account_credits?status=LOST`);
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ['status']]);
    const csv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/manage/virtual_account_credits?status=CREDITED`,
      headers: { authorization: `Bearer ${globex.access_token}`, client_id: globex.client_id },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(ref);
  });

  it('lists all accounts: current and virtual, that existed in the range', async () => {
    const all = await acme.call('GET', `${P}/read/search/manage/accounts?limit=100`);
    const rows = all.body.data as {
      account_number: string;
      kind: string;
      status: string;
      customer_id: string | null;
    }[];
    expect(rows.filter((r) => r.kind === 'CURRENT').map((r) => r.account_number)).toEqual([acmeCurrent]);
    expect(rows.filter((r) => r.kind === 'VIRTUAL').length).toBeGreaterThan(4);
    expect(rows.some((r) => r.status === 'CLOSED')).toBe(true);
    const count = await acme.call('GET', `${P}/read/count/manage/accounts`);
    expect(count.body.count).toBe(rows.length);
    // a range in the future still shows every account (they existed then); one before they were opened, none
    const later = await acme.call(
      'GET',
      `${P}/read/count/manage/accounts?start_date=${istDay(1)}&end_date=${istDay(1)}`,
    );
    expect(later.body.count).toBe(rows.length);
    const before = await acme.call(
      'GET',
      `${P}/read/count/manage/accounts?start_date=${istDay(-90)}&end_date=${istDay(-60)}`,
    );
    expect(before.body.count).toBe(0);
    const byCustomer = await acme.call(
      'GET',
      `${P}/read/search/manage/accounts?search_key=customer_id&search_value=ACME-CUST-1001`,
    );
    expect((byCustomer.body.data as { kind: string }[]).map((r) => r.kind)).toEqual(['VIRTUAL']);
    expect(
      (
        await acme.call(
          'GET',
          `${P}/read/count/manage/accounts?search_key=customer_id&search_value=ACME-CUST-1001`,
        )
      ).body.count,
    ).toBe(1);
    const leak = await globex.call(
      'GET',
      `${P}/read/count/manage/accounts?search_key=account_number&search_value=${acmeCurrent}`,
    );
    expect(leak.body.count).toBe(0);
  });
});

describe('list filters', () => {
  it('filters virtual accounts by status as the rows show it (EXPIRED: active past its expiry)', async () => {
    const customer = `FLT-${Math.random().toString(36).slice(2, 8)}`;
    const open = await openVa(acme, { customer_id: customer });
    const closed = await openVa(acme, { customer_id: customer });
    expect(
      (await acme.call('POST', `/v2/banking/account/virtual/${closed.account_number}/close`)).status,
    ).toBe(200);
    const expired = await openVa(acme, { customer_id: customer });
    await server.current.handle.db
      .update(virtualAccounts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(virtualAccounts.accountNumber, expired.account_number));
    const q = `search_key=customer_id&search_value=${customer}`;
    for (const [status, va] of [
      ['ACTIVE', open],
      ['CLOSED', closed],
      ['EXPIRED', expired],
    ] as const) {
      const rows = (await acme.call('GET', `${P}/read/search/manage/virtual_account?${q}&status=${status}`))
        .body.data as Va[];
      expect(
        rows.map((r) => [r.account_number, r.status]),
        status,
      ).toEqual([[va.account_number, status]]);
      const count = await acme.call('GET', `${P}/read/count/manage/virtual_account?${q}&status=${status}`);
      expect(count.body.count).toBe(1);
    }
    const bad = await acme.call('GET', `${P}/read/count/manage/virtual_account?status=OPEN`);
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ['status']]);
  });

  it('filters credits by amount range (rupees, both ends included) and refuses a reversed range', async () => {
    const va = await openVa(globex);
    for (const amount of ['10', '25.50', '100']) await credit(globex, neft(va.account_number, amount));
    const q = `search_key=virtual_account_number&search_value=${va.account_number}`;
    const amounts = async (range: string) =>
      (
        (await globex.call('GET', `${P}/read/search/manage/virtual_account_credits?${q}&${range}`)).body
          .data as Credit[]
      ).map((c) => c.amount);
    expect(await amounts('amount_min=25.50')).toEqual(['100.00', '25.50']);
    expect(await amounts('amount_max=25.5')).toEqual(['25.50', '10.00']);
    expect(await amounts('amount_min=11&amount_max=99.99&status=CREDITED')).toEqual(['25.50']);
    const count = await globex.call(
      'GET',
      `${P}/read/count/manage/virtual_account_credits?${q}&amount_min=10&amount_max=100`,
    );
    expect(count.body.count).toBe(3);
    const reversed = await globex.call(
      'GET',
      `${P}/read/search/manage/virtual_account_credits?amount_min=100&amount_max=10`,
    );
    expect([reversed.status, Object.keys(reversed.body.fields as object)]).toEqual([400, ['amount_min']]);
    const notRupees = await globex.call(
      'GET',
      `${P}/read/count/manage/virtual_account_credits?amount_min=1e3`,
    );
    expect(notRupees.status).toBe(400);
  });

  it('filters all accounts by kind', async () => {
    const kinds = async (kind: string) =>
      (
        (await acme.call('GET', `${P}/read/search/manage/accounts?limit=100&kind=${kind}`)).body.data as {
          kind: string;
          account_number: string;
        }[]
      ).map((r) => r.kind);
    expect(await kinds('CURRENT')).toEqual(['CURRENT']);
    const virtual = await kinds('VIRTUAL');
    expect(virtual.length).toBeGreaterThan(4);
    expect(new Set(virtual)).toEqual(new Set(['VIRTUAL']));
    const count = await acme.call('GET', `${P}/read/count/manage/accounts?kind=VIRTUAL`);
    expect(count.body.count).toBe(virtual.length);
  });

  it("filters an account's transactions by type and amount", async () => {
    const va = await openVa(acme);
    for (const amount of ['100', '250']) await credit(acme, neft(va.account_number, amount));
    const path = `${P}/read/search/account/transactions/va?account_number=${va.account_number}`;
    const credits = (await acme.call('GET', `${path}&type=CREDIT&amount_min=200`)).body.data as Txn[];
    expect(credits.map((t) => t.amount)).toEqual(['250.00']);
    expect(credits[0]).toMatchObject({ livemode: true });
    expect(((await acme.call('GET', `${path}&type=DEBIT`)).body.data as Txn[]).length).toBe(0);
    const count = await acme.call(
      'GET',
      `${P}/read/count/account/transactions/va?account_number=${va.account_number}&type=CREDIT`,
    );
    expect(count.body.count).toBe(2);
  });
});

describe('account transactions', () => {
  it('pages one virtual account’s transactions with running balances', async () => {
    const va = await openVa(acme);
    for (let i = 1; i <= 5; i++) await credit(acme, neft(va.account_number, `${i * 100}`));
    const path = `${P}/read/search/account/transactions/va?account_number=${va.account_number}`;
    const page0 = await acme.call('GET', `${path}&page_index=0&page_size=3`);
    const page1 = await acme.call('GET', `${path}&page_index=1&page_size=3`);
    expect(page0.status, JSON.stringify(page0.body)).toBe(200);
    const rows = [...(page0.body.data as Txn[]), ...(page1.body.data as Txn[])];
    expect(rows.map((r) => r.amount)).toEqual(['500.00', '400.00', '300.00', '200.00', '100.00']);
    expect((page1.body.data as Txn[]).length).toBe(2);
    expect(rows.map((r) => r.balance)).toEqual(['1500.00', '1000.00', '600.00', '300.00', '100.00']);
    expect(rows.every((r) => r.type === 'CREDIT' && r.category === 'COLLECTION')).toBe(true);
    const count = await acme.call(
      'GET',
      `${P}/read/count/account/transactions/va?account_number=${va.account_number}&page_size=3`,
    );
    expect(count.body.count).toBe(5);
    // limit/offset are not this list's paging
    const byLimit = await acme.call('GET', `${path}&limit=2`);
    expect((byLimit.body.data as Txn[]).length).toBe(5);

    const refused = await acme.call(
      'GET',
      `${P}/read/search/account/transactions/va?account_number=${acmeCurrent}`,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/^No account/);
    const notCurrent = await acme.call(
      'GET',
      `${P}/read/count/account/transactions?account_number=${va.account_number}`,
    );
    expect(notCurrent.status).toBe(404);
    expect((await globex.call('GET', path)).status).toBe(404);
    const missing = await acme.call('GET', `${P}/read/search/account/transactions`);
    expect([missing.status, Object.keys(missing.body.fields as object)]).toEqual([400, ['account_number']]);
    const badPage = await acme.call('GET', `${path}&page_size=1000`);
    expect(badPage.status).toBe(400);
    const csv = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/account/transactions/va?account_number=${va.account_number}`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(csv.body.trim().split('\n')).toHaveLength(6);
  });

  it('searches a current account’s transactions by customer reference (substring, any case)', async () => {
    const since = istDay(-6);
    const base = `account_number=${acmeCurrent}&start_date=${since}`;
    const all = await acme.call('GET', `${P}/read/count/account/transactions?${base}`);
    expect(all.body.count).toBeGreaterThan(10);
    const some = await acme.call(
      'GET',
      `${P}/read/search/account/transactions?${base}&search_key=customer_reference_number&search_value=inv-000&page_size=100`,
    );
    const rows = some.body.data as (Txn & { customer_reference_number: string })[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.customer_reference_number.startsWith('INV-000'))).toBe(true);
    const bad = await acme.call(
      'GET',
      `${P}/read/search/account/transactions?${base}&search_key=bank_reference_number&search_value=x`,
    );
    expect(bad.status).toBe(400);
  });
});

describe('balances and the summary', () => {
  it('answers every account’s balance and the open virtual accounts dropdown', async () => {
    const balances = await acme.call('GET', `${P}/read/fetch/account_balances`);
    const rows = balances.body.data as {
      account_number: string;
      kind: string;
      status: string;
      balance: string;
    }[];
    expect(rows[0]).toMatchObject({
      account_number: acmeCurrent,
      kind: 'CURRENT',
      status: 'ACTIVE',
      livemode: true,
    });
    expect(rows.some((r) => r.status === 'CLOSED')).toBe(true);
    const dropdown = await acme.call('GET', `${P}/read/fetch/dropdown/virtual_accounts`);
    const options = dropdown.body.data as { account_number: string; label: string }[];
    const open = rows
      .filter((r) => r.kind === 'VIRTUAL' && r.status === 'ACTIVE')
      .map((r) => r.account_number);
    expect(options.map((o) => o.account_number).sort()).toEqual(open.sort());
    expect(options[0]!.label).toMatch(/^.+ · .+ · 8800\d{10}$/);
    const gb = await globex.call('GET', `${P}/read/fetch/account_balances`);
    expect((gb.body.data as { account_number: string }[]).some((r) => r.account_number === acmeCurrent)).toBe(
      false,
    );
  });

  it('answers the commission balance: the fees the client paid', async () => {
    const before = await globex.call('GET', `${P}/read/fetch/commission_balance?time_zone=Asia/Kolkata`);
    expect(before.body).toEqual({
      commission_balance: '0.00',
      today: '0.00',
      this_month: '0.00',
      currency: 'INR',
    });
    for (const account of ['50100099887766', '50100099887767', '50100000000001'])
      expect(
        (
          await globex.call('POST', '/core_banking/money_transfer/validate_account', {
            body: {
              beneficiary_account_number: account,
              ifsc_code: 'HDFC0000001',
              beneficiary_name: 'Kavya Menon',
            },
          })
        ).status,
      ).toBe(201);
    const after = await globex.call('GET', `${P}/read/fetch/commission_balance`);
    expect(after.body).toEqual({
      commission_balance: '6.00',
      today: '6.00',
      this_month: '6.00',
      currency: 'INR',
    });
    const acmeFees = await acme.call('GET', `${P}/read/fetch/commission_balance?time_zone=UTC`);
    expect(paise(acmeFees.body.commission_balance as string)).toBeGreaterThan(0n);
    const bad = await globex.call('GET', `${P}/read/fetch/commission_balance?time_zone=Mars/Base`);
    expect([bad.status, bad.body.fields]).toEqual([400, { time_zone: 'is not an IANA time zone' }]);
  });

  it('summarises collections, balances, the next settlement and recent credits', async () => {
    const url = `${P}/read/fetch/accounts/summary?time_zone=Asia/Kolkata`;
    const before = await globex.call('GET', url);
    expect(before.status).toBe(200);
    expect(before.body.next_settlement).toBeNull();
    const va = await openVa(globex);
    const c = await credit(globex, neft(va.account_number, '321.00'));
    await credit(globex, neft(va.account_number, '999.00', { mode: 'RTGS', amount: '1' }));
    const after = await globex.call('GET', url);
    type Summary = {
      collections_today: { count: number; amount: string };
      collections_week: { count: number; amount: string };
      total_balance: string;
      virtual_accounts: { active: number; total: number; balance: string };
      recent_credits: Credit[];
    };
    const b = before.body as unknown as Summary;
    const a = after.body as unknown as Summary;
    expect(a.collections_today.count).toBe(b.collections_today.count + 1);
    expect(paise(a.collections_today.amount) - paise(b.collections_today.amount)).toBe(32100n);
    expect(a.collections_week.count).toBe(b.collections_week.count + 1);
    expect(paise(a.total_balance) - paise(b.total_balance)).toBe(32100n);
    expect(a.virtual_accounts.total).toBe(b.virtual_accounts.total + 1);
    expect(a.virtual_accounts.active).toBe(b.virtual_accounts.active + 1);
    expect(a.recent_credits[0]!.urn).toBe(c.body.urn);
    expect(a.recent_credits.length).toBeLessThanOrEqual(10);
    const balances = (await globex.call('GET', `${P}/read/fetch/account_balances`)).body.data as {
      kind: string;
      balance: string;
    }[];
    const vaSum = balances.filter((r) => r.kind === 'VIRTUAL').reduce((s, r) => s + paise(r.balance), 0n);
    expect(paise(a.virtual_accounts.balance)).toBe(vaSum);
    expect(paise(a.total_balance)).toBe(balances.reduce((s, r) => s + paise(r.balance), 0n));

    const clientRef = await clientRefOf(globex);
    const at = new Date(Date.now() + 3 * 3600_000);
    await server.current.handle.db.insert(settlementCycles).values([
      {
        clientRef,
        cycleId: 'CYC-LATER',
        name: 'Later',
        type: 'T1',
        runTimes: ['18:00'],
        nextRunAt: new Date(at.getTime() + DAY),
      },
      {
        clientRef,
        cycleId: 'CYC-OFF',
        name: 'Off',
        type: 'T0',
        runTimes: ['09:00'],
        enabled: false,
        nextRunAt: new Date(Date.now() + 60_000),
      },
      { clientRef, cycleId: 'CYC-NEXT', name: 'Evening', type: 'T0', runTimes: ['18:00'], nextRunAt: at },
    ]);
    const withCycle = await globex.call('GET', url);
    expect(withCycle.body.next_settlement).toEqual({
      cycle_id: 'CYC-NEXT',
      name: 'Evening',
      at: at.toISOString(),
      estimated_amount: a.virtual_accounts.balance,
    });
    // Acme's own cycles (the demo seed's), never Globex's.
    const acmeNext = (await acme.call('GET', url)).body.next_settlement as { cycle_id: string } | null;
    expect(acmeNext?.cycle_id).not.toMatch(/^CYC-/);
  });
});

describe('under concurrency (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'credits 50 parallel requests with 10 distinct UTRs exactly 10 times',
    async () => {
      const va = await openVa(globex);
      const refs = Array.from({ length: 10 }, () => utr());
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          credit(globex, neft(va.account_number, `${(i % 10) + 1}00`, { utr: refs[i % 10] })),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 200 && a.body.duplicate === true)).toHaveLength(40);
      const rows = await queryRows<{ n: number; total: string }>(
        server.current.handle.db,
        sql`SELECT count(*)::int AS n, sum(c.amount)::text AS total FROM virtual_account_credits c
            JOIN virtual_accounts v ON v.client_ref = c.client_ref AND v.id = c.virtual_account_ref
            WHERE v.urn = ${va.urn} AND c.status = 'CREDITED'`,
      );
      expect(rows[0]!.n).toBe(10);
      expect(rows[0]!.total).toBe(String(5500_00));
      expect((await vaOf(globex, va.account_number)).balance).toBe('5500.00');
    },
  );
});

describe('the ledger', () => {
  it('stays balanced: entries sum to zero, no balance below zero, cached balances equal the postings', async () => {
    const db = server.current.handle.db;
    const [unbalanced] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_postings GROUP BY client_ref, entry_ref
          HAVING sum(amount) <> 0 OR count(account_ref) <> 1 OR count(system_account) <> 1) x`,
    );
    expect(unbalanced!.n).toBe(0);
    const [negative] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM accounts WHERE balance < 0`,
    );
    expect(negative!.n).toBe(0);
    const [drift] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM accounts a
          WHERE a.balance <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p
                              WHERE p.client_ref = a.client_ref AND p.account_ref = a.id)`,
    );
    expect(drift!.n).toBe(0);
    const [vaAccounts] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM accounts WHERE kind = 'virtual'`,
    );
    expect(vaAccounts!.n).toBeGreaterThan(8);
    // every CREDITED credit has its entry, no RETURNED one has
    const wrong = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`virtual_account_credits`)
      .where(
        and(
          sql`(status = 'CREDITED' AND entry_id IS NULL) OR (status = 'RETURNED' AND entry_id IS NOT NULL)`,
        ),
      );
    expect(wrong[0]!.n).toBe(0);
  });
});
