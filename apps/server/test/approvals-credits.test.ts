import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { auditLog, clients, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { DEMO_PASSWORD, clientSession, useServer, type ClientSession } from './helpers.ts';

/*
 * Four eyes on Meridian's side: under a rule of action credit_load in Meridian's own client, a load in the rule's
 * band (counted in credits) waits 202 PENDING_APPROVAL and loads nothing; the operations member who asked cannot
 * approve it; a second operations member's approval loads it once, on behalf of the first. Below the band and
 * unloads go ahead.
 */
const server = useServer();
const OPS = '/meridian/operations';
const SECOND = 'ops.checker@meridian.test';

type CreditRow = { kind: string; credits: number; balance_after: number; actor: string; reason: string };

let ops: ClientSession;
let checker: ClientSession;
let acmeId = '';
const history = async () =>
  (await ops.call('GET', `${OPS}/credits/${acmeId}?limit=100`)).body.data as CreditRow[];
const load = (credits: number, key: string) =>
  ops.call('POST', `${OPS}/credits/load`, {
    headers: { 'idempotency-key': key },
    body: { client_id: acmeId, credits, reason: `Prepaid top-up ${key}` },
  });

describe('credit loads under an approval rule of Meridian operations', () => {
  it('a load in the band waits; the one who asked cannot approve it; a second member’s approval loads it once', async () => {
    const db = server.current.handle.db;
    const [meridian] = await db
      .select()
      .from(clients)
      .where(eq(clients.companyCommonName, 'Meridian Operations'));
    const [acme] = await db.select().from(clients).where(eq(clients.companyCommonName, 'Acme Retail'));
    acmeId = acme!.clientId;
    await db.insert(users).values({
      publicId: newId('USR'),
      clientRef: meridian!.id,
      email: SECOND,
      name: 'Ops Checker',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: 'meridian_ops',
    });
    ops = await clientSession(server.current, 'ops@meridian.test');
    checker = await clientSession(server.current, SECOND);

    const rule = await ops.call('POST', '/v2/approval_rules', {
      body: {
        name: 'Loads of 1,000 credits or more',
        action: 'credit_load',
        conditions: { amount_min: '1000' },
        steps: [{ approvals: 1, roles: ['meridian_ops'] }],
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);

    // Below the band: loaded at once.
    const small = await load(500, 'small-1');
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const before = (await history())[0]!.balance_after;

    const held = await load(5000, 'big-1');
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body).toMatchObject({ status: 'PENDING_APPROVAL' });
    const urn = held.body.approval_urn as string;
    expect((await history())[0]!.balance_after).toBe(before);
    // A retry with the same key is the same request, not a second one.
    const again = await load(5000, 'big-1');
    expect(again.status).toBe(202);
    expect(again.body.approval_urn).toBe(urn);

    const seen = await checker.call('GET', `/meridian/read/fetch/approvals/${urn}`);
    expect(seen.body).toMatchObject({
      action: 'credit_load',
      status: 'PENDING',
      amount: '5000.00',
      requested_by: 'ops@meridian.test',
      resource_urn: acmeId,
      can_decide: true,
    });
    expect(seen.body.summary).toContain('Load 5,000 credits onto Acme Retail');

    const own = await ops.call('POST', `/v2/approvals/${urn}/approve`, { body: {} });
    expect(own.status).toBe(403);
    expect((await history())[0]!.balance_after).toBe(before);

    const approved = await checker.call('POST', `/v2/approvals/${urn}/approve`, { body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    const rows = await history();
    expect(rows[0]).toMatchObject({
      kind: 'LOAD',
      credits: 5000,
      balance_after: before + 5000,
      actor: SECOND,
    });
    expect(rows.filter((r) => r.reason === 'Prepaid top-up big-1')).toHaveLength(1);
    // In Acme's audit log: loaded by the checker, on behalf of the member who asked.
    const [record] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, acme!.id), eq(auditLog.action, 'credits.loaded')))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(record).toMatchObject({ actor: SECOND });
    expect(JSON.stringify(record!.metadata)).toContain('ops@meridian.test');
    // Approving again changes nothing.
    expect((await checker.call('POST', `/v2/approvals/${urn}/approve`, { body: {} })).status).toBe(409);
    expect((await history()).filter((r) => r.reason === 'Prepaid top-up big-1')).toHaveLength(1);
  });

  it('an unload never waits', async () => {
    const res = await ops.call('POST', `${OPS}/credits/unload`, {
      headers: { 'idempotency-key': 'unload-1' },
      body: { client_id: acmeId, credits: 5000, reason: 'Refund of a top-up' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
