import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, beneficiaries, clients, ledgerPostings } from '../src/db/schema.ts';
import { queryRows } from '../src/db/database.ts';
import { PAYOUT_TRANSITIONS } from '../src/composition.ts';
import { advancePayout } from '../src/payouts/advance.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
let acme: ClientSession;
let globex: ClientSession;
let acmeAccount: string;
let globexAccount: string;

const beneficiary = (code: string, extra: Record<string, string> = {}) => ({
  beneficiary_code: code,
  beneficiary_name: 'Kavya Menon',
  beneficiary_email: 'kavya@example.com',
  beneficiary_mobile: '+919812345678',
  provider: 'Meridian Sandbox Bank',
  provider_code: 'MRDN',
  transfer_type: 'IMPS',
  sender_account_number: acmeAccount,
  beneficiary_account_number: '50100099887766',
  ifsc_code: 'hdfc0000001',
  ...extra,
});

let crn = 0;
const payout = (code: string, amount: string, extra: Record<string, string> = {}) => ({
  customer_reference_number: `T-${++crn}-${Date.now()}`,
  beneficiary_code: code,
  amount,
  transfer_type: 'IMPS',
  purpose_message: 'Invoice',
  sender_account_number: acmeAccount,
  ...extra,
});
const key = () => `key-${Math.random().toString(36).slice(2)}`;
const initiate = (s: ClientSession, body: object, idem: string | null = key()) =>
  s.call('POST', '/core_banking/money_transfer/initiate', {
    body,
    ...(idem ? { headers: { 'idempotency-key': idem } } : {}),
  });
const balanceOf = async (s: ClientSession) =>
  ((await s.call('GET', `${P}/read/fetch/balance`)).body.data as { balance: string }[])[0]!.balance;

