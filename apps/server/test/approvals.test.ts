import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireDueRequests } from '../src/approvals/engine.ts';
import { processBulk } from '../src/bulk/service.ts';
import { setFeatureFlags } from '../src/features/flags.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { approvalExecutors } from '../src/composition.ts';
import {
  approvalDecisions,
  approvalRules,
  clients,
  ledgerEntries,
  payouts,
  users,
} from '../src/db/schema.ts';
import { openClientAccount, topUp } from '../src/ledger/ledger.ts';
import { newId } from '../src/lib/ids.ts';
import { DEMO_PASSWORD, clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * Maker-checker approvals of payouts, on Globex (its own members made here: a maker and two approvers). The race
 * of two approvers only means something on PostgreSQL (PGlite has one connection); it runs on both.
 */
const server = useServer();
const P = '/meridian';
const MAKER = 'approvals-maker@globex.test';
const APPROVER = 'approvals-checker@globex.test';
const APPROVER_2 = 'approvals-checker2@globex.test';
const OWNER = 'admin@globex.test';

let owner: ClientSession;
let maker: ClientSession;
let approver: ClientSession;
let approver2: ClientSession;
let clientRef: number;
let account: string;

const payout = (crn: string, amount: string, from = account) => ({
  customer_reference_number: crn,
  beneficiary_code: 'APPR-VENDOR',
  amount,
  transfer_type: 'IMPS',
  purpose_message: 'approval test',
  sender_account_number: from,
});
const initiate = (s: ClientSession, body: ReturnType<typeof payout>) =>
  s.call('POST', '/core_banking/money_transfer/initiate', {
    headers: { 'idempotency-key': `key-${body.customer_reference_number}` },
    body,
  });
const debits = async (urn: string) =>
  (
    await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.clientRef, clientRef), eq(ledgerEntries.referenceUrn, urn)))
  )[0]!.n;
const balanceOf = async (s: ClientSession, number = account) =>
  (
    (await s.call('GET', `${P}/read/fetch/balance`)).body.data as {
      account_number: string;
      balance: string;
    }[]
  ).find((a) => a.account_number === number)!.balance;

beforeAll(async () => {
  const db = server.current.handle.db;
  const [client] = await db.select().from(clients).where(eq(clients.companyCommonName, 'Globex Labs'));
  clientRef = client!.id;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const [email, role] of [
    [MAKER, 'finance_maker'],
    [APPROVER, 'finance_approver'],
    [APPROVER_2, 'finance_approver'],
  ] as const)
    await db.insert(users).values({
      publicId: newId('USR'),
      clientRef,
      email,
      name: 'Approvals Tester',
      passwordHash: hash,
      role,
    });
  // Whatever the seed gives Globex, this file starts without rules.
  await db.delete(approvalRules).where(eq(approvalRules.clientRef, clientRef));
  owner = await clientSession(server.current, OWNER);
  maker = await clientSession(server.current, MAKER);
  approver = await clientSession(server.current, APPROVER);
  approver2 = await clientSession(server.current, APPROVER_2);
  const opened = await openClientAccount(db, clientRef, 'Approvals account');
  account = opened.accountNumber;
  await topUp(db, { clientRef, accountRef: opened.id, amount: 10_00_000_00n, reference: 'APPR-FUNDING' });
  const ben = await owner.call('POST', '/v2/banking/beneficiary', {
    body: {
      beneficiary_code: 'APPR-VENDOR',
      beneficiary_name: 'Approval Vendor',
      provider: 'Meridian Sandbox Bank',
      provider_code: 'MRDN',
      transfer_type: 'IMPS',
      sender_account_number: account,
      beneficiary_account_number: '50100012345678',
      ifsc_code: 'HDFC0000001',
    },
  });
  expect(ben.status).toBe(201);
});

