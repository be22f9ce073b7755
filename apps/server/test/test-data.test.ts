import { and, eq, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionDeniedMessage } from '@meridian/contract/permissions';
import { queryRows } from '../src/db/database.ts';
import * as schema from '../src/db/schema.ts';
import { accountNumbers, accounts, auditLog, clients, creditAccounts, users } from '../src/db/schema.ts';
import { TEST_MODE_CREDITS } from '../src/db/tenants.ts';
import {
  COMPANY_TABLES,
  LEDGER_ACCOUNT_TABLES,
  TEST_CONFIG_TABLES,
  TEST_DATA_TABLES,
} from '../src/modes/test-data.ts';
import { flush } from '../src/request-log/recorder.ts';
import { newId } from '../src/lib/ids.ts';
import { call, clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * "Delete all test data" (`DELETE /v2/company/test_data`): on the full demo, Acme's test mode (the seed's data and
 * more made here through the API in test mode) is emptied, its configuration kept and its balances reset, while
 * every row of Acme's live mode (and of every other tenant) stays as it was. Every table with a `client_ref` is
 * named in modes/test-data.ts: deleted, kept, the ledger's accounts, or the company's.
 */
const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
const TEST = { 'meridian-mode': 'test' };

const db = () => server.current.handle.db;
const nameOf = (t: PgTable) => getTableConfig(t).name;
const names = (tables: readonly PgTable[]) => tables.map(nameOf);

/** Every table of the schema with a `client_ref` column. */
const TENANT_TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => v instanceof PgTable)
  .filter((t) => getTableConfig(t).columns.some((c) => c.name === 'client_ref'))
  .map(nameOf)
  .sort();

/** The rows of each tenant table for one tenant. */
async function countsOf(ref: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TENANT_TABLES) {
    const [row] = await queryRows<{ n: number | string }>(
      db(),
      sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE client_ref = ${ref}`,
    );
    out[table] = Number(row!.n);
  }
  return out;
}

/** The rows of a log table up to its newest id now (the logs only grow: an entry after now is new). */
async function logRows(table: 'audit_log' | 'request_log', ref: number) {
  const [row] = await queryRows<{ n: number | string; top: number | string | null }>(
    db(),
    sql`SELECT count(*) AS n, max(id) AS top FROM ${sql.identifier(table)} WHERE client_ref = ${ref}`,
  );
  return { n: Number(row!.n), top: Number(row!.top ?? 0) };
}
const logRowsUpTo = async (table: 'audit_log' | 'request_log', ref: number, top: number) =>
  Number(
    (
      await queryRows<{ n: number | string }>(
        db(),
        sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE client_ref = ${ref} AND id <= ${top}`,
      )
    )[0]!.n,
  );