describe('flow', () => {
  it('answers each client its own funded account', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    const a = await acme.call('GET', `${P}/read/fetch/balance`);
    const g = await globex.call('GET', `${P}/read/fetch/balance`);
    expect(a.status).toBe(200);
    const [acc] = a.body.data as { account_number: string; balance: string; ifsc: string }[];
    const [gacc] = g.body.data as { account_number: string; balance: string }[];
    acmeAccount = acc!.account_number;
    globexAccount = gacc!.account_number;
    expect(acmeAccount).not.toBe(globexAccount);
    expect(gacc!.balance).toBe('500000.00');
    expect(acc!.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it('adds beneficiaries checked against the IFSC registry', async () => {
    const res = await acme.call('POST', '/v2/banking/beneficiary', { body: beneficiary('KAVYA-1') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ifsc_code: 'HDFC0000001',
      bank_name: 'HDFC Bank',
      status: 'ACTIVE',
      livemode: true,
    });
    expect(res.body.beneficiary_mobile).toBe('9812345678');

    const dup = await acme.call('POST', '/v2/banking/beneficiary', { body: beneficiary('kavya-1') });
    expect([dup.status, dup.body.error]).toEqual([409, 'duplicate_beneficiary_code']);
    const unknownIfsc = await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('X-1', { ifsc_code: 'HDFC0000066' }),
    });
    expect(unknownIfsc.status).toBe(422);
    expect(unknownIfsc.body.fields).toMatchObject({ ifsc_code: 'is not in the IFSC registry' });
    const badFormat = await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('X-2', { ifsc_code: 'HDFC000001', beneficiary_mobile: '12345' }),
    });
    expect(badFormat.status).toBe(400);
    expect(Object.keys(badFormat.body.fields as object)).toEqual(
      expect.arrayContaining(['ifsc_code', 'beneficiary_mobile']),
    );
    const upiWithoutId = await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('X-3', { transfer_type: 'UPI' }),
    });
    expect(upiWithoutId.status).toBe(422);
    const otherAccount = await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('X-4', { sender_account_number: globexAccount }),
    });
    expect([otherAccount.status, otherAccount.body.fields]).toEqual([
      422,
      { sender_account_number: 'is not your account' },
    ]);
    const upi = await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('KAVYA-UPI', {
        transfer_type: 'UPI',
        beneficiary_account_number: '',
        ifsc_code: '',
        beneficiary_upi_id: 'Kavya@okhdfc',
      }),
    });
    expect(upi.status).toBe(201);
    expect(upi.body.beneficiary_upi_id).toBe('kavya@okhdfc');
  });

  it('searches, counts and isolates beneficiaries', async () => {
    const search = await acme.call(
      'GET',
      `${P}/read/fetch/manage/beneficiary?search_key=beneficiary_code&search_value=KAVYA-1`,
    );
    expect((search.body.data as unknown[]).length).toBe(1);
    const count = await acme.call('GET', `${P}/read/count/manage/beneficiary`);
    expect(count.body.count).toBeGreaterThanOrEqual(8); // 6 seeded + 2 added
    const byAccount = await acme.call(
      'GET',
      `${P}/read/count/manage/beneficiary?search_key=beneficiary_account_number&search_value=50100099887766`,
    );
    expect(byAccount.body.count).toBe(1);
    const badKey = await acme.call('GET', `${P}/read/fetch/manage/beneficiary?search_key=meridian_urn`);
    expect([badKey.status, badKey.body.error]).toEqual([400, 'validation_failed']);
    const badLimit = await acme.call('GET', `${P}/read/fetch/manage/beneficiary?limit=1000`);
    expect(badLimit.status).toBe(400);

    const theirs = await globex.call(
      'GET',
      `${P}/read/fetch/manage/beneficiary?search_key=beneficiary_code&search_value=KAVYA-1`,
    );
    expect(theirs.body.data).toEqual([]);
    expect((await globex.call('GET', `${P}/read/fetch/manage/beneficiary/KAVYA-1`)).status).toBe(404);
    expect(
      (
        await globex.call('PATCH', '/v2/banking/beneficiary/KAVYA-1', {
          body: { beneficiary_name: 'Mallory' },
        })
      ).status,
    ).toBe(404);
  });

  it('edits and deactivates a beneficiary', async () => {
    const edit = await acme.call('PATCH', '/v2/banking/beneficiary/KAVYA-1', {
      body: { beneficiary_email: 'accounts@kavya.example', ifsc_code: 'ICIC0000001' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ bank_name: 'ICICI Bank', beneficiary_email: 'accounts@kavya.example' });
    expect((await acme.call('PATCH', '/v2/banking/beneficiary/KAVYA-1', { body: {} })).status).toBe(400);
    const off = await acme.call('PATCH', '/v2/banking/beneficiary/KAVYA-UPI', {
      body: { status: 'INACTIVE' },
    });
    expect(off.body.status).toBe('INACTIVE');
    const pay = await initiate(acme, payout('KAVYA-UPI', '10', { transfer_type: 'UPI' }));
    expect([pay.status, pay.body.error]).toEqual([422, 'beneficiary_inactive']);
  });

  it('initiates a payout once per Idempotency-Key and debits the account atomically', async () => {
    const before = await balanceOf(acme);
    const body = payout('KAVYA-1', '1250.50');
    const k = key();
    const first = await initiate(acme, body, k);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'PENDING',
      amount: '1250.50',
      sender_account_number: acmeAccount,
      livemode: true, // a session without Meridian-Mode is live
    });
    const replay = await initiate(acme, body, k);
    expect(replay.status).toBe(201);
    expect(replay.body.urn).toBe(first.body.urn);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await initiate(acme, { ...body, amount: '99.00' }, k);
    expect([other.status, other.body.error]).toEqual([422, 'idempotency_key_reused']);
    const noKey = await initiate(acme, payout('KAVYA-1', '1'), null);
    expect(noKey.status).toBe(400);
    const toPaise = (v: string) => BigInt(v.replace('.', ''));
    expect(toPaise(before) - toPaise(await balanceOf(acme))).toBe(125050n);

    const dupRef = await initiate(acme, {
      ...payout('KAVYA-1', '5'),
      customer_reference_number: body.customer_reference_number,
    });
    expect([dupRef.status, dupRef.body.error]).toEqual([409, 'duplicate_reference']);
  });

  it('applies the rails limits and refuses what the balance cannot cover', async () => {
    const upi = await initiate(acme, payout('RIDER-UPI', '100000.01', { transfer_type: 'UPI' }));
    expect([upi.status, upi.body.error, upi.body.message]).toEqual([
      422,
      'amount_out_of_range',
      'UPI payouts are ₹1.00 to ₹1,00,000.00',
    ]);
    const imps = await initiate(acme, payout('KAVYA-1', '500000.01'));
    expect(imps.body.error).toBe('amount_out_of_range');
    const rtgs = await initiate(acme, payout('KAVYA-1', '199999.99', { transfer_type: 'RTGS' }));
    expect([rtgs.status, rtgs.body.message]).toEqual([422, 'RTGS payouts start at ₹2,00,000.00']);
    const upiToBank = await initiate(acme, payout('KAVYA-1', '10', { transfer_type: 'UPI' }));
    expect(upiToBank.body.error).toBe('transfer_type_not_possible');
    const badAmount = await initiate(acme, payout('KAVYA-1', '10.001'));
    expect(badAmount.status).toBe(400);

    const huge = payout('KAVYA-1', '9000000', { transfer_type: 'NEFT' });
    // KAVYA-1 was added just now: its cooling-off limit refuses the amount first; past the period, the balance.
    const limited = await initiate(acme, huge);
    expect([limited.status, limited.body.error]).toEqual([422, 'beneficiary_cooling_off']);
    await server.current.handle.db
      .update(beneficiaries)
      .set({ limitedUntil: null })
      .where(eq(beneficiaries.code, 'KAVYA-1'));
    const before = await balanceOf(acme);
    const k = key();
    const tooMuch = await initiate(acme, huge, k);
    expect([tooMuch.status, tooMuch.body.error]).toEqual([422, 'insufficient_balance']);
    expect(await balanceOf(acme)).toBe(before);
    // the first answer is kept for the key
    const again = await initiate(acme, huge, k);
    expect(again.body.error).toBe('insufficient_balance');
  });

  it('lists, counts, searches and shows payouts only to their client', async () => {
    const made = await initiate(acme, payout('KAVYA-1', '42.00'));
    const urn = made.body.urn as string;
    const list = await acme.call('GET', `${P}/read/search/transaction/payouts?limit=5`);
    expect((list.body.data as { urn: string }[])[0]!.urn).toBe(urn);
    const count = await acme.call('GET', `${P}/read/count/transaction/payouts`);
    expect(count.body.count).toBeGreaterThan(20);
    const page2 = await acme.call('GET', `${P}/read/search/transaction/payouts?limit=5&offset=5`);
    expect((page2.body.data as unknown[]).length).toBe(5);
    expect((page2.body.data as { urn: string }[]).some((p) => p.urn === urn)).toBe(false);
    const byUrn = await acme.call(
      'GET',
      `${P}/read/search/transaction/payouts?search_key=meridian_urn&search_value=${urn}`,
    );
    expect((byUrn.body.data as unknown[]).length).toBe(1);
    const byRef = await acme.call(
      'GET',
      `${P}/read/count/transaction/payouts?search_key=customer_reference_number&search_value=${made.body.customer_reference_number}`,
    );
    expect(byRef.body.count).toBe(1);
    const old = await acme.call(
      'GET',
      `${P}/read/count/transaction/payouts?start_date=2020-01-01&end_date=2020-01-31`,
    );
    expect(old.body.count).toBe(0);

    const details = await acme.call('GET', `${P}/read/fetch/transaction/payouts/${urn}`);
    expect(details.body.events).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect([(list.body.data as { livemode: boolean }[])[0]!.livemode, details.body.livemode]).toEqual([
      true,
      true,
    ]);
    expect((await globex.call('GET', `${P}/read/fetch/transaction/payouts/${urn}`)).status).toBe(404);
    const theirs = await globex.call(
      'GET',
      `${P}/read/search/transaction/payouts?search_key=meridian_urn&search_value=${urn}`,
    );
    expect(theirs.body.data).toEqual([]);
    const wrongClient = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/search/transaction/payouts`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: globex.client_id },
    });
    expect(wrongClient.statusCode).toBe(403);
  });

  it('moves payouts on the sandbox rail: success with a UTR, failure with a reversal, a later return', async () => {
    await acme.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('CLOSED-2', { beneficiary_account_number: '12340000000001' }),
    });
    const before = await balanceOf(acme);
    const ok = await initiate(acme, payout('KAVYA-1', '100'));
    const bad = await initiate(acme, payout('CLOSED-2', '300'));
    const ret = await initiate(acme, payout('RETURNED-ACCOUNT', '700'));
    const db = server.current.handle.db;
    const [acmeClient] = await db.select().from(clients).where(eq(clients.clientId, acme.client_id));
    const step = (res: { body: Record<string, unknown> }) => ({
      clientRef: acmeClient!.id,
      urn: res.body.urn as string,
    });
    const later = { railTimeScale: 1, at: new Date(Date.now() + 60_000), transitions: PAYOUT_TRANSITIONS };
    expect((await advancePayout(db, step(ok), later)).status).toBe('SUCCESS');
    expect((await advancePayout(db, step(bad), later)).status).toBe('FAILURE');
    // running a step twice moves no money twice
    expect((await advancePayout(db, step(bad), later)).status).toBe('FAILURE');
    expect((await advancePayout(db, step(ret), later)).status).toBe('SUCCESS');
    // a step names its client: another client's id finds nothing and moves nothing
    const [globexClient] = await db.select().from(clients).where(eq(clients.clientId, globex.client_id));
    expect(await advancePayout(db, { ...step(ret), clientRef: globexClient!.id }, later)).toEqual({
      effects: { rail: [], callbacks: [] },
      status: null,
    });
    const muchLater = {
      railTimeScale: 1,
      at: new Date(Date.now() + 10 * 60_000),
      transitions: PAYOUT_TRANSITIONS,
    };
    expect((await advancePayout(db, step(ret), muchLater)).status).toBe('RETURNED');

    const okDetails = await acme.call('GET', `${P}/read/fetch/transaction/payouts/${ok.body.urn}`);
    expect(okDetails.body).toMatchObject({
      status: 'SUCCESS',
      bank_reference_number: expect.stringMatching(/^\d{12}$/),
    });
    const badDetails = await acme.call('GET', `${P}/read/fetch/transaction/payouts/${bad.body.urn}`);
    expect(badDetails.body).toMatchObject({ status: 'FAILURE', status_message: 'Account closed' });
    expect((badDetails.body.events as { status: string }[]).map((e) => e.status)).toEqual([
      'PENDING',
      'FAILURE',
    ]);
    const retDetails = await acme.call('GET', `${P}/read/fetch/transaction/payouts/${ret.body.urn}`);
    expect((retDetails.body.events as { status: string }[]).map((e) => e.status)).toEqual([
      'PENDING',
      'SUCCESS',
      'RETURNED',
    ]);
    // only the successful ₹100 left the account
    const toPaise = (v: string) => BigInt(v.replace('.', ''));
    expect(toPaise(before) - toPaise(await balanceOf(acme))).toBe(10000n);

    const statement = await acme.call(
      'GET',
      `${P}/read/search/transaction/statement?search_key=customer_reference_number&search_value=${bad.body.customer_reference_number}`,
    );
    const legs = statement.body.data as { type: string; category: string; amount: string }[];
    expect(legs.map((l) => [l.type, l.category, l.amount]).sort()).toEqual([
      ['CREDIT', 'REVERSAL', '300.00'],
      ['DEBIT', 'PAYOUT', '300.00'],
    ]);
    const byUtr = await acme.call(
      'GET',
      `${P}/read/count/transaction/statement?search_key=bank_reference_number&search_value=${okDetails.body.bank_reference_number}`,
    );
    expect(byUtr.body.count).toBe(1);
  });

  it('filters payouts by status, transfer type and amount range, counting the same', async () => {
    const list = async (s: ClientSession, q: string) => {
      const rows = await s.call('GET', `${P}/read/search/transaction/payouts?limit=100&${q}`);
      const count = await s.call('GET', `${P}/read/count/transaction/payouts?${q}`);
      expect(rows.status).toBe(200);
      const data = rows.body.data as { status: string; transfer_type: string; amount: string; urn: string }[];
      expect(count.body.count).toBe(data.length);
      return data;
    };
    const all = await list(acme, '');
    const failed = await list(acme, 'status=FAILURE');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((p) => p.status === 'FAILURE')).toBe(true);
    expect(failed.length).toBe(all.filter((p) => p.status === 'FAILURE').length);
    const imps = await list(acme, 'transfer_type=IMPS&amount_min=100&amount_max=300.00');
    const rupees = (v: string) => Number(v);
    expect(imps.length).toBe(
      all.filter((p) => p.transfer_type === 'IMPS' && rupees(p.amount) >= 100 && rupees(p.amount) <= 300)
        .length,
    );
    expect(imps.map((p) => p.amount).sort()).toContain('300.00');
    // a filter and a search together; another client's filtered list is its own
    const one = await list(acme, `status=FAILURE&search_key=meridian_urn&search_value=${failed[0]!.urn}`);
    expect(one).toHaveLength(1);
    expect((await list(globex, 'status=FAILURE')).some((p) => p.urn === failed[0]!.urn)).toBe(false);
    // the export writes the same rows
    const csv = await acme.call('GET', `${P}/read/export/transaction/payouts?status=FAILURE`);
    expect(csv.status).toBe(200);
    expect(String(csv.body['raw']).trim().split('\n')).toHaveLength(failed.length + 1);
    for (const [q, field] of [
      ['status=PAID', 'status'],
      ['transfer_type=CHEQUE', 'transfer_type'],
      ['amount_min=abc', 'amount_min'],
      ['amount_min=500&amount_max=100', 'amount_min'],
    ] as const) {
      const res = await acme.call('GET', `${P}/read/search/transaction/payouts?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.fields, q).toHaveProperty(field);
    }
  });

  it('validates bank accounts with a fee, a registered name and a match score', async () => {
    const res = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: {
        beneficiary_account_number: '50100099887766',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'Kavya Menon',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      fee: '2.00',
      bank_name: 'HDFC Bank',
      livemode: true,
    });
    expect(res.body.registered_name).toEqual(expect.any(String));
    expect(res.body.name_match_score).toEqual(expect.any(Number));
    const closed = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: {
        beneficiary_account_number: '50100000000001',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'A B',
      },
    });
    expect(closed.body).toMatchObject({
      status: 'FAILURE',
      status_message: 'Account closed',
      registered_name: null,
    });
    const bad = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: { beneficiary_account_number: '12', ifsc_code: 'HDFC0000001', beneficiary_name: 'A B' },
    });
    expect(bad.status).toBe(400);
    const list = await acme.call(
      'GET',
      `${P}/read/search/transaction/validations?search_key=meridian_urn&search_value=${res.body.urn}`,
    );
    expect((list.body.data as unknown[]).length).toBe(1);
    const fee = await acme.call(
      'GET',
      `${P}/read/search/transaction/statement?search_key=bank_reference_number&search_value=${res.body.bank_reference_number}`,
    );
    expect(fee.body.data).toEqual([
      expect.objectContaining({ category: 'VALIDATION_FEE', type: 'DEBIT', amount: '2.00' }),
    ]);
    expect((await globex.call('GET', `${P}/read/fetch/transaction/validations/${res.body.urn}`)).status).toBe(
      404,
    );
  });

  it('keeps the ledger balanced and the cached balance equal to the postings', async () => {
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
    // Meridian's system accounts have no cached balance: theirs is the sum of their legs over every client, and
    // it mirrors the clients' balances exactly.
    const [net] = await queryRows<{ clients: string; system: string }>(
      db,
      sql`SELECT (SELECT sum(balance) FROM accounts)::text AS clients,
                 (SELECT sum(amount) FROM ledger_postings WHERE system_account IS NOT NULL)::text AS system`,
    );
    expect(BigInt(net!.clients)).toBeGreaterThan(0n);
    expect(BigInt(net!.clients) + BigInt(net!.system)).toBe(0n);
    const [acmeClient] = await db.select().from(clients).where(eq(clients.clientId, acme.client_id));
    const legs = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.clientRef, acmeClient!.id));
    expect(legs[0]!.n).toBeGreaterThan(30);
  });

  it('filters beneficiaries, validations and transactions by their definitions, counting the same', async () => {
    const list = async <T>(path: string, q: string) => {
      const rows = await acme.call('GET', `${P}/read/${path.replace('{op}', 'search')}?limit=100&${q}`);
      const count = await acme.call('GET', `${P}/read/${path.replace('{op}', 'count')}?${q}`);
      expect(rows.status, `${path} ${q}`).toBe(200);
      const data = rows.body.data as T[];
      expect(count.body.count, `${path} ${q}`).toBe(data.length);
      return data;
    };
    type Ben = { status: string; transfer_type: string; beneficiary_code: string };
    // the beneficiaries' search is …/read/fetch/manage/beneficiary
    const beneficiaries = async (q: string) => {
      const rows = await acme.call('GET', `${P}/read/fetch/manage/beneficiary?limit=100&${q}`);
      const count = await acme.call('GET', `${P}/read/count/manage/beneficiary?${q}`);
      expect(rows.status, q).toBe(200);
      expect(count.body.count, q).toBe((rows.body.data as Ben[]).length);
      return rows.body.data as Ben[];
    };
    const allBens = await beneficiaries('');
    const upi = await beneficiaries('transfer_type=UPI');
    expect(upi.length).toBeGreaterThan(0);
    expect(upi.length).toBe(allBens.filter((b) => b.transfer_type === 'UPI').length);
    const inactive = await beneficiaries('status=INACTIVE');
    expect(inactive.map((b) => b.beneficiary_code)).toContain('KAVYA-UPI');
    expect(inactive.every((b) => b.status === 'INACTIVE')).toBe(true);
    expect(await beneficiaries('status=ACTIVE&transfer_type=UPI')).not.toContainEqual(
      expect.objectContaining({ beneficiary_code: 'KAVYA-UPI' }),
    );

    type Val = { status: string; urn: string };
    const allVals = await list<Val>('{op}/transaction/validations', '');
    const okVals = await list<Val>('{op}/transaction/validations', 'status=SUCCESS');
    expect(okVals.length).toBeGreaterThan(0);
    expect(okVals.length).toBe(allVals.filter((v) => v.status === 'SUCCESS').length);

    type Txn = { type: string; category: string; amount: string };
    const allTxns = await list<Txn>('{op}/transaction/statement', '');
    const fees = await list<Txn>('{op}/transaction/statement', 'type=DEBIT&category=VALIDATION_FEE');
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.length).toBe(
      allTxns.filter((t) => t.type === 'DEBIT' && t.category === 'VALIDATION_FEE').length,
    );
    const small = await list<Txn>('{op}/transaction/statement', 'amount_min=1&amount_max=2.00');
    expect(small.length).toBe(allTxns.filter((t) => Number(t.amount) >= 1 && Number(t.amount) <= 2).length);
    expect(small.map((t) => t.amount)).toContain('2.00');
    const credits = await list<Txn>('{op}/transaction/statement', 'type=CREDIT');
    expect(credits.length).toBe(allTxns.filter((t) => t.type === 'CREDIT').length);
    // the export writes the filtered rows
    const csv = await acme.call(
      'GET',
      `${P}/read/export/transaction/statement?type=DEBIT&category=VALIDATION_FEE`,
    );
    expect(String(csv.body['raw']).trim().split('\n')).toHaveLength(fees.length + 1);
    for (const [path, q, field] of [
      ['fetch/manage/beneficiary', 'status=DELETED', 'status'],
      ['search/transaction/validations', 'status=PENDING', 'status'],
      ['search/transaction/statement', 'category=GIFT', 'category'],
      ['search/transaction/statement', 'amount_min=5&amount_max=1', 'amount_min'],
    ] as const) {
      const res = await acme.call('GET', `${P}/read/${path}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.fields, q).toHaveProperty(field);
    }
  });

  it('exports the current filter as CSV', async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/transaction/payouts?start_date=${since}&search_key=customer_reference_number&search_value=INV-0001`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^created_at,meridian_urn,customer_reference_number,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',INV-0001,');
    const all = await server.current.app.inject({
      method: 'GET',
      url: `${P}/read/export/transaction/statement`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    const count = await acme.call('GET', `${P}/read/count/transaction/statement`);
    expect(all.body.trim().split('\n').length).toBe((count.body.count as number) + 1);
  });

  it('answers dropdowns, flags and the home summary', async () => {
    const accounts = await acme.call('GET', `${P}/read/fetch/dropdown/provider_accounts`);
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ provider_code: 'MRDN', account_number: acmeAccount }),
    ]);
    const bens = await acme.call('GET', `${P}/read/fetch/dropdown/beneficiaries`);
    const codes = (bens.body.data as { beneficiary_code: string }[]).map((b) => b.beneficiary_code);
    expect(codes).toContain('KAVYA-1');
    expect(codes).not.toContain('RIDER-UPI');
    const methods = await acme.call('GET', `${P}/read/fetch/dropdown/payment_methods`);
    expect(methods.body.data).toContainEqual(
      expect.objectContaining({ transfer_type: 'RTGS', min_amount: '200000.00', max_amount: null }),
    );
    // the demo's virtual accounts that accept money (the closed one is not offered)
    const vas = (await acme.call('GET', `${P}/read/fetch/dropdown/virtual_accounts`)).body.data as {
      label: string;
    }[];
    expect(vas).toHaveLength(3);
    expect(vas[0]!.label).toMatch(/^.+ · ACME-CUST-\d+ · 8800\d{10}$/);
    expect((await acme.call('GET', `${P}/read/fetch/feature_flags`)).body).toEqual({
      frontend_payout: true,
      bulk_frontend_payout: true,
    });
    const summary = await acme.call('GET', `${P}/read/fetch/flow/summary?time_zone=Asia/Kolkata`);
    expect(summary.body.volume as unknown[]).toHaveLength(7);
    expect((summary.body.volume as { count: number }[]).reduce((a, d) => a + d.count, 0)).toBeGreaterThan(20);
    expect(summary.body.recent as unknown[]).toHaveLength(5);
    expect((await acme.call('GET', `${P}/read/fetch/flow/summary?time_zone=Nowhere/City`)).status).toBe(400);
  });

  it('refuses dashboard payouts when the client flag is off', async () => {
    await globex.call('POST', '/v2/banking/beneficiary', {
      body: beneficiary('G-1', { sender_account_number: globexAccount }),
    });
    const [g] = await server.current.handle.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, globex.client_id));
    const { setFeatureFlags } = await import('../src/features/flags.ts');
    await setFeatureFlags(server.current.handle.db, g!.id, {
      frontend_payout: false,
      bulk_frontend_payout: false,
    });
    const res = await initiate(globex, payout('G-1', '10', { sender_account_number: globexAccount }));
    expect([res.status, res.body.error]).toEqual([403, 'feature_disabled']);
    await setFeatureFlags(server.current.handle.db, g!.id, {
      frontend_payout: true,
      bulk_frontend_payout: false,
    });
    expect(
      (await initiate(globex, payout('G-1', '10', { sender_account_number: globexAccount }))).status,
    ).toBe(201);
  });

  it('audits every state change', async () => {
    const [a] = await server.current.handle.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, acme.client_id));
    const rows = await server.current.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, a!.id)));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'beneficiary.created',
      'beneficiary.updated',
      'beneficiary.deactivated',
      'payout.initiated',
      'payout.success',
      'payout.failure',
      'payout.returned',
      'validation.created',
    ])
      expect(actions, action).toContain(action);
  });
});