describe('approval rules', () => {
  it('are created, checked, listed and previewed by approvals.configure only', async () => {
    const refused = await owner.call('POST', '/v2/approval_rules', {
      body: { name: 'Viewers approve', action: 'payout', steps: [{ approvals: 1, roles: ['viewer'] }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ 'steps.0.roles': 'viewer cannot approve' });
    const noBand = await owner.call('POST', '/v2/approval_rules', {
      body: {
        name: 'Keys',
        action: 'api_key',
        conditions: { amount_min: '1' },
        steps: [{ approvals: 1, roles: ['finance_approver'] }],
      },
    });
    expect(noBand.status).toBe(422);
    const inverted = await owner.call('POST', '/v2/approval_rules', {
      body: {
        name: 'Inverted',
        action: 'payout',
        conditions: { amount_min: '10', amount_max: '5' },
        steps: [{ approvals: 1, roles: ['finance_approver'] }],
      },
    });
    expect(inverted.status).toBe(400);
    const byMaker = await maker.call('POST', '/v2/approval_rules', {
      body: { name: 'Mine', action: 'payout', steps: [{ approvals: 1, roles: ['finance_approver'] }] },
    });
    expect(byMaker.status).toBe(403);
    expect(byMaker.body.error).toBe('permission_denied');

    const rule = await owner.call('POST', '/v2/approval_rules', {
      body: {
        name: 'Payouts from ₹1,000',
        action: 'payout',
        conditions: { amount_min: '1000', transfer_types: ['IMPS', 'NEFT'] },
        steps: [{ approvals: 1, roles: ['finance_approver', 'owner'] }],
      },
    });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({
      action: 'payout',
      conditions: { amount_min: '1000.00', transfer_types: ['IMPS', 'NEFT'] },
      steps: [{ approvals: 1, roles: ['finance_approver', 'owner'] }],
      active: true,
      created_by: OWNER,
      livemode: true,
    });
    const list = await owner.call('GET', `${P}/read/fetch/approvals/rules`);
    expect((list.body.data as { urn: string }[]).map((r) => r.urn)).toEqual([rule.body.urn]);
    expect((await maker.call('GET', `${P}/read/fetch/approvals/rules`)).status).toBe(403);
  });

  it('previews what a draft would have held over the last 90 days (count and sum of payouts)', async () => {
    // Two payouts below any rule's band yet (the rule above starts at ₹1,000): ₹400 and ₹600.
    for (const [crn, amount] of [
      ['PREVIEW-1', '400'],
      ['PREVIEW-2', '600'],
    ] as const)
      expect((await initiate(owner, payout(crn, amount))).body.status).toBe('PENDING');
    const preview = (conditions: object) =>
      owner.call('POST', '/v2/approval_rules/preview', {
        body: { name: 'Draft', action: 'payout', conditions, steps: [{ approvals: 1, roles: ['owner'] }] },
      });
    const all = await preview({ amount_min: '400', amount_max: '600' });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ days: 90, count: 2, amount: '1000.00' });
    expect((await preview({ amount_min: '500', amount_max: '600' })).body).toEqual({
      days: 90,
      count: 1,
      amount: '600.00',
    });
    expect(
      (await preview({ amount_min: '400', amount_max: '600', transfer_types: ['UPI'] })).body.count,
    ).toBe(0);
    expect((await preview({ amount_min: '400', amount_max: '600', sources: ['dashboard'] })).body.count).toBe(
      2,
    );
    expect((await preview({ amount_min: '400', amount_max: '600', sources: ['api'] })).body.count).toBe(0);
    // Another client's preview sees none of Globex's payouts.
    const acme = await clientSession(server.current, 'admin@acme.test');
    const other = await acme.call('POST', '/v2/approval_rules/preview', {
      body: {
        name: 'Draft',
        action: 'payout',
        conditions: { amount_min: '400', amount_max: '600' },
        steps: [{ approvals: 1, roles: ['owner'] }],
      },
    });
    expect(other.status).toBe(200);
    const mine = await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(
        and(
          sql`${payouts.clientRef} <> ${clientRef}`,
          sql`${payouts.amount} BETWEEN 40000 AND 60000`,
          sql`${payouts.kind} = 'PAYOUT'`,
          sql`${payouts.createdAt} > now() - interval '90 days'`,
          sql`${payouts.clientRef} = (SELECT id FROM clients WHERE company_common_name = 'Acme Corp')`,
        ),
      );
    expect(other.body.count).toBe(mine[0]!.n);
  });
});

