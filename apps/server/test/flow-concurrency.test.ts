import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, payouts } from '../src/db/schema.ts';
import { openClientAccount, topUp } from '../src/ledger/ledger.ts';
import { clientSession, useServer } from './helpers.ts';

/** Races only mean something on PostgreSQL (PGlite has one connection); the same tests run on both. */
const server = useServer();

describe('payouts under concurrency', () => {
  it('lets 100 parallel ₹1,000 payouts spend a ₹50,000 balance exactly once', async () => {
    const s = await clientSession(server.current, 'admin@globex.test');
    const db = server.current.handle.db;
    const [client] = await db.select().from(clients).where(eq(clients.clientId, s.client_id));
    const account = await openClientAccount(db, client!.id, 'Race account');
    await topUp(db, {
      clientRef: client!.id,
      accountRef: account.id,
      amount: 50_000_00n,
      reference: 'RACE-FUNDING',
    });
    const ben = await s.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'RACE',
        beneficiary_name: 'Race Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account.accountNumber,
        beneficiary_account_number: '50100012340000',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(ben.status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        s.call('POST', '/core_banking/money_transfer/initiate', {
          headers: { 'idempotency-key': `race-${i}` },
          body: {
            customer_reference_number: `RACE-${i}`,
            beneficiary_code: 'RACE',
            amount: '1000',
            transfer_type: 'IMPS',
            purpose_message: 'race',
            sender_account_number: account.accountNumber,
          },
        }),
      ),
    );
    const byStatus = answers.reduce<Record<number, number>>(
      (m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m),
      {},
    );
    expect(byStatus).toEqual({ 201: 50, 422: 50 });
    expect(new Set(answers.filter((a) => a.status === 422).map((a) => a.body.error))).toEqual(
      new Set(['insufficient_balance']),
    );
    const balances = await s.call('GET', '/meridian/read/fetch/balance');
    const race = (balances.body.data as { account_number: string; balance: string }[]).find(
      (a) => a.account_number === account.accountNumber,
    );
    expect(race!.balance).toBe('0.00');
    // the per-client sequence has no gaps: count = last − first + 1 holds
    const [seq] = await db
      .select({ n: sql<number>`count(*)::int`, span: sql<number>`(max(seq) - min(seq) + 1)::int` })
      .from(payouts)
      .where(eq(payouts.clientRef, client!.id));
    expect(seq!.n).toBe(seq!.span);
  });

  it('makes one payout from 20 parallel requests with one Idempotency-Key', async () => {
    const s = await clientSession(server.current, 'admin@globex.test');
    const [account] = (await s.call('GET', '/meridian/read/fetch/balance')).body.data as {
      account_number: string;
    }[];
    await s.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'ONCE',
        beneficiary_name: 'Once Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account!.account_number,
        beneficiary_account_number: '50100012349999',
        ifsc_code: 'HDFC0000001',
      },
    });
    const body = {
      customer_reference_number: 'ONCE-1',
      beneficiary_code: 'ONCE',
      amount: '10.00',
      transfer_type: 'IMPS',
      purpose_message: 'once',
      sender_account_number: account!.account_number,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call('POST', '/core_banking/money_transfer/initiate', {
          headers: { 'idempotency-key': 'one-key' },
          body,
        }),
      ),
    );
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const urns = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.urn));
    expect(urns.size).toBe(1);
    const [client] = await server.current.handle.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, s.client_id));
    const rows = await server.current.handle.db
      .select()
      .from(payouts)
      .where(sql`${payouts.clientRef} = ${client!.id} AND ${payouts.customerReferenceNumber} = 'ONCE-1'`);
    expect(rows).toHaveLength(1);
  });
});
