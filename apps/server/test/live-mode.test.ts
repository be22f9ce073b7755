import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionDeniedMessage } from '@meridian/contract/permissions';
import { LIVE_MODE_NOT_ENABLED_MESSAGE } from '../src/auth/guard.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { auditLog, clients, ledgerEntries, users } from '../src/db/schema.ts';
import { openClientAccount, topUp } from '../src/ledger/ledger.ts';
import { newId } from '../src/lib/ids.ts';
import { call, clientSession, DEMO_PASSWORD, useServer, type ClientSession, type Reply } from './helpers.ts';

/**
 * The live gate (issue 33): a company whose live mode Meridian operations have not opened (Initech in the demo)
 * is refused every money-moving operation in live mode (403 `live_mode_not_enabled`) and may use all of them in
 * test mode; operations open and close live mode (`PUT …/companies/{client_id}/live_mode`, audited), which
 * reaches sessions and API keys already in use; an approval of a live payout after live mode was closed fails;
 * `GET /v2/company/modes` tells the switch what the company has.
 */
const server = useServer();
const P = '/meridian';
const OPS = `${P}/operations`;
const TEST = { 'meridian-mode': 'test' };

let ops: ClientSession;
let initech: ClientSession;
let initechRef: number;

const db = () => server.current.handle.db;
const companyRef = async (name: string) =>
  (await db().select({ id: clients.id }).from(clients).where(eq(clients.companyCommonName, name)))[0]!.id;

/** Every operation behind the gate, with a dummy record id: the gate answers before the input is read. */
const GATED: Array<[string, string]> = [
  ['POST', '/core_banking/money_transfer/initiate'],
  ['POST', `${P}/bulk/validate`],
  ['POST', `${P}/bulk/bulk_payout`],
  ['POST', '/core_banking/money_transfer/validate_account'],
  ['POST', '/v2/mandates'],
  ['POST', '/v2/mandates/MND-DUMMY/presentations'],
  ['POST', '/v2/payments/links'],
  ['POST', '/v2/payments/upi/link'],
  ['POST', `${OPS}/settlement/account`],
  ['POST', `${OPS}/settlement/cycles/CYC-DUMMY/invoke`],
  ['POST', `${OPS}/settlement/history/STL-DUMMY/reattempt`],
];

const payoutBody = (crn: string, account = '77000000000000') => ({
  customer_reference_number: crn,
  beneficiary_code: 'LIVE-GATE-PAYEE',
  amount: '10.00',
  transfer_type: 'IMPS',
  purpose_message: 'Live gate',
  sender_account_number: account,
});
const initiate = (s: ClientSession, crn: string, headers: Record<string, string> = {}) =>
  s.call('POST', '/core_banking/money_transfer/initiate', {
    body: payoutBody(crn),
    headers: { 'idempotency-key': `idem-${crn}`, ...headers },
  });
const gated = (res: Reply) => res.status === 403 && res.body.error === 'live_mode_not_enabled';
const setLiveMode = (clientId: string, enabled: unknown) =>
  ops.call('PUT', `${OPS}/companies/${clientId}/live_mode`, { body: { enabled } });

beforeAll(async () => {
  ops = await clientSession(server.current, 'ops@meridian.test');
  initech = await clientSession(server.current, 'admin@initech.test');
  initechRef = await companyRef('Initech');
});

