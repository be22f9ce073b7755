import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows, type Db } from '../src/db/database.ts';
import { clientSession, signIn, useServer, type ClientSession } from './helpers.ts';
import { loadFixture, migrationsUpTo } from './migrations.ts';

/**
 * Migration 0003 (Citus-ready keys) on a database that has data: the demo data of an earlier version
 * (fixtures/demo-data-0001.sql) is loaded at migration 0001, the figures that must survive are read, the rest of
 * the migrations run (0002 search indexes, 0003), and then the server starts on that database and keeps working.
 */
const BEFORE_CITUS = 2; // migrations 0000 and 0001

const rows = <T>(db: Db, query: ReturnType<typeof sql>) => queryRows<T>(db, query);
const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await rows<T>(db, query))[0]!;

const COPIED = [
  'clients',
  'users',
  'auth_sessions',
  'refresh_tokens',
  'mfa_attempts',
  'password_resets',
  'rate_limits',
  'outbox',
  'access_requests',
  'beneficiaries',
  'payouts',
  'payout_events',
  'validations',
  'ledger_entries',
  'ledger_postings',
  'client_sequences',
  'client_features',
  'idempotency_keys',
  'callback_configs',
  'callback_deliveries',
  'callback_attempts',
];

async function counts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`)).n;
  return out;
}

type Before = {
  counts: Record<string, number>;
  systemAccounts: { id: number; code: string; legs: number; sum: string }[];
  clientAccounts: { id: number; client_ref: number; account_number: string; balance: string }[];
  audit: { withClient: number; withoutClient: number };
};
let before: Before;

const server = useServer(
  // The fixture's rows only: demo users added to the seed since the fixture was made would change the counts.
  { SEED_DEMO: 'false' },
  {
    migrationsFolder: migrationsUpTo(BEFORE_CITUS),
    async prepare(handle) {
      await loadFixture(handle);
      const db = handle.db;
      before = {
        counts: await counts(db, COPIED),
        systemAccounts: await rows(
          db,
          sql`SELECT a.id::int AS id, a.system_code AS code, count(p.id)::int AS legs,
                     coalesce(sum(p.amount), 0)::text AS sum
              FROM accounts a LEFT JOIN ledger_postings p ON p.account_ref = a.id
              WHERE a.kind = 'system' GROUP BY a.id ORDER BY a.id`,
        ),
        clientAccounts: await rows(
          db,
          sql`SELECT id::int AS id, client_ref::int AS client_ref, account_number, balance::text AS balance
              FROM accounts WHERE kind = 'client_current' ORDER BY id`,
        ),
        audit: await one(
          db,
          sql`SELECT count(client_ref)::int AS "withClient", count(*) FILTER (WHERE client_ref IS NULL)::int AS "withoutClient"
              FROM audit_log`,
        ),
      };
      await migrateDatabase(handle);
    },
  },
);

describe('migrating a database with data to the Citus-ready keys (0003)', () => {
  let db: Db;
  beforeAll(() => {
    db = server.current.handle.db;
  });

  it('started from a database with the demo data of the version before', () => {
    expect(before.counts.payouts).toBeGreaterThan(20);
    expect(before.counts.ledger_postings).toBeGreaterThan(50);
    expect(before.counts.callback_attempts).toBeGreaterThan(0);
    expect(before.systemAccounts.map((a) => a.code)).toEqual([
      'RAIL_CLEARING',
      'FEE_INCOME',
      'CLIENT_FUNDING',
    ]);
    expect(before.systemAccounts.every((a) => a.legs > 0)).toBe(true);
    expect(before.audit.withoutClient).toBeGreaterThan(0);
  });

  it('keeps every row of the tables it re-keys', async () => {
    const after = await counts(db, COPIED);
    // Migration 0023 adds a test-mode tenant under each customer company (modes-migration.test.ts).
    const { testModes } = await one<{ testModes: number }>(
      db,
      sql`SELECT count(*)::int AS "testModes" FROM clients WHERE company_ref IS NOT NULL`,
    );
    expect({ ...after, clients: after.clients! - testModes }).toEqual(before.counts);
  });

  it('moves the system accounts out of the client accounts, with their ids and their legs', async () => {
    const system = await rows<{ id: number; code: string; legs: number; sum: string }>(
      db,
      sql`SELECT s.id::int AS id, s.code, count(p.id)::int AS legs, coalesce(sum(p.amount), 0)::text AS sum
          FROM system_accounts s LEFT JOIN ledger_postings p ON p.system_account = s.code
          GROUP BY s.id ORDER BY s.id`,
    );
    // Later migrations add system accounts of their own (0008: collections clearing), with no legs yet.
    expect(system.slice(0, before.systemAccounts.length)).toEqual(before.systemAccounts);
    expect(system.slice(before.systemAccounts.length).every((a) => a.legs === 0)).toBe(true);
    const accounts = await rows<Before['clientAccounts'][number]>(
      db,
      sql`SELECT id::int AS id, client_ref::int AS client_ref, account_number, balance::text AS balance
          FROM accounts ORDER BY id`,
    );
    expect(accounts).toEqual(before.clientAccounts);
    const registry = await rows<{ account_number: string; client_ref: number }>(
      db,
      sql`SELECT account_number, client_ref::int AS client_ref FROM account_numbers ORDER BY account_number`,
    );
    expect(registry).toEqual(
      before.clientAccounts
        .map((a) => ({ account_number: a.account_number, client_ref: a.client_ref }))
        .sort((a, b) => a.account_number.localeCompare(b.account_number)),
    );
  });

  it('gives every leg the client of its entry and keeps the ledger balanced', async () => {
    const ledger = await one<{ strays: number; unbalanced: number; drift: number }>(
      db,
      sql`SELECT
            (SELECT count(*)::int FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_ref
              WHERE e.client_ref <> p.client_ref) AS strays,
            (SELECT count(*)::int FROM (SELECT 1 FROM ledger_postings GROUP BY client_ref, entry_ref
              HAVING sum(amount) <> 0 OR count(account_ref) <> 1 OR count(system_account) <> 1) x) AS unbalanced,
            (SELECT count(*)::int FROM accounts a WHERE a.balance <> (SELECT coalesce(sum(p.amount), 0)
              FROM ledger_postings p WHERE p.client_ref = a.client_ref AND p.account_ref = a.id)) AS drift`,
    );
    expect(ledger).toEqual({ strays: 0, unbalanced: 0, drift: 0 });
  });

  it('gives payout events and callback attempts the client of their parent', async () => {
    const strays = await one<{ events: number; attempts: number }>(
      db,
      sql`SELECT
            (SELECT count(*)::int FROM payout_events e JOIN payouts p ON p.id = e.payout_ref
              WHERE p.client_ref <> e.client_ref) AS events,
            (SELECT count(*)::int FROM callback_attempts a JOIN callback_deliveries d ON d.id = a.delivery_ref
              WHERE d.client_ref <> a.client_ref) AS attempts`,
    );
    expect(strays).toEqual({ events: 0, attempts: 0 });
  });

  it('moves the audit records that have no client to the platform log', async () => {
    const audit = await one<{ clients: number; platform: number; unknown: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM audit_log) AS clients,
                 (SELECT count(*)::int FROM platform_audit_log) AS platform,
                 (SELECT count(*)::int FROM platform_audit_log WHERE action = 'auth.sign_in_failed') AS unknown`,
    );
    expect(audit).toEqual({
      clients: before.audit.withClient,
      platform: before.audit.withoutClient,
      unknown: expect.any(Number),
    });
    expect(audit.unknown).toBeGreaterThan(0);
  });

  describe('the server on the migrated database', () => {
    let acme: ClientSession;
    const range = 'start_date=2026-11-01&end_date=2026-11-30';

    it('signs in the users of the old data and lists their payouts and statement', async () => {
      acme = await clientSession(server.current, 'admin@acme.test');
      const count = await acme.call('GET', `/meridian/read/count/transaction/payouts?${range}`);
      expect(count.body.count).toBe(before.counts.payouts);
      const page = await acme.call('GET', `/meridian/read/search/transaction/payouts?${range}&limit=5`);
      expect((page.body.data as unknown[]).length).toBe(5);
      const statement = await acme.call('GET', `/meridian/read/count/transaction/statement?${range}`);
      // the client's own legs only: one per entry of the client
      const { entries } = await one<{ entries: number }>(
        db,
        sql`SELECT count(*)::int AS entries FROM ledger_entries
            WHERE client_ref = (SELECT id FROM clients WHERE client_id = ${acme.client_id})`,
      );
      expect(statement.body.count).toBe(entries);
    });

    it('pays from the migrated account, with new ids past the old ones', async () => {
      const balance = await acme.call('GET', '/meridian/read/fetch/balance');
      const [account] = balance.body.data as { account_number: string; balance: string }[];
      const made = await acme.call('POST', '/core_banking/money_transfer/initiate', {
        headers: { 'idempotency-key': 'after-migration-1' },
        body: {
          customer_reference_number: 'AFTER-MIGRATION-1',
          beneficiary_code: 'VENDOR-ALPHA',
          amount: '10.00',
          transfer_type: 'IMPS',
          purpose_message: 'after the migration',
          sender_account_number: account!.account_number,
        },
      });
      expect(made.status).toBe(201);
      const after = await acme.call('GET', '/meridian/read/fetch/balance');
      const paise = (v: string) => BigInt(v.replace('.', ''));
      expect(paise(account!.balance) - paise((after.body.data as { balance: string }[])[0]!.balance)).toBe(
        1000n,
      );
      const legs = await rows<{ system_account: string | null; amount: string }>(
        db,
        sql`SELECT system_account, amount::text AS amount FROM ledger_postings
            WHERE entry_ref = (SELECT max(id) FROM ledger_entries) ORDER BY id`,
      );
      expect(legs).toEqual([
        { system_account: null, amount: '-1000' },
        { system_account: 'RAIL_CLEARING', amount: '1000' },
      ]);
    });

    it('records a sign-in for an unknown e-mail in the platform log', async () => {
      const platformBefore = before.audit.withoutClient;
      expect((await signIn(server.current, 'nobody-else@nowhere.test', 'x')).status).toBe(401);
      const { n } = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM platform_audit_log`);
      expect(n).toBe(platformBefore + 1);
    });
  });
});