describe('a held payout', () => {
  let held: { urn: string; approval: string };

  it('waits PENDING_APPROVAL: no debit, no balance held, the approvers e-mailed', async () => {
    const before = await balanceOf(maker);
    const small = await initiate(maker, payout('HELD-SMALL', '999.99'));
    expect(small.status).toBe(201);
    expect(small.body.status).toBe('PENDING');
    expect(small.body.approval_urn).toBeUndefined();

    const res = await initiate(maker, payout('HELD-1', '2000'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PENDING_APPROVAL', amount: '2000.00' });
    expect(res.body.approval_urn).toMatch(/^APR/);
    held = { urn: res.body.urn as string, approval: res.body.approval_urn as string };
    expect(await debits(held.urn)).toBe(0);
    expect(await balanceOf(maker)).toBe((Number(before) - 999.99).toFixed(2));
    // A replay of the same key answers the same.
    const replay = await initiate(maker, payout('HELD-1', '2000'));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.approval_urn).toBe(held.approval);
    // The approvers (and the owner, a role of the step) are told; the maker is not.
    expect(server.current.lastEmail(APPROVER).subject).toContain('Approval needed: Payout ₹2,000');
    expect(server.current.lastEmail(APPROVER).text).toContain(held.approval);
    expect(server.current.outbox.email.some((m) => m.to === MAKER)).toBe(false);

    const details = await maker.call('GET', `${P}/read/fetch/approvals/${held.approval}`);
    expect(details.body).toMatchObject({
      status: 'PENDING',
      action: 'payout',
      source: 'dashboard',
      resource_urn: held.urn,
      requested_by: MAKER,
      amount: '2000.00',
      current_step: 0,
      decisions: [],
      can_decide: false,
      livemode: true,
    });
    const payoutNow = await maker.call('GET', `${P}/read/fetch/transaction/payouts/${held.urn}`);
    expect(payoutNow.body.status).toBe('PENDING_APPROVAL');
  });

  it('is not approved by its maker, nor by a role outside the step', async () => {
    const own = await maker.call('POST', `/v2/approvals/${held.approval}/approve`, { body: {} });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('permission_denied');
    // The owner may approve others' payouts, never their own.
    const ownerPayout = await initiate(owner, payout('HELD-OWNER', '1500'));
    expect(ownerPayout.body.status).toBe('PENDING_APPROVAL');
    const self = await owner.call(
      'POST',
      `/v2/approvals/${ownerPayout.body.approval_urn as string}/approve`,
      {
        body: {},
      },
    );
    expect(self.status).toBe(403);
    expect(self.body.error).toBe('approval_own_request');
    expect(self.body.message).toContain('another member');
    const ownerInbox = await owner.call('GET', `${P}/read/fetch/approvals/inbox`);
    const inboxUrns = (ownerInbox.body.data as { urn: string }[]).map((r) => r.urn);
    expect(inboxUrns).toContain(held.approval);
    expect(inboxUrns).not.toContain(ownerPayout.body.approval_urn);
  });

  it('asks the approver to step up, then executes exactly once on approval', async () => {
    const inbox = await approver.call('GET', `${P}/read/fetch/approvals/inbox`);
    const entry = (inbox.body.data as { urn: string; can_decide: boolean }[]).find(
      (r) => r.urn === held.approval,
    );
    expect(entry?.can_decide).toBe(true);
    const noStepUp = await approver.call('POST', `/v2/approvals/${held.approval}/approve`, {
      body: {},
      stepUp: false,
    });
    expect(noStepUp.status).toBe(401);
    expect(noStepUp.body.error).toBe('step_up_required');

    const ok = await approver.call('POST', `/v2/approvals/${held.approval}/approve`, {
      body: { reason: 'Invoice checked' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'APPROVED', can_decide: false, current_step: 1 });
    expect(ok.body.decisions).toMatchObject([
      { step: 0, email: APPROVER, decision: 'APPROVE', reason: 'Invoice checked' },
    ]);
    expect(ok.body.outcome).toContain(held.urn);
    const paid = await maker.call('GET', `${P}/read/fetch/transaction/payouts/${held.urn}`);
    expect(paid.body.status).toBe('PENDING');
    expect(await debits(held.urn)).toBe(1);

    const again = await approver2.call('POST', `/v2/approvals/${held.approval}/approve`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('approval_not_pending');
    expect(await debits(held.urn)).toBe(1);
    const inboxAfter = await approver.call('GET', `${P}/read/fetch/approvals/inbox`);
    expect((inboxAfter.body.data as { urn: string }[]).map((r) => r.urn)).not.toContain(held.approval);
  });

  it('ends REJECTED with who and why when rejected, moving no money', async () => {
    const res = await initiate(maker, payout('REJECT-1', '3000'));
    const urn = res.body.approval_urn as string;
    const noReason = await approver.call('POST', `/v2/approvals/${urn}/reject`, { body: {} });
    expect(noReason.status).toBe(400);
    const rejected = await approver.call('POST', `/v2/approvals/${urn}/reject`, {
      body: { reason: 'Duplicate invoice' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('REJECTED');
    const p = await maker.call('GET', `${P}/read/fetch/transaction/payouts/${res.body.urn as string}`);
    expect(p.body.status).toBe('REJECTED');
    expect(p.body.status_message).toBe(`Rejected by ${APPROVER}: Duplicate invoice`);
    expect(await debits(res.body.urn as string)).toBe(0);
  });

  it('expires unanswered: the sweep marks it EXPIRED and the payout REJECTED', async () => {
    const res = await initiate(maker, payout('EXPIRE-1', '4000'));
    const urn = res.body.approval_urn as string;
    const executors = approvalExecutors({ railTimeScale: server.current.config.RAIL_TIME_SCALE });
    const early = await expireDueRequests(server.current.handle.db, executors, {
      now: new Date(Date.now() + 71 * 3_600_000),
    });
    expect(early.expired).toBe(0);
    const late = await expireDueRequests(server.current.handle.db, executors, {
      now: new Date(Date.now() + 73 * 3_600_000),
    });
    expect(late.expired).toBeGreaterThanOrEqual(1);
    const request = await maker.call('GET', `${P}/read/fetch/approvals/${urn}`);
    expect(request.body).toMatchObject({ status: 'EXPIRED', outcome: 'Approval expired' });
    const p = await maker.call('GET', `${P}/read/fetch/transaction/payouts/${res.body.urn as string}`);
    expect(p.body).toMatchObject({ status: 'REJECTED', status_message: 'Approval expired' });
    const late2 = await approver.call('POST', `/v2/approvals/${urn}/approve`, { body: {} });
    expect(late2.status).toBe(409);
    expect(await debits(res.body.urn as string)).toBe(0);
  });

  it('fails at approval when the balance is short: request FAILED, payout REJECTED, nothing debited', async () => {
    const db = server.current.handle.db;
    const small = await openClientAccount(db, clientRef, 'Small account');
    await topUp(db, { clientRef, accountRef: small.id, amount: 1_500_00n, reference: 'APPR-SMALL' });
    const res = await initiate(maker, payout('SHORT-1', '2500', small.accountNumber));
    expect(res.body.status).toBe('PENDING_APPROVAL');
    const ok = await approver.call('POST', `/v2/approvals/${res.body.approval_urn as string}/approve`, {
      body: {},
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('FAILED');
    expect(ok.body.outcome).toContain('Insufficient balance');
    const p = await maker.call('GET', `${P}/read/fetch/transaction/payouts/${res.body.urn as string}`);
    expect(p.body.status).toBe('REJECTED');
    expect(p.body.status_message).toContain('Insufficient balance');
    expect(await debits(res.body.urn as string)).toBe(0);
    expect(await balanceOf(maker, small.accountNumber)).toBe('1500.00');
  });

  it('approves 100 payouts with one decisions call', async () => {
    const made = [];
    for (let i = 0; i < 100; i++) {
      const res = await initiate(maker, payout(`BATCH-${i}`, '1000'));
      expect(res.body.status).toBe('PENDING_APPROVAL');
      made.push({ urn: res.body.urn as string, approval: res.body.approval_urn as string });
    }
    const tooMany = await approver.call('POST', '/v2/approvals/decisions', {
      body: { urns: Array.from({ length: 201 }, (_, i) => `X${i}`), decision: 'APPROVE' },
    });
    expect(tooMany.status).toBe(400);
    const res = await approver.call('POST', '/v2/approvals/decisions', {
      body: { urns: [...made.map((m) => m.approval), 'APRNOPE'], decision: 'APPROVE' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approved: 100, rejected: 0, failed: 1 });
    const results = res.body.data as { urn: string; ok: boolean; status?: string; error?: string }[];
    expect(results.filter((r) => r.ok && r.status === 'APPROVED')).toHaveLength(100);
    expect(results.at(-1)).toMatchObject({ urn: 'APRNOPE', ok: false, error: 'not_found' });
    const rows = await server.current.handle.db
      .select({ status: payouts.status, n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(and(eq(payouts.clientRef, clientRef), sql`${payouts.customerReferenceNumber} LIKE 'BATCH-%'`))
      .groupBy(payouts.status);
    expect(rows).toEqual([{ status: 'PENDING', n: 100 }]);
    const [entries] = await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.clientRef, clientRef),
          sql`${ledgerEntries.customerReferenceNumber} LIKE 'BATCH-%'`,
        ),
      );
    expect(entries!.n).toBe(100);
  });

  it('gives one decision and one payout when two approvers decide at once', async () => {
    const res = await initiate(maker, payout('RACE-1', '5000'));
    const urn = res.body.approval_urn as string;
    const answers = await Promise.all([
      approver.call('POST', `/v2/approvals/${urn}/approve`, { body: {} }),
      approver2.call('POST', `/v2/approvals/${urn}/approve`, { body: {} }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('approval_not_pending');
    const [decisions] = await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalDecisions)
      .where(eq(approvalDecisions.clientRef, clientRef))
      .innerJoin(
        sql`approval_requests r`,
        sql`r.client_ref = ${approvalDecisions.clientRef} AND r.id = ${approvalDecisions.requestRef} AND r.urn = ${urn}`,
      );
    expect(decisions!.n).toBe(1);
    expect(await debits(res.body.urn as string)).toBe(1);
  });

  it('lists the requests with filters, and another client sees none of them', async () => {
    const list = await maker.call(
      'GET',
      `${P}/read/search/approvals/requests?status=APPROVED&action=payout&limit=100`,
    );
    expect(list.status).toBe(200);
    const rows = list.body.data as { status: string; action: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.every((r) => r.status === 'APPROVED' && r.action === 'payout')).toBe(true);
    const count = await maker.call('GET', `${P}/read/count/approvals/requests?status=REJECTED`);
    expect(count.body.count).toBe(1);
    const bySearch = await maker.call(
      'GET',
      `${P}/read/search/approvals/requests?search_key=requested_by&search_value=${encodeURIComponent(OWNER)}`,
    );
    expect((bySearch.body.data as { requested_by: string }[]).every((r) => r.requested_by === OWNER)).toBe(
      true,
    );
    expect((await maker.call('GET', `${P}/read/search/approvals/requests?status=NOPE`)).status).toBe(400);

    const acme = await clientSession(server.current, 'admin@acme.test');
    const acmeCount = await acme.call('GET', `${P}/read/count/approvals/requests`);
    const [acmeRows] = await server.current.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`approval_requests`)
      .where(sql`client_ref <> ${clientRef} AND created_at >= now() - interval '7 days'`);
    expect(acmeCount.body.count).toBe(acmeRows!.n);
    const first = rows[0] as unknown as { urn: string };
    expect((await acme.call('GET', `${P}/read/fetch/approvals/${first.urn}`)).status).toBe(404);
    const foreign = await acme.call('POST', `/v2/approvals/${first.urn}/approve`, { body: {} });
    expect(foreign.status).toBe(404);
    const inbox = await acme.call('GET', `${P}/read/fetch/approvals/inbox`);
    expect((inbox.body.data as { urn: string }[]).some((r) => r.urn === first.urn)).toBe(false);
  });
});

describe('a held bulk', () => {
  const rows = (tag: string) => ({
    sender_account_number: account,
    rows: [1, 2].map((i) => ({
      customer_reference_number: `${tag}-${i}`,
      beneficiary_code: 'APPR-VENDOR',
      amount: '100',
      transfer_type: 'IMPS',
      purpose_message: 'bulk approval test',
    })),
  });
  const submit = (tag: string) =>
    maker.call('POST', `${P}/bulk/bulk_payout`, {
      headers: { 'idempotency-key': `bulk-${tag}` },
      body: rows(tag),
    });
  const bulkPayouts = async (tag: string) =>
    (
      await server.current.handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(
          and(eq(payouts.clientRef, clientRef), sql`${payouts.customerReferenceNumber} LIKE ${`${tag}-%`}`),
        )
    )[0]!.n;

  beforeAll(async () => {
    await setFeatureFlags(server.current.handle.db, clientRef, {
      frontend_payout: true,
      bulk_frontend_payout: true,
    });
    const rule = await owner.call('POST', '/v2/approval_rules', {
      body: { name: 'Every bulk', action: 'bulk', steps: [{ approvals: 1, roles: ['finance_approver'] }] },
    });
    expect(rule.status).toBe(201);
  });

  it('waits PENDING_APPROVAL unprocessed, is approved whole with one decision, then processed as usual', async () => {
    const res = await submit('BULKOK');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING_APPROVAL',
      pending: 2,
      done: 0,
      total_amount: '200.00',
    });
    const urn = res.body.urn as string;
    // The worker leaves it alone until approved.
    expect(await processBulk(server.current.handle.db, { clientRef, urn }, { railTimeScale: 1 })).toBe(
      'PENDING_APPROVAL',
    );
    expect(await bulkPayouts('BULKOK')).toBe(0);
    const [request] = (
      await maker.call(
        'GET',
        `${P}/read/search/approvals/requests?search_key=resource_urn&search_value=${urn}`,
      )
    ).body.data as { urn: string; action: string; amount: string }[];
    expect(request).toMatchObject({ action: 'bulk', amount: '200.00' });
    const ok = await approver.call('POST', `/v2/approvals/${request!.urn}/approve`, { body: {} });
    expect(ok.body.status).toBe('APPROVED');
    expect((await maker.call('GET', `${P}/read/fetch/bulk/${urn}`)).body.status).toBe('QUEUED');
    await processBulk(server.current.handle.db, { clientRef, urn }, { railTimeScale: 1 });
    expect(await bulkPayouts('BULKOK')).toBe(2);
  });

  it('ends REJECTED with every row rejected when rejected', async () => {
    const res = await submit('BULKNO');
    const urn = res.body.urn as string;
    const [request] = (
      await maker.call(
        'GET',
        `${P}/read/search/approvals/requests?search_key=resource_urn&search_value=${urn}`,
      )
    ).body.data as { urn: string }[];
    const no = await approver.call('POST', `/v2/approvals/${request!.urn}/reject`, {
      body: { reason: 'Wrong file' },
    });
    expect(no.body.status).toBe('REJECTED');
    const bulk = await maker.call('GET', `${P}/read/fetch/bulk/${urn}`);
    expect(bulk.body).toMatchObject({ status: 'REJECTED', failed: 2, pending: 0, done: 0 });
    const lines = await maker.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${urn}`);
    expect(
      (lines.body.data as { status: string; failure_reason: string }[]).map((l) => [
        l.status,
        l.failure_reason,
      ]),
    ).toEqual([
      ['REJECTED', `Rejected by ${APPROVER}: Wrong file`],
      ['REJECTED', `Rejected by ${APPROVER}: Wrong file`],
    ]);
    expect(await processBulk(server.current.handle.db, { clientRef, urn }, { railTimeScale: 1 })).toBe(
      'REJECTED',
    );
    expect(await bulkPayouts('BULKNO')).toBe(0);
  });
});