describe('the live gate of a company whose live mode is closed', () => {
  it('refuses every money-moving operation in live mode, with a message that says what to do', async () => {
    const answers = await Promise.all(
      GATED.map(async ([method, url]) => {
        const res = await initech.call(method as 'POST', url, { body: {}, stepUp: false });
        return { url, status: res.status, error: res.body.error };
      }),
    );
    expect(answers).toEqual(GATED.map(([, url]) => ({ url, status: 403, error: 'live_mode_not_enabled' })));
    const payout = await initiate(initech, 'GATE-LIVE-1');
    expect(payout.body).toMatchObject({
      status: 403,
      error: 'live_mode_not_enabled',
      message: LIVE_MODE_NOT_ENABLED_MESSAGE,
    });
  });

  it('lets test mode through the gate', async () => {
    for (const [method, url] of GATED) {
      const res = await initech.call(method as 'POST', url, { body: {}, headers: TEST, stepUp: false });
      expect(gated(res), `${url}: ${res.status} ${String(res.body.error)}`).toBe(false);
    }
    const payout = await initiate(initech, 'GATE-TEST-1', TEST);
    expect(gated(payout)).toBe(false);
  });

  it('leaves reads and settings open in live mode, and an open company ungated', async () => {
    expect((await initech.call('GET', `${P}/read/fetch/balance`)).status).toBe(200);
    const acme = await clientSession(server.current, 'admin@acme.test');
    const payout = await initiate(acme, 'GATE-ACME-1');
    expect(gated(payout)).toBe(false);
  });

  it('tells the switch what the company has (GET /v2/company/modes, in either mode)', async () => {
    for (const headers of [{}, TEST]) {
      const modes = await initech.call('GET', '/v2/company/modes', { headers });
      expect([modes.status, modes.body]).toEqual([
        200,
        { live_mode_enabled: false, test_mode_available: true },
      ]);
    }
    const acme = await clientSession(server.current, 'admin@acme.test');
    expect((await acme.call('GET', '/v2/company/modes')).body).toEqual({
      live_mode_enabled: true,
      test_mode_available: true,
    });
    // A member's own setting: never an API key.
    expect((await call(server.current, 'GET', '/v2/company/modes')).status).toBe(401);
  });
});

describe("operations open and close a company's live mode", () => {
  let liveKey: string;
  let testKey: string;

  const keyOf = async (headers: Record<string, string>) => {
    const res = await initech.call('POST', '/v2/company/api_keys', {
      body: { name: `gate ${Object.keys(headers).length ? 'test' : 'live'}`, role: 'finance_maker' },
      headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key = res.body as { key_id: string; key_secret: string };
    return `Basic ${Buffer.from(`${key.key_id}:${key.key_secret}`).toString('base64')}`;
  };
  const keyPayout = (authorization: string, crn: string) =>
    call(server.current, 'POST', '/core_banking/money_transfer/initiate', {
      body: payoutBody(crn),
      headers: { authorization, 'idempotency-key': `idem-${crn}` },
    });

  beforeAll(async () => {
    liveKey = await keyOf({});
    testKey = await keyOf(TEST);
  });

  it('gates an API key by its mode', async () => {
    expect(gated(await keyPayout(liveKey, 'GATE-KEY-LIVE-1'))).toBe(true);
    expect(gated(await keyPayout(testKey, 'GATE-KEY-TEST-1'))).toBe(false);
  });

  it('is for Meridian operations only (ops.companies), a known company, a boolean', async () => {
    const refused = await initech.call('PUT', `${OPS}/companies/${initech.client_id}/live_mode`, {
      body: { enabled: true },
    });
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([
      403,
      'permission_denied',
      permissionDeniedMessage('ops.companies'),
    ]);
    expect((await setLiveMode('CLI-NO-SUCH-COMPANY', true)).status).toBe(404);
    // A company's test mode is not a company.
    const [test] = await db()
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(eq(clients.companyRef, initechRef));
    expect((await setLiveMode(test!.clientId, true)).status).toBe(404);
    expect((await setLiveMode(initech.client_id, 'yes')).status).toBe(400);
    expect(gated(await initiate(initech, 'GATE-STILL-CLOSED'))).toBe(true);
  });

  it('opens live mode: audited, and the sessions and keys already in use see it at once', async () => {
    const opened = await setLiveMode(initech.client_id, true);
    expect([opened.status, opened.body]).toEqual([
      200,
      { client_id: initech.client_id, company_name: 'Initech', live_mode_enabled: true },
    ]);
    // The same signed-in session and the same key: their cached contexts were dropped.
    const payout = await initiate(initech, 'GATE-OPEN-1');
    expect(gated(payout), JSON.stringify(payout.body)).toBe(false);
    expect(gated(await keyPayout(liveKey, 'GATE-KEY-LIVE-2'))).toBe(false);
    expect((await initech.call('GET', '/v2/company/modes')).body).toEqual({
      live_mode_enabled: true,
      test_mode_available: true,
    });
    const listed = await ops.call('GET', `${OPS}/companies?search_value=Initech`);
    expect(listed.body.data).toMatchObject([{ client_id: initech.client_id, live_mode_enabled: true }]);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, initechRef), eq(auditLog.action, 'company.live_mode_enabled')));
    expect(entries).toMatchObject([
      {
        actor: 'ops@meridian.test',
        target: initech.client_id,
        livemode: null,
        userRef: null,
        metadata: { live_mode_enabled: true, before: false },
      },
    ]);
    // Opening it again changes nothing and audits nothing.
    expect((await setLiveMode(initech.client_id, true)).body.live_mode_enabled).toBe(true);
    const again = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, initechRef), eq(auditLog.action, 'company.live_mode_enabled')));
    expect(again).toHaveLength(1);
  });

  it('closes it again: the gate is back, audited', async () => {
    const closed = await setLiveMode(initech.client_id, false);
    expect([closed.status, closed.body.live_mode_enabled]).toEqual([200, false]);
    expect(gated(await initiate(initech, 'GATE-CLOSED-AGAIN'))).toBe(true);
    expect(gated(await keyPayout(liveKey, 'GATE-KEY-LIVE-3'))).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.clientRef, initechRef))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'company.live_mode_disabled',
      livemode: null,
      metadata: { live_mode_enabled: false, before: true },
    });
  });
});