describe('the tables', () => {
  it('names every table with a client_ref exactly once: deleted, kept, the ledger accounts or the company’s', () => {
    const listed = [
      ...names(TEST_DATA_TABLES),
      ...names(TEST_CONFIG_TABLES),
      ...names(LEDGER_ACCOUNT_TABLES),
      ...names(COMPANY_TABLES),
    ];
    expect(TENANT_TABLES.length).toBeGreaterThan(40);
    expect(listed.filter((t, i) => listed.indexOf(t) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual(TENANT_TABLES);
  });

  it('deletes children before their parents (a table after every table referencing it)', () => {
    const order = names(TEST_DATA_TABLES);
    const wrong: string[] = [];
    for (const table of TEST_DATA_TABLES)
      for (const fk of getTableConfig(table).foreignKeys) {
        const parent = nameOf(fk.reference().foreignTable);
        if (order.includes(parent) && order.indexOf(parent) < order.indexOf(nameOf(table)))
          wrong.push(`${nameOf(table)} → ${parent}`);
      }
    expect(wrong).toEqual([]);
  });
});

describe('DELETE /v2/company/test_data', () => {
  let acme: ClientSession;
  let acmeRef: number;
  let testRef: number;
  let testAccount: string;
  let testKey: string;
  const others: Record<number, Record<string, number>> = {};

  beforeAll(async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    [{ id: acmeRef }] = await db()
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.clientId, acme.client_id))
      .then((rows) => rows as [{ id: number }]);
    [{ id: testRef }] = await db()
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyRef, acmeRef))
      .then((rows) => rows as [{ id: number }]);
    const balance = await acme.call('GET', `${P}/read/fetch/balance`, { headers: TEST });
    testAccount = (balance.body.data as { account_number: string }[])[0]!.account_number;
  });

  it('is made in test mode through the API: a beneficiary, a payout, a validation, a virtual account and its credit, a key', async () => {
    const ben = await acme.call('POST', '/v2/banking/beneficiary', {
      headers: TEST,
      body: {
        beneficiary_code: 'WIPE-VENDOR',
        beneficiary_name: 'Wipe Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: testAccount,
        beneficiary_account_number: '50100012340099',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(ben.status, JSON.stringify(ben.body)).toBe(201);
    const payout = await acme.call('POST', '/core_banking/money_transfer/initiate', {
      headers: { ...TEST, 'idempotency-key': 'wipe-payout-1' },
      body: {
        customer_reference_number: 'WIPE-0001',
        beneficiary_code: 'WIPE-VENDOR',
        amount: '100.00',
        transfer_type: 'IMPS',
        purpose_message: 'Wipe test',
        sender_account_number: testAccount,
      },
    });
    expect([payout.status, payout.body.livemode]).toEqual([201, false]);
    const validation = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      headers: TEST,
      body: {
        beneficiary_account_number: '50100099887766',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'K M',
      },
    });
    expect(validation.status).toBe(201);
    const va = await acme.call('POST', '/v2/banking/account/virtual', {
      headers: TEST,
      body: { name: 'Wipe Payer', customer_id: 'WIPE-CUST' },
    });
    expect(va.status).toBe(201);
    const credit = await acme.call('POST', `${P}/sandbox/simulate/credit`, {
      headers: TEST,
      body: {
        virtual_account_number: va.body.account_number,
        amount: '500',
        mode: 'NEFT',
        remitter_name: 'Kavya Menon',
        remitter_account_number: '60200000000005',
        remitter_ifsc: 'KKBK0000131',
      },
    });
    expect(credit.status).toBe(201);
    const key = await acme.call('POST', '/v2/company/api_keys', {
      headers: TEST,
      body: { name: 'Wipe key', role: 'viewer' },
    });
    expect(key.status).toBe(201);
    const k = key.body as { key_id: string; key_secret: string };
    expect(k.key_secret).toMatch(/^mk_test_/);
    testKey = `Basic ${Buffer.from(`${k.key_id}:${k.key_secret}`).toString('base64')}`;
  });

  it('is refused without test_data.delete, to an API key, and without a step-up', async () => {
    const [admin] = await db()
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'admin@acme.test'));
    const email = `wipe-maker-${Math.random().toString(36).slice(2, 8)}@acme.test`;
    await db()
      .insert(users)
      .values({
        publicId: newId('USR'),
        clientRef: acmeRef,
        email,
        name: 'Wipe Maker',
        passwordHash: admin!.passwordHash,
        role: 'finance_maker',
      });
    const maker = await clientSession(server.current, email);
    const refused = await maker.call('DELETE', '/v2/company/test_data', { headers: TEST });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      permissionDeniedMessage('test_data.delete'),
    ]);
    const byKey = await call(server.current, 'DELETE', '/v2/company/test_data', {
      headers: { authorization: testKey },
    });
    expect(byKey.status).toBe(403);
    const noStepUp = await acme.call('DELETE', '/v2/company/test_data', { stepUp: false });
    expect([noStepUp.status, noStepUp.body.error]).toEqual([401, 'step_up_required']);
    const payouts = await acme.call('GET', `${P}/read/search/transaction/payouts`, { headers: TEST });
    expect((payouts.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('deletes every test record, keeps the test configuration, and leaves every live row as it was', async () => {
    const tenants = await db().select({ id: clients.id }).from(clients);
    await flush();
    for (const { id } of tenants) if (id !== testRef) others[id] = await countsOf(id);
    const audit = await logRows('audit_log', acmeRef);
    const requests = await logRows('request_log', acmeRef);
    const before = await countsOf(testRef);
    expect(before).toMatchObject({ payouts: 4, validations: 1, virtual_accounts: 1 });

    const res = await acme.call('DELETE', '/v2/company/test_data');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deleted = res.body.deleted as Record<string, number>;
    expect(deleted).toMatchObject({
      payouts: 4,
      beneficiaries: before.beneficiaries,
      validations: 1,
      virtual_accounts: 1,
      virtual_account_credits: 1,
      accounts: 1, // the virtual account's ledger account; the current account stays
      account_numbers: 1,
      ledger_entries: before.ledger_entries,
    });
    expect(res.body.total).toBe(Object.values(deleted).reduce((a, b) => a + b, 0));
    expect(Object.values(deleted).every((n) => n > 0)).toBe(true);

    await flush();
    const after = await countsOf(testRef);
    for (const table of names(TEST_DATA_TABLES)) expect(after[table], table).toBe(0);
    for (const table of names(TEST_CONFIG_TABLES)) expect(after[table], table).toBe(before[table]);
    expect(after.accounts).toBe(before.accounts! - 1);

    // Live Acme and every other tenant: the same rows (the company's logs only grew, by this deletion's entries).
    const liveAfter = await countsOf(acmeRef);
    const { audit_log: auditNow, request_log: requestsNow, ...liveRest } = liveAfter;
    const { audit_log: _a, request_log: _r, ...liveBefore } = others[acmeRef]!;
    expect(liveRest).toEqual(liveBefore);
    expect(auditNow).toBeGreaterThan(audit.n);
    expect(requestsNow).toBeGreaterThanOrEqual(requests.n);
    expect(await logRowsUpTo('audit_log', acmeRef, audit.top)).toBe(audit.n);
    expect(await logRowsUpTo('request_log', acmeRef, requests.top)).toBe(requests.n);
    for (const { id } of tenants)
      if (id !== testRef && id !== acmeRef) expect(await countsOf(id), `tenant ${id}`).toEqual(others[id]);
  });

  it('leaves the current account at ₹0, the credits at the test allowance, and test mode working', async () => {
    const current = await db()
      .select({ number: accounts.accountNumber, balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.clientRef, testRef));
    expect(current).toEqual([{ number: testAccount, balance: 0n }]);
    const numbers = await db()
      .select({ number: accountNumbers.accountNumber })
      .from(accountNumbers)
      .where(eq(accountNumbers.clientRef, testRef));
    expect(numbers).toEqual([{ number: testAccount }]);
    const [credits] = await db()
      .select({ balance: creditAccounts.balance })
      .from(creditAccounts)
      .where(eq(creditAccounts.clientRef, testRef));
    expect(credits!.balance).toBe(TEST_MODE_CREDITS);

    const balance = await acme.call('GET', `${P}/read/fetch/balance`, { headers: TEST });
    expect(balance.body.data).toMatchObject([{ account_number: testAccount, balance: '0.00' }]);
    const payouts = await acme.call('GET', `${P}/read/search/transaction/payouts`, { headers: TEST });
    expect(payouts.body.data).toEqual([]);
    const live = await acme.call('GET', `${P}/read/search/transaction/payouts`);
    expect((live.body.data as unknown[]).length).toBeGreaterThan(0);
    // The kept test key still works; a beneficiary code used before is free again.
    const byKey = await call(server.current, 'GET', `${P}/read/fetch/balance`, {
      headers: { authorization: testKey },
    });
    expect(byKey.status).toBe(200);
    const again = await acme.call('POST', '/v2/banking/beneficiary', {
      headers: TEST,
      body: {
        beneficiary_code: 'WIPE-VENDOR',
        beneficiary_name: 'Wipe Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: testAccount,
        beneficiary_account_number: '50100012340099',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(again.status).toBe(201);
  });

  it('is audited in the company log, in test mode, with the counts', async () => {
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, acmeRef), eq(auditLog.action, 'company.test_data_deleted')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'admin@acme.test',
      target: acme.client_id,
      livemode: false,
      metadata: { deleted: { payouts: 4, validations: 1 } },
    });
  });
});
