import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvalRequests, approvalRules, clients, invitations, ledgerEntries } from '../src/db/schema.ts';
import { seedDemoApprovals } from '../src/seed/demo-approvals.ts';
import { clientSession, useServer } from './helpers.ts';

/** The demo's finance team with four eyes, as `npm start` seeds it (the full demo with its approvals). */
const server = useServer({ SEED_DEMO_FLOW: 'true', SEED_DEMO_APPROVALS: 'true' });
const P = '/meridian';

type Waiting = { urn: string; action: string; amount: string | null; requested_by: string; summary: string };

describe('the demo seed: Acme’s approval rules and what they hold', () => {
  it('has the two default rules, each decided by one Finance approver', async () => {
    const owner = await clientSession(server.current, 'admin@acme.test');
    const rules = (await owner.call('GET', `${P}/read/fetch/approvals/rules`)).body.data as {
      name: string;
      action: string;
      conditions: { amount_min?: string };
      steps: { approvals: number; roles: string[] }[];
    }[];
    expect(rules.map((r) => [r.action, r.name]).sort()).toEqual([
      ['bulk', 'Every bulk needs one Finance approver'],
      ['payout', 'Payouts of ₹1,00,000 or more need one Finance approver'],
    ]);
    expect(rules.find((r) => r.action === 'payout')!.conditions.amount_min).toBe('100000.00');
    for (const r of rules) expect(r.steps).toEqual([{ approvals: 1, roles: ['finance_approver'] }]);
  });

  it('puts the maker’s two large payouts and a bulk in the approver’s inbox, with no money moved', async () => {
    const approver = await clientSession(server.current, 'approver@acme.test');
    const inbox = (await approver.call('GET', `${P}/read/fetch/approvals/inbox`)).body.data as Waiting[];
    expect(inbox.map((r) => [r.action, r.amount]).sort()).toEqual([
      ['bulk', '77800.00'],
      ['payout', '150000.00'],
      ['payout', '420000.00'],
    ]);
    expect(inbox.every((r) => r.requested_by === 'maker@acme.test')).toBe(true);
    // The maker cannot decide them: nothing waits for the maker.
    const maker = await clientSession(server.current, 'maker@acme.test');
    expect((await maker.call('GET', `${P}/read/fetch/approvals/inbox`)).status).toBe(403);

    const payouts = await approver.call(
      'GET',
      `${P}/read/search/transaction/payouts?status=PENDING_APPROVAL&limit=100`,
    );
    expect(
      (payouts.body.data as { customer_reference_number: string }[])
        .map((p) => p.customer_reference_number)
        .sort(),
    ).toEqual(['APPROVAL-DEMO-1', 'APPROVAL-DEMO-2']);
    const db = server.current.handle.db;
    for (const p of payouts.body.data as { urn: string }[]) {
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.referenceUrn, p.urn))) as [{ n: number }];
      expect(n, `${p.urn} is not debited while it waits`).toBe(0);
    }
  });

  it('has one pending invitation on the team screen', async () => {
    const owner = await clientSession(server.current, 'admin@acme.test');
    const team = (await owner.call('GET', `${P}/read/fetch/team/members`)).body as {
      invitations: { email: string; role: string; expired: boolean }[];
    };
    expect(team.invitations).toEqual([
      expect.objectContaining({ email: 'new.teammate@acme.test', role: 'finance_maker', expired: false }),
    ]);
  });

  it('is idempotent: seeding again adds no rule, request or invitation', async () => {
    const db = server.current.handle.db;
    const [acme] = await db.select().from(clients).where(eq(clients.companyCommonName, 'Acme Retail'));
    const counts = async () =>
      Promise.all(
        [approvalRules, approvalRequests, invitations].map(
          async (t) =>
            (
              await db
                .select({ n: sql<number>`count(*)::int` })
                .from(t)
                .where(and(eq(t.clientRef, acme!.id)))
            )[0]!.n,
        ),
      );
    const before = await counts();
    await seedDemoApprovals(db, [{ id: acme!.id, name: 'Acme Retail' }], { railTimeScale: 1, full: true });
    expect(await counts()).toEqual(before);
  });
});