describe('an approval of a live payout after live mode was closed', () => {
  const OWNER = 'admin@globex.test';
  const APPROVER = 'live-gate-checker@globex.test';
  let globexRef: number;
  let owner: ClientSession;
  let approver: ClientSession;
  let account: string;

  beforeAll(async () => {
    globexRef = await companyRef('Globex Labs');
    await db()
      .insert(users)
      .values({
        publicId: newId('USR'),
        clientRef: globexRef,
        email: APPROVER,
        name: 'Gate Checker',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        role: 'finance_approver',
      });
    owner = await clientSession(server.current, OWNER);
    approver = await clientSession(server.current, APPROVER);
    const opened = await openClientAccount(db(), globexRef, 'Live gate account');
    account = opened.accountNumber;
    await topUp(db(), {
      clientRef: globexRef,
      accountRef: opened.id,
      amount: 1_00_000_00n,
      reference: 'GATE-FUNDING',
    });
    const ben = await owner.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'LIVE-GATE-PAYEE',
        beneficiary_name: 'Gate Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account,
        beneficiary_account_number: '50100012345679',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(ben.status, JSON.stringify(ben.body)).toBe(201);
    const rule = await owner.call('POST', '/v2/approval_rules', {
      body: {
        name: 'Every payout',
        action: 'payout',
        steps: [{ approvals: 1, roles: ['finance_approver'] }],
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  });

  it('fails the request (live_mode_not_enabled) and moves no money', async () => {
    const held = await owner.call('POST', '/core_banking/money_transfer/initiate', {
      body: payoutBody('GATE-HELD-1', account),
      headers: { 'idempotency-key': 'idem-GATE-HELD-1' },
    });
    expect(held.body, JSON.stringify(held.body)).toMatchObject({ status: 'PENDING_APPROVAL' });
    const approval = held.body.approval_urn as string;
    expect((await setLiveMode(owner.client_id, false)).status).toBe(200);

    const decided = await approver.call('POST', `/v2/approvals/${approval}/approve`, { body: {} });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.status).toBe('FAILED');
    expect(decided.body.outcome).toContain(LIVE_MODE_NOT_ENABLED_MESSAGE);
    const payout = await owner.call('GET', `${P}/read/fetch/transaction/payouts/${held.body.urn as string}`);
    expect(['PENDING', 'SUCCESS', 'PENDING_APPROVAL']).not.toContain(payout.body.status);
    const debits = await db()
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.clientRef, globexRef), eq(ledgerEntries.referenceUrn, held.body.urn as string)),
      );
    expect(debits).toEqual([]);
    expect((await setLiveMode(owner.client_id, true)).status).toBe(200);
  });
});

describe("the fabric event stream's mode (EventSource sends no headers: meridian_mode in the query)", () => {
  const stream = (s: ClientSession, mode: string) =>
    call(
      server.current,
      'GET',
      `${P}/read/stream/fabric/events?access_token=${s.access_token}&client_id=${s.client_id}&meridian_mode=${mode}`,
    );

  it('becomes the Meridian-Mode header', async () => {
    const bad = await stream(initech, 'sandbox');
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_mode']);
    // Meridian's own company has no test mode: the guard read the mode from the query.
    const none = await stream(ops, 'test');
    expect([none.status, none.body.error]).toEqual([403, 'test_mode_unavailable']);
    // Through the guard in test mode; then a JSON client is told it is a stream.
    expect((await stream(initech, 'test')).status).toBe(406);
  });
});
