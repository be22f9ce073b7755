import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { clients } from '../src/db/schema.ts';
import { PAYOUT_TRANSITIONS } from '../src/composition.ts';
import { DEMO_TEST_KEY, seedDemoTestMode } from '../src/seed/demo-test-mode.ts';
import { call, clientSession, useServer } from './helpers.ts';

/**
 * The full demo seeds both modes: Acme's and Globex's live modes (open) with the live data, Acme's test mode with
 * its own payouts and "Demo test key", and Initech signed up with live mode closed and a little test data.
 */
const server = useServer({ SEED_DEMO_FLOW: 'true', SEED_DEMO_APPROVALS: 'false' });
const PAYOUTS = '/meridian/read/search/transaction/payouts?limit=100';
const TEST = { 'meridian-mode': 'test' };

type Payout = { customer_reference_number: string; status: string };
const refsOf = (body: Record<string, unknown>) =>
  (body.data as Payout[]).map((p) => p.customer_reference_number).sort();
const basic = (keyId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`,
});

describe('the demo in both modes', () => {
  it("gives Acme's test mode its payouts, and its live mode none of them", async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    const test = await acme.call('GET', PAYOUTS, { headers: TEST });
    expect(test.status).toBe(200);
    expect(refsOf(test.body)).toEqual(['TEST-0001', 'TEST-0002', 'TEST-0003']);
    const status = Object.fromEntries(
      (test.body.data as Payout[]).map((p) => [p.customer_reference_number, p.status]),
    );
    expect(status['TEST-0001']).toBe('SUCCESS');
    expect(status['TEST-0002']).toBe('FAILURE');
    expect(status['TEST-0003']).not.toMatch(/^(SUCCESS|FAILURE)$/); // still on the rail (the slow account)

    const live = await acme.call('GET', PAYOUTS);
    expect(live.status).toBe(200);
    expect((live.body.data as Payout[]).length).toBeGreaterThan(0);
    expect(refsOf(live.body).filter((ref) => ref.startsWith('TEST-'))).toEqual([]);
  });

  it('authenticates "Demo test key" as Acme\'s test mode', async () => {
    const key = basic(DEMO_TEST_KEY.keyId, DEMO_TEST_KEY.secret);
    expect(DEMO_TEST_KEY.secret.startsWith('mk_test_')).toBe(true);
    const listed = await call(server.current, 'GET', PAYOUTS, { headers: key });
    expect(listed.status).toBe(200);
    expect(refsOf(listed.body)).toEqual(['TEST-0001', 'TEST-0002', 'TEST-0003']);
    const asLive = await call(server.current, 'GET', PAYOUTS, {
      headers: { ...key, 'meridian-mode': 'live' },
    });
    expect(asLive).toMatchObject({ status: 400, body: { error: 'mode_mismatch' } });

    const acme = await clientSession(server.current, 'admin@acme.test');
    const keys = await acme.call('GET', '/meridian/read/fetch/api_keys', { headers: TEST });
    expect(keys.status).toBe(200);
    expect(keys.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key_id: DEMO_TEST_KEY.keyId, name: 'Demo test key' }),
      ]),
    );
  });

  it('shows Initech with live mode closed, and a little test data', async () => {
    const ops = await clientSession(server.current, 'ops@meridian.test');
    const companies = await ops.call('GET', '/meridian/operations/companies?limit=100');
    expect(companies.status).toBe(200);
    const open = Object.fromEntries(
      (companies.body.data as { company_name: string; live_mode_enabled: boolean }[]).map((c) => [
        c.company_name,
        c.live_mode_enabled,
      ]),
    );
    expect(open).toMatchObject({ 'Acme Retail': true, 'Globex Labs': true, Initech: false });

    const initech = await clientSession(server.current, 'admin@initech.test');
    expect(refsOf((await initech.call('GET', PAYOUTS, { headers: TEST })).body)).toEqual(['TEST-0001']);
    expect((await initech.call('GET', PAYOUTS)).body.data).toEqual([]);
  });

  it('adds nothing when the test modes are seeded again', async () => {
    const db = server.current.handle.db;
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM payouts WHERE client_ref IN (SELECT id FROM clients WHERE NOT livemode)`,
        )
      )[0]!.n;
    const before = await count();
    expect(before).toBe(4);
    const tests = await db
      .select({ testRef: clients.id, name: clients.companyCommonName })
      .from(clients)
      .where(and(isNotNull(clients.companyRef), eq(clients.livemode, false)));
    await seedDemoTestMode(
      db,
      tests.map((t) => ({ testRef: t.testRef, name: t.name.replace(' (test mode)', '') })),
      { railTimeScale: 1, payoutTransitions: PAYOUT_TRANSITIONS },
    );
    expect(await count()).toBe(before);
  });
});
