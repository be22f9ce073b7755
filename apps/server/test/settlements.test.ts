import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import {
  accountNumbers,
  accounts,
  auditLog,
  clients,
  payouts,
  settlementCycles,
  virtualAccounts,
} from '../src/db/schema.ts';
import { post, SANDBOX_PROVIDER } from '../src/ledger/ledger.ts';
import { newId } from '../src/lib/ids.ts';
import { PAYOUT_TRANSITIONS } from '../src/composition.ts';
import { advancePayout } from '../src/payouts/advance.ts';
import { registeredHolder } from '../src/rail/sandbox.ts';
import { seedDemoSettlements } from '../src/seed/demo-settlements.ts';
import { runDueCycles } from '../src/settlements/service.ts';
import { clientSession, useServer, type ClientSession, type Reply } from './helpers.ts';

const server = useServer();
const BASE = '/meridian/operations/settlement';
const GOOD = { account_number: '50100077770011', ifsc: 'HDFC0000001' };
const RETURNED = { account_number: '50100077770004', ifsc: 'HDFC0000001' };
const holder = (a: { account_number: string; ifsc: string }) => registeredHolder(a.account_number, a.ifsc);

let acme: ClientSession;
let globex: ClientSession;
let acmeRef: number;
let daily: string; // Acme's T1 cycle
let sameDay: string; // Acme's T0 cycle

type Cycle = { cycle_id: string; name: string; type: string; run_times: string[]; enabled: boolean } & Record<
  string,
  unknown
>;
type Settlement = {
  urn: string;
  status: string;
  amount: string;
  payout_urn: string;
  account_number: string;
  attempts: number;
  bank_reference_number: string | null;
  status_message: string | null;
  type: string;
  trigger: string;
};

