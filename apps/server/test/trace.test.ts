import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Trace, TraceStep } from '@meridian/contract/developers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, requestLog } from '../src/db/schema.ts';
import { flush } from '../src/request-log/recorder.ts';
import { call, clientSession, until, useServer, useWebhookReceiver, type ClientSession } from './helpers.ts';

/**
 * The trace of a payout made with an API key: the rail and the callback worker run for real (pg-boss, the rail's
 * delays scaled down), a callback URL receives its events. By the request id and by the payout urn, the trace
 * holds in time order the request, the debit with the balance before and after, the rail's states with the UTR,
 * and every callback attempt with its answer; another client gets 404; the evidence pack is a PDF pdftotext reads.
 */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });
const endpoint = useWebhookReceiver();
const P = 'meridian';

let globex: ClientSession;
let acme: ClientSession;
let urn = '';
let utr = '';
let requestId = '';
let clientRef = 0;
const idempotencyKey = `trace-${Date.now()}`;

const basic = (key: { key_id: string; key_secret: string }) =>
  `Basic ${Buffer.from(`${key.key_id}:${key.key_secret}`).toString('base64')}`;

const kinds = (steps: TraceStep[]) => steps.map((s) => s.kind);

beforeAll(async () => {
  globex = await clientSession(server.current, 'admin@globex.test');
  acme = await clientSession(server.current, 'admin@acme.test');
  const [c] = await server.current.handle.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.clientId, globex.client_id));
  clientRef = c!.id;
  const hook = await globex.call('POST', '/v2/company/callback', {
    body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/payouts` },
  });
  expect(hook.status).toBe(201);
  const [account] = (await globex.call('GET', `/${P}/read/fetch/balance`)).body.data as {
    account_number: string;
  }[];
  const payee = await globex.call('POST', '/v2/banking/beneficiary', {
    body: {
      beneficiary_code: 'TRACE',
      beneficiary_name: 'Trace Vendor',
      provider: 'Meridian Sandbox Bank',
      provider_code: 'MRDN',
      transfer_type: 'IMPS',
      sender_account_number: account!.account_number,
      beneficiary_account_number: '50100012349999',
      ifsc_code: 'HDFC0000001',
    },
  });
  expect(payee.status).toBe(201);
  const key = await globex.call('POST', '/v2/company/api_keys', {
    body: { name: 'trace test', role: 'finance_maker' },
  });
  expect(key.status).toBe(201);
  const pay = await call(server.current, 'POST', '/core_banking/money_transfer/initiate', {
    headers: {
      authorization: basic(key.body as { key_id: string; key_secret: string }),
      'idempotency-key': idempotencyKey,
    },
    body: {
      customer_reference_number: `TRACE-${Date.now()}`,
      beneficiary_code: 'TRACE',
      amount: '15.00',
      transfer_type: 'IMPS',
      purpose_message: 'trace',
      sender_account_number: account!.account_number,
    },
  });
  expect(pay.status).toBe(201);
  urn = pay.body.urn as string;
  requestId = String(pay.headers['x-request-id'] ?? '');
  // The rail settles it and both callbacks (pending, success) are delivered.
  const details = await until(async () => {
    const d = await globex.call('GET', `/${P}/read/fetch/transaction/payouts/${urn}`);
    const cbs = d.body.callbacks as { status: string }[];
    return d.body.status === 'SUCCESS' && cbs.length === 2 && cbs.every((c) => c.status === 'DELIVERED')
      ? d
      : undefined;
  });
  utr = details.body.bank_reference_number as string;
  expect(utr).toBeTruthy();
});

/** The path of the payout in the trace: the debit before the UTR, the UTR before the last callback attempt. */
function expectPayoutPath(trace: Trace) {
  const steps = trace.steps;
  const times = steps.map((s) => Date.parse(s.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));

  const debit = steps.findIndex((s) => s.kind === 'ledger' && s.subject === urn);
  expect(debit).toBeGreaterThanOrEqual(0);
  expect(steps[debit]!.title).toBe('Debit ₹15.00');
  const d = steps[debit]!.details as { amount: string; balance_before: string; balance_after: string };
  expect(d.amount).toBe('-15.00');
  expect(Math.round((Number(d.balance_before) - Number(d.balance_after)) * 100)).toBe(1500);

  const settled = steps.findIndex((s) => s.kind === 'rail' && s.details.status === 'SUCCESS');
  expect(settled).toBeGreaterThan(debit);
  expect(steps[settled]!.details.bank_reference_number).toBe(utr);
  expect(steps[settled]!.title).toContain(utr);

  const attempts = steps.filter((s) => s.kind === 'callback_attempt');
  expect(attempts.map((a) => a.details.event).sort()).toEqual(['payout.pending', 'payout.success']);
  for (const a of attempts) expect(a.details).toMatchObject({ status_code: 200, answer: '{"ok":true}' });
  const lastAttempt = steps.findLastIndex((s) => s.kind === 'callback_attempt');
  expect(lastAttempt).toBeGreaterThan(settled);

  // The events emitted about it, each before the attempts to deliver it; the pending one by the request.
  const emitted = steps.filter((s) => s.kind === 'event');
  expect(emitted.map((e) => e.title)).toEqual(['payout.pending', 'payout.success']);
  expect(emitted[0]!.details.request_id).toBe(requestId);
  expect(emitted[0]!.details.event_id).toMatch(/^evt_/);
  const successEvent = steps.findIndex((s) => s.kind === 'event' && s.title === 'payout.success');
  const successAttempt = steps.findIndex(
    (s) => s.kind === 'callback_attempt' && s.details.event === 'payout.success',
  );
  expect(successEvent).toBeGreaterThan(debit);
  expect(successAttempt).toBeGreaterThan(successEvent);
}

describe('trace', () => {
  it('traces a payout by its urn: debit with balances, the UTR, every callback attempt', async () => {
    const res = await globex.call('GET', `/${P}/read/fetch/trace/${urn}`);
    expect(res.status).toBe(200);
    const trace = res.body as Trace;
    expect(trace.id).toBe(urn);
    expect(trace.resources).toEqual([urn]);
    expectPayoutPath(trace);
    // No step of another kind than the path's.
    expect(new Set(kinds(trace.steps))).toEqual(
      new Set(['request', 'ledger', 'rail', 'event', 'callback_attempt']),
    );
  });

  it('traces the request by its id: the call first, then the payout it made', async () => {
    expect(requestId).toMatch(/^REQ[0-9A-Z]{26}$/);
    // The request log is written off the request's path: wait for the payout's request to be in it.
    const [row] = await until(async () => {
      const rows = await server.current.handle.db
        .select()
        .from(requestLog)
        .where(and(eq(requestLog.clientRef, clientRef), eq(requestLog.idempotencyKey, idempotencyKey)));
      return rows.length ? rows : undefined;
    });
    expect(row!.requestId).toBe(requestId);

    const res = await globex.call('GET', `/${P}/read/fetch/trace/${requestId}`);
    expect(res.status).toBe(200);
    const trace = res.body as Trace;
    expect(trace.request).toMatchObject({
      request_id: requestId,
      method: 'POST',
      route: '/core_banking/money_transfer/initiate',
      status: 201,
      channel: 'api_key',
      idempotency_key: idempotencyKey,
      livemode: true,
    });
    expect(trace.resources).toContain(urn);
    expect(trace.steps[0]).toMatchObject({
      kind: 'request',
      title: 'POST /core_banking/money_transfer/initiate → 201',
    });
    expectPayoutPath(trace);

    // By the urn, the request that made the payout is its call.
    const byUrn = (await globex.call('GET', `/${P}/read/fetch/trace/${urn}`)).body as Trace;
    expect(byUrn.request?.request_id).toBe(requestId);
    expect(byUrn.steps[0]?.kind).toBe('request');

    // Without the call that made it (the demo data's payouts have none), a read naming the urn — its details,
    // this very trace — is never taken for its call: the trace then has no request.
    await globex.call('GET', `/${P}/read/fetch/transaction/payouts/${urn}`);
    await flush();
    await server.current.handle.db.delete(requestLog).where(eq(requestLog.requestId, requestId));
    const unmade = (await globex.call('GET', `/${P}/read/fetch/trace/${urn}`)).body as Trace;
    expect(unmade.request).toBeNull();
    expect(unmade.steps.some((s) => s.kind === 'ledger')).toBe(true);
  });

  it('traces a virtual-account credit: the call, the credit with its balances, the UTR', async () => {
    const va = await globex.call('POST', '/v2/banking/account/virtual', {
      body: { name: 'Trace Payer', customer_id: `T-${Date.now()}` },
    });
    expect(va.status).toBe(201);
    const creditUtr = `UTR${String(Date.now()).slice(-12)}`;
    const credited = await globex.call('POST', `/${P}/sandbox/simulate/credit`, {
      body: {
        virtual_account_number: va.body.account_number,
        amount: '250.00',
        mode: 'NEFT',
        remitter_name: 'Kavya Menon',
        remitter_account_number: '60200000000005',
        remitter_ifsc: 'KKBK0000131',
        utr: creditUtr,
      },
    });
    expect(credited.status).toBe(201);
    const creditUrn = credited.body.urn as string;
    const trace = await until(async () => {
      const res = await globex.call('GET', `/${P}/read/fetch/trace/${creditUrn}`);
      return res.status === 200 && (res.body as Trace).request ? (res.body as Trace) : undefined;
    });
    expect(trace.request).toMatchObject({ method: 'POST', status: 201, channel: 'dashboard' });
    expect(trace.steps.map((s) => [s.kind, s.title])).toEqual(
      expect.arrayContaining([
        ['request', `POST /${P}/sandbox/simulate/credit → 201`],
        ['ledger', 'Credit ₹250.00'],
        ['rail', `NEFT credit CREDITED · UTR ${creditUtr}`],
      ]),
    );
    expect(trace.steps[0]!.kind).toBe('request');
    const posted = trace.steps.find((s) => s.kind === 'ledger')!;
    expect(posted.details).toMatchObject({ balance_before: '0.00', balance_after: '250.00' });
    expect((await acme.call('GET', `/${P}/read/fetch/trace/${creditUrn}`)).status).toBe(404);
  });

  it("answers 404 for another client's payout or request, and for an unknown id", async () => {
    for (const id of [urn, requestId, 'PAY00000000000000000000000000'])
      expect((await acme.call('GET', `/${P}/read/fetch/trace/${id}`)).status).toBe(404);
    expect((await globex.call('GET', `/${P}/read/fetch/trace/NOPE-1`)).status).toBe(404);
    expect((await acme.call('GET', `/${P}/read/fetch/trace/${urn}/evidence.pdf`)).status).toBe(404);
  });

  it('exports the trace as a PDF evidence pack that pdftotext reads', async () => {
    const res = await server.current.app.inject({
      method: 'GET',
      url: `/${P}/read/fetch/trace/${urn}/evidence.pdf?time_zone=Asia/Kolkata`,
      headers: { authorization: `Bearer ${globex.access_token}`, client_id: globex.client_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const path = join(mkdtempSync(join(tmpdir(), 'trace-')), 'trace.pdf');
    writeFileSync(path, res.rawPayload);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    expect(text).toContain(`Evidence pack: trace of ${urn}`);
    expect(text).toContain('Globex');
    expect(text).toContain('Debit INR 15.00');
    expect(text).toContain(utr);
    expect(text).toContain('Asia/Kolkata');
    const badZone = await globex.call(
      'GET',
      `/${P}/read/fetch/trace/${urn}/evidence.pdf?time_zone=Mars/Base`,
    );
    expect(badZone.status).toBe(400);
  });
});
