import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows, type Db } from '../src/db/database.ts';
import { sha256 } from '../src/lib/ids.ts';
import { call, clientSession, useServer } from './helpers.ts';
import { loadFixture, migrationsUpTo } from './migrations.ts';

/**
 * Migration 0023 (test and live modes) on a database made before it: the demo data of an earlier version, moved
 * to 0022, with an API key made then. Afterwards every row is still there, the old data is live data, the old key
 * is a live key whose secret still works, and each customer company has an empty test mode.
 */
const BEFORE_MODES = 23; // migrations 0000 to 0022
const OLD_SECRET = `mk_live_${'0'.repeat(64)}`;
const range = 'start_date=2026-11-01&end_date=2026-11-30';

const rows = <T>(db: Db, query: ReturnType<typeof sql>) => queryRows<T>(db, query);

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    // Tables (a partitioned one counted whole, its partitions not apart: the server adds some at start).
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables)
    out[name] = (
      await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`)
    )[0]!.n;
  return out;
}

let before: { counts: Record<string, number>; companies: { id: number; name: string; kind: string }[] };

const server = useServer(
  { SEED_DEMO: 'false' },
  {
    migrationsFolder: migrationsUpTo(2),
    async prepare(handle) {
      await loadFixture(handle);
      await migrateDatabase(handle, migrationsUpTo(BEFORE_MODES));
      await handle.db.execute(sql`
        INSERT INTO api_keys (key_id, client_ref, name, role, secret_hash, created_by)
        SELECT 'key_BEFOREMODES', id, 'Made before modes', 'developer', ${sha256(OLD_SECRET)}, 'admin@acme.test'
          FROM clients WHERE company_common_name = 'Acme Retail'`);
      before = {
        counts: await tableCounts(handle.db),
        companies: await rows(
          handle.db,
          sql`SELECT id::int AS id, company_common_name AS name, kind FROM clients ORDER BY id`,
        ),
      };
      await migrateDatabase(handle);
    },
  },
);

describe('migrating a database made before modes (0023)', () => {
  const db = () => server.current.handle.db;

  it('keeps every row; adds only the test tenants and their credit accounts', async () => {
    const customers = before.companies.filter((c) => c.kind === 'customer').length;
    expect(customers).toBeGreaterThanOrEqual(2);
    expect(before.counts.payouts).toBeGreaterThan(20);
    expect(await tableCounts(db())).toEqual({
      ...before.counts,
      clients: before.counts.clients! + customers,
      credit_accounts: before.counts.credit_accounts! + customers,
    });
  });

  it('makes every existing company live and open, with one test tenant under each customer', async () => {
    const tenants = await rows<{
      id: number;
      name: string;
      company_ref: number | null;
      livemode: boolean;
      live_mode_enabled: boolean;
    }>(
      db(),
      sql`SELECT id::int AS id, company_common_name AS name, company_ref::int AS company_ref, livemode,
                 live_mode_enabled FROM clients ORDER BY id`,
    );
    for (const company of before.companies) {
      const row = tenants.find((t) => t.id === company.id)!;
      expect(row).toMatchObject({
        name: company.name,
        company_ref: null,
        livemode: true,
        live_mode_enabled: true,
      });
      const tests = tenants.filter((t) => t.company_ref === company.id);
      expect(tests).toEqual(
        company.kind === 'customer'
          ? [expect.objectContaining({ name: `${company.name} (test mode)`, livemode: false })]
          : [],
      );
    }
  });

  it('gives the audit entries a mode: live for what a mode did, none for the shared settings', async () => {
    const byFamily = await rows<{ family: string; modes: (boolean | null)[] }>(
      db(),
      sql`SELECT split_part(action, '.', 1) AS family, array_agg(DISTINCT livemode) AS modes
            FROM audit_log GROUP BY 1 ORDER BY 1`,
    );
    expect(byFamily.length).toBeGreaterThan(0);
    for (const { family, modes } of byFamily)
      expect([family, modes]).toEqual([
        family,
        ['auth', 'user', 'team', 'company'].includes(family) ? [null] : [true],
      ]);
  });

  it('keeps the old API key working as a live key, and the old data as live data', async () => {
    const authorization = `Basic ${Buffer.from(`key_BEFOREMODES:${OLD_SECRET}`).toString('base64')}`;
    const count = await call(server.current, 'GET', `/meridian/read/count/transaction/payouts?${range}`, {
      headers: { authorization },
    });
    expect(count.status).toBe(200);
    expect(count.body.count).toBe(
      before.counts.payouts! -
        (
          await rows<{ n: number }>(
            db(),
            sql`SELECT count(*)::int AS n FROM payouts WHERE client_ref <> (SELECT id FROM clients WHERE company_common_name = 'Acme Retail')`,
          )
        )[0]!.n,
    );
    expect(count.body.count).toBeGreaterThan(0);
    const asTest = await call(server.current, 'GET', `/meridian/read/count/transaction/payouts?${range}`, {
      headers: { authorization, 'meridian-mode': 'test' },
    });
    expect(asTest).toMatchObject({ status: 400, body: { error: 'mode_mismatch' } });
  });

  it('shows a member the old payouts in live mode and none in test mode', async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    const live = await acme.call('GET', `/meridian/read/count/transaction/payouts?${range}`);
    expect(live.body.count).toBeGreaterThan(0);
    const test = await acme.call('GET', `/meridian/read/count/transaction/payouts?${range}`, {
      headers: { 'meridian-mode': 'test' },
    });
    expect(test).toMatchObject({ status: 200, body: { count: 0 } });
  });
});