const db = () => server.current.handle.db;
const put = async (s: ClientSession, url: string, body: unknown): Promise<Reply> => {
  const res = await server.current.app.inject({
    method: 'PUT',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${s.access_token}`, client_id: s.client_id },
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Record<string, unknown>,
    headers: res.headers,
  };
};
const clientRefOf = async (s: ClientSession) => {
  const [c] = await db().select().from(clients).where(eq(clients.clientId, s.client_id));
  return c!.id;
};

/** RFC 4180 CSV (quoted fields, doubled quotes) → rows keyed by the header (csv-parse is not a dependency here). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') field += ch;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

let vaCount = 0;
/** A virtual account (its own ledger account) holding `rupees`, collected `hoursAgo` hours ago. */
async function fundedVa(
  clientRef: number,
  rupees: number,
  hoursAgo = 1,
): Promise<{ id: number; number: string }> {
  const number = `88${String(Date.now()).slice(-8)}${String(++vaCount).padStart(4, '0')}`;
  await db().insert(accountNumbers).values({ accountNumber: number, clientRef });
  const [account] = await db()
    .insert(accounts)
    .values({ clientRef, kind: 'virtual', accountNumber: number, name: `VA ${vaCount}`, ...SANDBOX_PROVIDER })
    .returning();
  await db()
    .insert(virtualAccounts)
    .values({
      clientRef,
      urn: newId('VAC'),
      accountRef: account!.id,
      accountNumber: number,
      ifsc: SANDBOX_PROVIDER.ifsc,
      upiId: `va${number}@mrdn`,
      name: `VA ${vaCount}`,
      customerId: `CUST-${vaCount}`,
    });
  if (rupees > 0) await credit(clientRef, account!.id, rupees, hoursAgo);
  return { id: account!.id, number };
}
async function credit(clientRef: number, accountRef: number, rupees: number, hoursAgo: number) {
  await db().transaction((tx) =>
    post(tx, {
      clientRef,
      clientAccountRef: accountRef,
      counterparty: 'collections',
      category: 'COLLECTION',
      description: 'Collection',
      amount: BigInt(rupees) * 100n,
      idempotencyKey: `test-collection:${newId('T')}`,
      at: new Date(Date.now() - hoursAgo * 3600_000),
    }),
  );
}
const balanceOf = async (clientRef: number, accountRef: number) => {
  const [a] = await db()
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.clientRef, clientRef), eq(accounts.id, accountRef)));
  return a!.balance;
};
/** Runs the sandbox rail's steps for a payout as if `minutes` had passed (with the product's wiring). */
const railStep = (clientRef: number, urn: string, minutes: number) =>
  advancePayout(
    db(),
    { clientRef, urn },
    { railTimeScale: 1, at: new Date(Date.now() + minutes * 60_000), transitions: PAYOUT_TRANSITIONS },
  );
const history = async (s: ClientSession, query = '') =>
  (await s.call('GET', `${BASE}/history?limit=100${query}`)).body.data as Settlement[];
const setAccount = (s: ClientSession, a: { account_number: string; ifsc: string }, name = holder(a)) =>
  s.call('POST', `${BASE}/account`, { body: { ...a, account_holder_name: name } });

describe('settlements', () => {
  it('starts without a settlement account and refuses to run', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    acmeRef = await clientRefOf(acme);
    const none = await acme.call('GET', `${BASE}/account`);
    expect([none.status, none.body]).toEqual([200, { data: null }]);
    const cycles = await acme.call('GET', `${BASE}/cycles`);
    expect(cycles.status).toBe(200);
    const list = cycles.body.data as Cycle[];
    expect(list.map((c) => [c.name, c.type, c.run_times, c.min_amount, c.enabled])).toEqual([
      ['Daily T+1', 'T1', ['10:00'], '100.00', true],
      ['Same day T+0', 'T0', ['13:00', '17:00'], '1000.00', false],
    ]);
    expect(list[0]!.next_run_at).toEqual(expect.any(String));
    expect(list[1]!.next_run_at).toBeNull();
    [daily, sameDay] = list.map((c) => c.cycle_id) as [string, string];
    // a second read does not add cycles
    expect(((await acme.call('GET', `${BASE}/cycles`)).body.data as Cycle[]).length).toBe(2);
    const run = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
    expect([run.status, run.body.message]).toEqual([422, 'Add and verify a settlement account first']);
  });

  it('verifies a settlement account by penny drop, rejects a mismatch or a bad account', async () => {
    const before = (await acme.call('GET', '/meridian/read/fetch/balance')).body.data as {
      balance: string;
    }[];
    const mismatch = await setAccount(
      acme,
      { account_number: '50100077770005', ifsc: 'HDFC0000001' },
      'Asha Menon',
    );
    expect(mismatch.status).toBe(200);
    expect(mismatch.body).toMatchObject({ status: 'REJECTED', is_active: false });
    expect(mismatch.body.status_message).toMatch(/name does not match/);
    expect(mismatch.body.name_match_score as number).toBeLessThan(80);
    const closed = await setAccount(
      acme,
      { account_number: '50100077770002', ifsc: 'HDFC0000001' },
      'Asha Menon',
    );
    expect(closed.body).toMatchObject({ status: 'REJECTED', is_active: false, registered_name: null });
    expect(closed.body.status_message).toMatch(/Account does not exist/);
    expect((await acme.call('GET', `${BASE}/account`)).body.data).toBeNull();

    const good = await setAccount(acme, GOOD);
    expect(good.body).toMatchObject({
      status: 'VERIFIED',
      is_active: true,
      name_match_score: 100,
      bank_name: 'HDFC Bank',
      account_number: GOOD.account_number,
      livemode: true,
    });
    expect(good.body.validation_urn).toMatch(/^VAL/);
    expect((await acme.call('GET', `${BASE}/account`)).body.data).toMatchObject({ status: 'VERIFIED' });
    // three penny drops, ₹2 each, from the current account
    const after = (await acme.call('GET', '/meridian/read/fetch/balance')).body.data as { balance: string }[];
    expect(Number(before[0]!.balance) - Number(after[0]!.balance)).toBeCloseTo(6, 2);

    const bad = await acme.call('POST', `${BASE}/account`, {
      body: { account_number: 'abc', ifsc: 'HDFC0000001', account_holder_name: 'A' },
    });
    expect(bad.status).toBe(400);
    // Globex sees none of it
    expect((await globex.call('GET', `${BASE}/account`)).body.data).toBeNull();
  });

  it('reads and changes cycles, each client its own', async () => {
    const one = await acme.call('GET', `${BASE}/cycles/${sameDay}`);
    expect([one.status, one.body.type]).toEqual([200, 'T0']);
    const changed = await put(acme, `${BASE}/cycles/${sameDay}`, {
      run_times: ['17:00', '09:30', '17:00'],
      enabled: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ run_times: ['09:30', '17:00'], enabled: true, livemode: true });
    expect(changed.body.next_run_at).toEqual(expect.any(String));
    const off = await put(acme, `${BASE}/cycles/${sameDay}`, { enabled: false });
    expect(off.body.next_run_at).toBeNull();

    expect((await put(acme, `${BASE}/cycles/${sameDay}`, { run_times: ['25:00'] })).status).toBe(400);
    expect((await put(acme, `${BASE}/cycles/${sameDay}`, { run_times: [] })).status).toBe(400);
    expect((await put(acme, `${BASE}/cycles/${sameDay}`, { min_amount: '-5' })).status).toBe(400);
    expect((await put(acme, `${BASE}/cycles/CYCNOPE`, { enabled: true })).status).toBe(404);
    expect((await acme.call('GET', `${BASE}/cycles/CYCNOPE`)).status).toBe(404);
    expect((await globex.call('GET', `${BASE}/cycles/${daily}`)).status).toBe(404);
    expect((await put(globex, `${BASE}/cycles/${daily}`, { enabled: false })).status).toBe(404);
    expect((await globex.call('POST', `${BASE}/cycles/${daily}/invoke`)).status).toBe(404);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, acmeRef), eq(auditLog.action, 'settlement.cycle_updated')))
      .limit(1);
    expect(audit!.metadata).toMatchObject({
      before: { run_times: ['13:00', '17:00'], enabled: false },
      after: { run_times: ['09:30', '17:00'], enabled: true },
    });
  });

  it('sweeps funded virtual accounts to the settlement account, and the rail settles them', async () => {
    const a = await fundedVa(acmeRef, 300);
    const b = await fundedVa(acmeRef, 500);
    await fundedVa(acmeRef, 0); // nothing to sweep
    const run = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
    expect(run.status).toBe(200);
    expect(run.body.message).toBeNull();
    const made = run.body.settlements as Settlement[];
    expect(made.map((s) => [s.account_number, s.amount, s.status, s.trigger, s.type]).sort()).toEqual(
      [
        [a.number, '300.00', 'PENDING', 'MANUAL', 'T1'],
        [b.number, '500.00', 'PENDING', 'MANUAL', 'T1'],
      ].sort(),
    );
    expect(await balanceOf(acmeRef, a.id)).toBe(0n);
    expect(await balanceOf(acmeRef, b.id)).toBe(0n);

    for (const s of made) {
      const [p] = await db()
        .select()
        .from(payouts)
        .where(and(eq(payouts.clientRef, acmeRef), eq(payouts.urn, s.payout_urn)));
      expect(p).toMatchObject({
        kind: 'SETTLEMENT',
        beneficiaryRef: null,
        beneficiaryCode: 'SETTLEMENT',
        transferType: 'NEFT',
        beneficiaryAccountNumber: GOOD.account_number,
        customerReferenceNumber: `STL-${s.urn}-1`,
        status: 'PENDING',
      });
      // it is money leaving: in the payouts list too
      const listed = await acme.call(
        'GET',
        `/meridian/read/search/transaction/payouts?search_key=meridian_urn&search_value=${s.payout_urn}`,
      );
      expect((listed.body.data as { sender_account_number: string }[])[0]!.sender_account_number).toBe(
        s.account_number,
      );
      const stepped = await railStep(acmeRef, s.payout_urn, 10);
      expect(stepped.status).toBe('SUCCESS');
    }
    const settled = await history(acme, '&status=SETTLED');
    expect(settled.map((s) => s.urn).sort()).toEqual(made.map((s) => s.urn).sort());
    for (const s of settled) expect(s.bank_reference_number).toMatch(/^MRDNN/);

    // The same window again: nothing more moves.
    const again = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
    expect([again.status, again.body.settlements]).toEqual([200, []]);
    const [cycle] = (await acme.call('GET', `${BASE}/cycles`)).body.data as Cycle[];
    expect(cycle!.last_run_at).toEqual(expect.any(String));

    // Below the minimum nothing moves.
    const small = await fundedVa(acmeRef, 50);
    const below = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
    expect([below.body.settlements, below.body.message]).toEqual([[], 'Below the cycle minimum of ₹100.00']);
    expect(await balanceOf(acmeRef, small.id)).toBe(5000n);
  });

  it('fails with a returned settlement (money back), and reattempts once to a good account', async () => {
    expect((await setAccount(acme, RETURNED)).body).toMatchObject({ status: 'VERIFIED', is_active: true });
    const va = await fundedVa(acmeRef, 400);
    const run = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
    const made = run.body.settlements as Settlement[];
    expect(made.map((s) => s.amount).sort()).toEqual(['400.00', '50.00']);
    const ours = made.find((s) => s.amount === '400.00')!;
    const other = made.find((s) => s.amount === '50.00')!;
    for (const s of made) {
      expect((await railStep(acmeRef, s.payout_urn, 10)).status).toBe('SUCCESS');
      expect((await railStep(acmeRef, s.payout_urn, 20)).status).toBe('RETURNED');
    }
    const failed = (await history(acme, '&status=FAILED')).find((s) => s.urn === ours.urn)!;
    expect(failed.status_message).toBe('Returned by beneficiary bank: account frozen');
    expect(await balanceOf(acmeRef, va.id)).toBe(40000n);

    // Only a FAILED settlement can be reattempted
    const settledOne = (await history(acme, '&status=SETTLED'))[0]!;
    const refused = await acme.call('POST', `${BASE}/history/${settledOne.urn}/reattempt`);
    expect([refused.status, refused.body.error]).toEqual([422, 'settlement_not_failed']);
    expect(refused.body.message).toMatch(/Only a FAILED settlement/);
    expect((await acme.call('POST', `${BASE}/history/STLNOPE/reattempt`)).status).toBe(404);
    expect((await globex.call('POST', `${BASE}/history/${ours.urn}/reattempt`)).status).toBe(404);

    await setAccount(acme, GOOD);
    const again = await acme.call('POST', `${BASE}/history/${ours.urn}/reattempt`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      urn: ours.urn,
      status: 'PENDING',
      attempts: 2,
      settlement_account_number: GOOD.account_number,
    });
    expect(again.body.payout_urn).not.toBe(ours.payout_urn);
    expect(await balanceOf(acmeRef, va.id)).toBe(0n);
    const [p] = await db()
      .select()
      .from(payouts)
      .where(and(eq(payouts.clientRef, acmeRef), eq(payouts.urn, again.body.payout_urn as string)));
    expect(p!.customerReferenceNumber).toBe(`STL-${ours.urn}-2`);
    const twice = await acme.call('POST', `${BASE}/history/${ours.urn}/reattempt`);
    expect([twice.status, twice.body.error]).toEqual([422, 'settlement_not_failed']);
    expect((await railStep(acmeRef, p!.urn, 10)).status).toBe('SUCCESS');
    expect((await history(acme, `&search_key=meridian_urn&search_value=${ours.urn}`))[0]).toMatchObject({
      status: 'SETTLED',
      attempts: 2,
      livemode: true,
    });

    // The other failed one: its money is gone from the virtual account meanwhile → 422
    const otherVa = (
      await db().select().from(accounts).where(eq(accounts.accountNumber, other.account_number))
    )[0]!;
    await db().transaction((tx) =>
      post(tx, {
        clientRef: acmeRef,
        clientAccountRef: otherVa.id,
        counterparty: 'collections',
        category: 'COLLECTION',
        description: 'Refund to remitter (test)',
        amount: -1000n,
        idempotencyKey: `test-drain:${other.urn}`,
      }),
    );
    const short = await acme.call('POST', `${BASE}/history/${other.urn}/reattempt`);
    expect([short.status, short.body.error]).toEqual([422, 'insufficient_balance']);
    expect(short.body.message).toBe('The virtual account holds ₹40.00, less than the ₹50.00 to settle');
  });

  it('filters, counts and exports the history', async () => {
    const all = await history(acme);
    expect(all.length).toBe(4);
    const count = async (q: string) => (await acme.call('GET', `${BASE}/history/count?${q}`)).body.count;
    expect(await count('')).toBe(4);
    expect(await count('status=SETTLED')).toBe(3);
    expect(await count('status=FAILED')).toBe(1);
    expect(await count('status=PENDING')).toBe(0);
    expect(await count('type=T1')).toBe(4);
    expect(await count('type=T0')).toBe(0);
    // the amount range (rupees, both ends included) beside status and type
    const amounts = all.map((s) => s.amount).sort((x, y) => Number(x) - Number(y));
    const [smallest, largest] = [amounts[0]!, amounts.at(-1)!];
    expect(await count(`amount_min=${smallest}&amount_max=${largest}`)).toBe(4);
    expect(await count(`amount_min=${largest}`)).toBe(amounts.filter((v) => v === largest).length);
    expect(await count(`amount_max=${smallest}&type=T1`)).toBe(amounts.filter((v) => v === smallest).length);
    expect((await acme.call('GET', `${BASE}/history?amount_min=9&amount_max=1`)).status).toBe(400);
    const withUtr = all.find((s) => s.bank_reference_number)!;
    expect(
      await count(`search_key=bank_reference_number&search_value=${withUtr.bank_reference_number}`),
    ).toBe(1);
    expect((await acme.call('GET', `${BASE}/history?status=DONE`)).status).toBe(400);
    expect((await acme.call('GET', `${BASE}/history?search_key=account_number`)).status).toBe(400);
    expect(await history(globex)).toEqual([]);

    const res = await server.current.app.inject({
      method: 'GET',
      url: `${BASE}/report?status=SETTLED`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = parseCsv(res.body);
    expect(rows.length).toBe(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['SETTLED']));
    expect(rows.map((r) => r.meridian_urn).sort()).toEqual(
      all
        .filter((s) => s.status === 'SETTLED')
        .map((s) => s.urn)
        .sort(),
    );

    const options = await acme.call('GET', `${BASE}/options/status`);
    expect(options.body.data).toEqual([
      { value: 'PENDING', label: 'Pending' },
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
    ]);
    const types = await acme.call('GET', `${BASE}/options/type`);
    expect((types.body.data as { value: string }[]).map((t) => t.value)).toEqual(['T0', 'T1']);
  });

  it('runs due cycles from the scheduler; a client without an account just moves on', async () => {
    const va = await fundedVa(acmeRef, 250, 48);
    const globexRef = await clientRefOf(globex);
    await globex.call('GET', `${BASE}/cycles`); // Globex's cycles exist, without a settlement account
    const [cycle] = await db()
      .select()
      .from(settlementCycles)
      .where(and(eq(settlementCycles.clientRef, acmeRef), eq(settlementCycles.cycleId, daily)));
    const [gCycle] = await db()
      .select()
      .from(settlementCycles)
      .where(eq(settlementCycles.clientRef, globexRef));
    const due = cycle!.nextRunAt!;
    const now = new Date(Math.max(due.getTime(), gCycle!.nextRunAt!.getTime()) + 60_000);
    const result = await runDueCycles(db(), { railTimeScale: 1, now });
    expect(result.runs).toBe(1);
    expect(result.effects.rail.length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(acmeRef, va.id)).toBe(0n);
    const swept = await queryRows<{ trigger: string; amount: string }>(
      db(),
      sql`select trigger, amount::text from settlements where client_ref = ${acmeRef} and account_ref = ${va.id}`,
    );
    expect(swept).toEqual([{ trigger: 'SCHEDULED', amount: '25000' }]);
    const [after] = await db()
      .select()
      .from(settlementCycles)
      .where(and(eq(settlementCycles.clientRef, acmeRef), eq(settlementCycles.id, cycle!.id)));
    expect(after!.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
    const [gAfter] = await db()
      .select()
      .from(settlementCycles)
      .where(and(eq(settlementCycles.clientRef, globexRef), eq(settlementCycles.id, gCycle!.id)));
    expect(gAfter!.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(gAfter!.lastRunAt).toBeNull();
    // nothing is due any more
    expect((await runDueCycles(db(), { railTimeScale: 1, now })).runs).toBe(0);
  });

  describe.runIf(process.env.DATABASE_URL)('under concurrency (PostgreSQL)', () => {
    it('moves money once when one cycle is invoked twice at once', async () => {
      const va = await fundedVa(acmeRef, 700);
      const runs = await Promise.all(
        [1, 2, 3].map(() => acme.call('POST', `${BASE}/cycles/${daily}/invoke`)),
      );
      for (const r of runs) expect(r.status).toBe(200);
      const made = runs.flatMap((r) => r.body.settlements as Settlement[]);
      expect(made.filter((s) => s.account_number === va.number).map((s) => s.amount)).toEqual(['700.00']);
      expect(await balanceOf(acmeRef, va.id)).toBe(0n);
    });

    it('moves money once when a scheduled run and an invoke race', async () => {
      const va = await fundedVa(acmeRef, 900, 48);
      const [cycle] = await db()
        .select()
        .from(settlementCycles)
        .where(and(eq(settlementCycles.clientRef, acmeRef), eq(settlementCycles.cycleId, daily)));
      // make the cycle due now
      await db()
        .update(settlementCycles)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(and(eq(settlementCycles.clientRef, acmeRef), eq(settlementCycles.id, cycle!.id)));
      const [scheduled, invoked] = await Promise.all([
        runDueCycles(db(), { railTimeScale: 1 }),
        acme.call('POST', `${BASE}/cycles/${daily}/invoke`),
      ]);
      expect(invoked.status).toBe(200);
      const moved = await queryRows<{ n: number; total: string }>(
        db(),
        sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as total from settlements
            where client_ref = ${acmeRef} and account_ref = ${va.id}`,
      );
      expect(moved[0]).toEqual({ n: 1, total: '90000' });
      expect(await balanceOf(acmeRef, va.id)).toBe(0n);
      expect(scheduled.runs).toBeGreaterThanOrEqual(1);
    });

    it('makes one payout from concurrent reattempts', async () => {
      expect((await setAccount(acme, RETURNED)).body).toMatchObject({ status: 'VERIFIED' });
      const va = await fundedVa(acmeRef, 320);
      const run = await acme.call('POST', `${BASE}/cycles/${daily}/invoke`);
      const s = (run.body.settlements as Settlement[]).find((x) => x.account_number === va.number)!;
      await railStep(acmeRef, s.payout_urn, 10);
      await railStep(acmeRef, s.payout_urn, 20);
      await setAccount(acme, GOOD);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => acme.call('POST', `${BASE}/history/${s.urn}/reattempt`)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
      const attempts = await db()
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.clientRef, acmeRef),
            sql`${payouts.customerReferenceNumber} like ${`STL-${s.urn}-%`}`,
          ),
        );
      expect(attempts).toHaveLength(2);
      expect(await balanceOf(acmeRef, va.id)).toBe(0n);
    });
  });

  it('seeds a verified settlement account and, with funded virtual accounts, one run (idempotent)', async () => {
    // Globex stands in for Acme here: it has no settlement account yet.
    const globexRef = await clientRefOf(globex);
    // Collected before today: the seed settles up to the start of today, as the daily cycle would have.
    const va = await fundedVa(globexRef, 1500, 36);
    const today = await fundedVa(globexRef, 700, 0);
    const stand = [{ id: globexRef, name: 'Acme Retail' }];
    const effects = await seedDemoSettlements(db(), stand, { railTimeScale: 1, full: true });
    expect(effects.rail).toHaveLength(1);
    expect((await globex.call('GET', `${BASE}/account`)).body.data).toMatchObject({ status: 'VERIFIED' });
    expect(await balanceOf(globexRef, va.id)).toBe(0n);
    expect(await balanceOf(globexRef, today.id)).toBe(70000n);
    expect((await history(globex)).map((s) => [s.amount, s.trigger])).toEqual([['1500.00', 'MANUAL']]);
    const again = await seedDemoSettlements(db(), stand, { railTimeScale: 1, full: true });
    expect(again.rail).toHaveLength(0);
    const accountsSeeded = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from settlement_accounts where client_ref = ${globexRef}`,
    );
    expect(accountsSeeded[0]!.n).toBe(1);
  });

  it('keeps the books balanced: every entry sums to zero, no balance below zero', async () => {
    const unbalanced = await queryRows<{ entry_ref: number }>(
      db(),
      sql`select entry_ref from ledger_postings group by client_ref, entry_ref having sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const negative = await queryRows<{ id: number }>(db(), sql`select id from accounts where balance < 0`);
    expect(negative).toEqual([]);
    // each account's balance is the sum of its postings
    const drift = await queryRows<{ id: number }>(
      db(),
      sql`select a.id from accounts a left join ledger_postings p
            on p.client_ref = a.client_ref and p.account_ref = a.id
          group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
    );
    expect(drift).toEqual([]);
  });
});
