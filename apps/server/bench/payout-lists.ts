/**
 * Payout list benchmark (not a test: it prints figures and always exits 0 unless it crashes).
 *
 * Starts the real server (createServer: migrations, demo seed, routes) on a fresh database, signs in as the demo
 * admin of "Acme Retail" through /v2/auth/token, bulk-seeds N payouts for that client in SQL, then times the
 * payout list and count endpoints through fastify's `inject` (the whole HTTP pipeline without a socket) beside
 * the very SQL that src/payouts/queries.ts runs, executed directly on the same driver.
 *
 *   npm run bench:payouts -- [--n=1000000] [--r=30] [--warmup=5] [--offset=100000] [--beneficiaries=50000]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:payouts
 *
 * With DATABASE_URL a new database is created next to the one named there and dropped at the end; without it
 * the server runs on in-memory PGlite. Defaults: N = 1,000,000 on PostgreSQL, 100,000 on PGlite (BENCH_N);
 * R = 30 repetitions (BENCH_R) after the warm-up runs.
 *
 * The same database then serves the command palette's global search (./global-search.ts): B more beneficiaries
 * (BENCH_BENEFICIARIES; 50,000 on PostgreSQL, 10,000 on PGlite) and the queries a user types, through the API.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { freshDatabase } from './fresh-database.ts';
import { loadConfig } from '../src/config/config.ts';
import { loadKeys } from '../src/config/keys.ts';
import { dayIn, DEFAULT_TIME_ZONE, resolveListQuery, type ListFilter } from '../src/lists/list-query.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { createServer, type Server } from '../src/server.ts';
import type { Db } from '../src/db/database.ts';
import { payoutPageQuery, seqIntervalQuery } from '../src/payouts/queries.ts';
import { searchCases, searchStatements, seedSearchBeneficiaries } from './global-search.ts';
import { rawExec, seedPayouts, type Exec, type Row } from './seed-payouts.ts';

// ---------------------------------------------------------------------------------------------------------
// Options

function option(name: string, env: string): number | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[env];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const N = option('n', 'BENCH_N') ?? (DATABASE_URL ? 1_000_000 : 100_000);
const R = Math.max(1, option('r', 'BENCH_R') ?? 30);
const WARMUP = option('warmup', 'BENCH_WARMUP') ?? 5;
const OFFSET = option('offset', 'BENCH_OFFSET') ?? 100_000;
const BENEFICIARIES = option('beneficiaries', 'BENCH_BENEFICIARIES') ?? (DATABASE_URL ? 50_000 : 10_000);
const SEARCH_GOAL_MS = 50;
const LIMIT = 10;
const GOAL_RATIO = 2;
const GOAL_MS = 10;
const BIG_COUNT = 200_000;

// ---------------------------------------------------------------------------------------------------------
// Database: a fresh one, and raw SQL on the server's own driver

// ---------------------------------------------------------------------------------------------------------
// The SQL of src/payouts/queries.ts (as drizzle renders it), and the naive queries for contrast

const PAGE_COLUMNS = [
  'id',
  'urn',
  'client_ref',
  'seq',
  'account_ref',
  'beneficiary_ref',
  'customer_reference_number',
  'bank_reference_number',
  'beneficiary_code',
  'beneficiary_name',
  'beneficiary_account_number',
  'ifsc',
  'upi_id',
  'amount',
  'transfer_type',
  'purpose_message',
  'status',
  'status_message',
  'rail_due_at',
  'created_at',
  'updated_at',
]
  .map((c) => `"payouts"."${c}"`)
  .concat('"accounts"."account_number"')
  .join(', ');
const FROM_PAGE =
  'from "payouts" inner join "accounts" on ("accounts"."client_ref" = "payouts"."client_ref" and ' +
  '"accounts"."id" = "payouts"."account_ref")';
const NAIVE_PAGE = `select ${PAGE_COLUMNS} ${FROM_PAGE} where "payouts"."client_ref" = $1 and "payouts"."created_at" >= $2 and "payouts"."created_at" < $3 order by "payouts"."created_at" desc offset $4 limit $5`;
const NAIVE_COUNT =
  'select count(*)::int from "payouts" where "payouts"."client_ref" = $1 and "payouts"."created_at" >= $2 and "payouts"."created_at" < $3';
/** What the auth guard (liveSession) runs on a session-cache miss (first call of a token, after a change). */
const SESSION_LOOKUP =
  'select "auth_sessions"."id", "auth_sessions"."session_id", "auth_sessions"."user_ref", "auth_sessions"."ip", ' +
  '"auth_sessions"."user_agent", "auth_sessions"."created_at", "auth_sessions"."expires_at", "auth_sessions"."revoked_at", ' +
  '"auth_sessions"."revoked_reason", "users"."id", "users"."public_id", "users"."client_ref", "users"."email", ' +
  '"users"."name", "users"."password_hash", "users"."phone", "users"."mfa_preference", "users"."scopes", ' +
  '"users"."created_at", "users"."updated_at", "clients"."id", "clients"."client_id", "clients"."company_common_name", ' +
  '"clients"."kind", "clients"."created_at" from "auth_sessions" inner join "users" on "auth_sessions"."user_ref" = "users"."id" ' +
  'inner join "clients" on "users"."client_ref" = "clients"."id" where ("auth_sessions"."session_id" = $1 and ' +
  '"auth_sessions"."revoked_at" is null and "auth_sessions"."expires_at" > $2) limit $3';

/**
 * The statements src/payouts/queries.ts runs, rendered by drizzle from the same builders (`.toSQL()`), so the
 * direct SQL can never drift from the API's.
 */
const pageSql = (db: Db, clientRef: number, f: ListFilter) => payoutPageQuery(db, clientRef, f).toSQL();
const intervalSql = (db: Db, clientRef: number, f: ListFilter) =>
  seqIntervalQuery(db, clientRef, f.from, f.to).toSQL();

/** listPayouts() of queries.ts without a search: one statement. */
async function directList(exec: Exec, db: Db, clientRef: number, f: ListFilter): Promise<Row[]> {
  const q = pageSql(db, clientRef, f);
  return exec(q.sql, q.params);
}

/** countPayouts() of queries.ts without a search: one statement, two index probes. */
async function directCount(exec: Exec, db: Db, clientRef: number, f: ListFilter): Promise<number> {
  const q = intervalSql(db, clientRef, f);
  const [row] = await exec(q.sql, q.params);
  return row && row[0] != null && row[1] != null ? Number(row[1]) - Number(row[0]) + 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------
// Seeding

/** Checks the design's invariants over all of the client's payouts. */
async function checkInvariants(exec: Exec, clientRef: number) {
  const [row] = await exec(
    `select count(*)::int, min(seq)::int, max(seq)::int, count(*) filter (where created_at < prev)::int,
       (select value::int from client_sequences where client_ref = $1 and name = 'payouts'),
       min(created_at), max(created_at)
     from (select seq, created_at, lag(created_at) over (order by seq) as prev from payouts where client_ref = $1) s`,
    [clientRef],
  );
  const [count, lo, hi, backwards, sequence, oldest, newest] = row!;
  const ok = lo === 1 && hi === count && backwards === 0 && sequence === count;
  return { ok, count, lo, hi, backwards, sequence, oldest, newest };
}

// ---------------------------------------------------------------------------------------------------------
// Timing

type Stats = { p50: number; p95: number; min: number; max: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p95: percentile(s, 0.95), min: s[0]!, max: s.at(-1)! };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Warm-up, then R rounds; in each round the candidates run one after the other (so drift hits them alike). */
async function measure(fns: (() => Promise<unknown>)[]): Promise<Stats[]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn();
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < R; i++) for (const [k, fn] of fns.entries()) samples[k]!.push(await time(fn));
  return samples.map(stats);
}

// ---------------------------------------------------------------------------------------------------------
// Output

const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const fmtInt = (n: number) => n.toLocaleString('en-US');
const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(1));
const pad = (s: string, w: number) => s.padEnd(w);
const lpad = (s: string, w: number) => s.padStart(w);

function table(header: string[], rows: string[][], alignLeft = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < alignLeft ? pad(c, widths[i]!) : lpad(c, widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function explain(exec: Exec, title: string, text: string, params: unknown[]) {
  const rows = await exec(`explain (analyze, buffers) ${text}`, params);
  console.log(`\n  ${title}`);
  for (const [line] of rows) console.log(`    ${String(line)}`);
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  const benchDir = join(import.meta.dirname, '..', '..', '..', '.tmp', 'bench');
  mkdirSync(benchDir, { recursive: true });
  const configEnv = { DATA_DIR: benchDir, JOBS: 'off', SEED_DEMO: 'true', LOG_LEVEL: 'silent' };
  const config = loadConfig(configEnv);
  const keys = loadKeys(config); // generated once into .tmp/bench/keys

  const db = await freshDatabase(DATABASE_URL);
  let server: Server | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    if (server) await server.close();
    else await db.handle.close();
    await db.drop();
  };
  const onSignal = () => {
    console.error('\ninterrupted: dropping the benchmark database');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const started = performance.now();
    server = await createServer(config, { handle: db.handle, keys, webDist: null, logger: false });
    const app = server.app;
    const exec = rawExec(db.handle);
    const [version] = await exec('select version()');
    console.log('Payout list benchmark');
    console.log(`  database   ${db.handle.kind} (${db.name}): ${String(version![0]).split(',')[0]}`);
    console.log(
      `  node       ${process.version}, ${availableParallelism()} CPUs, load average ${loadText()}`,
    );
    console.log(`  requests   fastify app.inject (full HTTP pipeline, no socket)`);
    console.log(`  rows N      ${fmtInt(N)}   repetitions R = ${R}   warm-up ${WARMUP}`);
    console.log(`  server up in ${fmtMs(performance.now() - started)} ms (migrations + demo seed)`);

    // Sign in as the demo admin through the real token endpoint, the password encrypted like the browser does.
    const encrypted = publicEncrypt(
      { key: keys.passwordPublicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD),
    ).toString('base64');
    const signIn = await app.inject({
      method: 'POST',
      url: '/v2/auth/token',
      headers: { accept: 'application/json' },
      payload: { grant_type: 'user_credentials', email: 'admin@acme.test', encrypted_password: encrypted },
    });
    const tokens = signIn.json<{ access_token?: string; client_id?: string; company_common_name?: string }>();
    if (signIn.statusCode !== 200 || !tokens.access_token || !tokens.client_id)
      throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const [client] = await exec('select id from clients where client_id = $1', [tokens.client_id]);
    const clientRef = Number(client![0]);
    console.log(`  signed in  admin@acme.test → ${tokens.company_common_name} (${tokens.client_id})`);
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${tokens.access_token}`,
      client_id: tokens.client_id,
    };
    const [sessionRow] = await exec(
      'select session_id from auth_sessions where user_ref = (select id from users where lower(email) = $1) order by id desc limit 1',
      ['admin@acme.test'],
    );
    const sessionId = String(sessionRow![0]);

    // Seed.
    console.log(`\nSeeding ${fmtInt(N)} payouts for ${tokens.company_common_name}`);
    const now = Date.now();
    const seeded = await seedPayouts(
      exec,
      clientRef,
      N,
      db.handle.kind === 'postgresql' ? 200_000 : 20_000,
      now,
    );
    const inv = await checkInvariants(exec, clientRef);
    console.log(
      `  insert ${fmtMs(seeded.insertMs / 1000)} s (${fmtInt(Math.round(N / (seeded.insertMs / 1000)))} rows/s), ` +
        `vacuum+analyze ${fmtMs(seeded.vacuumMs / 1000)} s; ${seeded.demoRows} demo payouts renumbered to ` +
        `seq ${fmtInt(N + 1)}..${fmtInt(N + seeded.demoRows)}`,
    );
    console.log(
      `  invariants ${inv.ok ? 'OK' : 'BROKEN'}: ${fmtInt(Number(inv.count))} payouts, seq ${inv.lo}..${fmtInt(Number(inv.hi))}, ` +
        `${inv.backwards} created_at steps backwards, client_sequences = ${fmtInt(Number(inv.sequence))}; ` +
        `created ${new Date(inv.oldest as string).toISOString()} .. ${new Date(inv.newest as string).toISOString()}`,
    );

    const benSeed = await seedSearchBeneficiaries(exec, clientRef, BENEFICIARIES, now);
    console.log(
      `  + ${fmtInt(BENEFICIARIES)} beneficiaries for the global search in ${fmtMs(benSeed.ms / 1000)} s`,
    );

    // Ranges: whole days in the user's zone, resolved exactly as the route does.
    const p = config.PROVIDER;
    const dayIso = (d: number) => dayIn(DEFAULT_TIME_ZONE, d, now);
    const rangeQuery = (days: number) => ({ start_date: dayIso(-(days - 1)), end_date: dayIso(0) });
    const filterFor = (days: number, offset: number): ListFilter =>
      resolveListQuery({ ...rangeQuery(days), limit: LIMIT, offset }, PAYOUTS_LIST, p);
    const ranges = [30, 180].map((days) => ({ days, filter: filterFor(days, 0) }));
    console.log('\nRanges (time zone Asia/Kolkata, whole days)');
    const rangeRows: Record<number, number> = {};
    for (const { days, filter } of ranges) {
      const viaSeq = await directCount(exec, db.handle.db, clientRef, filter);
      const [scan] = await exec(NAIVE_COUNT, [clientRef, filter.from.toISOString(), filter.to.toISOString()]);
      rangeRows[days] = viaSeq;
      const same =
        viaSeq === Number(scan![0]) ? 'matches count(*)' : `MISMATCH: count(*) = ${String(scan![0])}`;
      console.log(
        `  ${lpad(String(days), 3)} days  ${rangeQuery(days).start_date} .. ${rangeQuery(days).end_date}  ` +
          `[${filter.from.toISOString()}, ${filter.to.toISOString()})  ${lpad(fmtInt(viaSeq), 9)} rows (${same})`,
      );
    }
    const big = rangeRows[180]!;
    let offset = OFFSET;
    if (big < offset + LIMIT) {
      offset = Math.max(0, big - LIMIT);
      console.log(
        `  note: the 180-day range holds ${fmtInt(big)} rows, fewer than offset ${fmtInt(OFFSET)} + ${LIMIT}; ` +
          `the deep page is measured at offset ${fmtInt(offset)} instead`,
      );
    }

    const api = async (path: string, query: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await app.inject({ method: 'GET', url: `/${p}/read/${path}?${qs}`, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json<{ data?: { urn: string }[]; count?: number }>();
    };
    const listPath = 'search/transaction/payouts';
    const countPath = 'count/transaction/payouts';

    // Sanity: the API answers what the direct SQL answers.
    for (const off of [0, offset]) {
      const viaApi = (await api(listPath, { ...rangeQuery(180), limit: LIMIT, offset: off })).data ?? [];
      const viaSql = await directList(exec, db.handle.db, clientRef, filterFor(180, off));
      const same = viaApi.length === viaSql.length && viaApi.every((r, i) => r.urn === viaSql[i]![1]);
      if (!same || viaApi.length !== LIMIT)
        throw new Error(`offset ${off}: API answered ${viaApi.length} rows, SQL ${viaSql.length}; differ`);
    }
    for (const { days } of ranges) {
      const c = (await api(countPath, rangeQuery(days))).count;
      if (c !== rangeRows[days]) throw new Error(`count ${days}d: API ${c}, SQL ${rangeRows[days]}`);
    }

    // Measurements.
    console.log(`\nMeasuring (${WARMUP} warm-up + ${R} timed runs each)…`);
    type Case = { name: string; rows: string; api: () => Promise<unknown>; sql: () => Promise<unknown> };
    const cases: Case[] = [
      {
        name: 'list 180d, offset 0, limit 10',
        rows: fmtInt(big),
        api: () => api(listPath, { ...rangeQuery(180), limit: LIMIT, offset: 0 }),
        sql: () => directList(exec, db.handle.db, clientRef, filterFor(180, 0)),
      },
      {
        name: `list 180d, offset ${fmtInt(offset)}, limit 10`,
        rows: fmtInt(big),
        api: () => api(listPath, { ...rangeQuery(180), limit: LIMIT, offset }),
        sql: () => directList(exec, db.handle.db, clientRef, filterFor(180, offset)),
      },
      {
        name: 'count 30d',
        rows: fmtInt(rangeRows[30]!),
        api: () => api(countPath, rangeQuery(30)),
        sql: () => directCount(exec, db.handle.db, clientRef, filterFor(30, 0)),
      },
      {
        name: 'count 180d',
        rows: fmtInt(big),
        api: () => api(countPath, rangeQuery(180)),
        sql: () => directCount(exec, db.handle.db, clientRef, filterFor(180, 0)),
      },
    ];
    const results: { c: Case; api: Stats; sql: Stats }[] = [];
    const cacheBefore = server.sessions.stats();
    for (const c of cases) {
      const [a, s] = await measure([c.api, c.sql]);
      results.push({ c, api: a!, sql: s! });
    }
    const cacheAfter = server.sessions.stats();

    // The same first page through a second server on the same database with the session cache off: what the
    // guard costs when it reads the session on every call (as before the cache).
    const uncached = await createServer(
      loadConfig({ ...configEnv, SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '0' }),
      { handle: { ...db.handle, close: async () => {} }, keys, webDist: null, logger: false },
    );
    const f180 = filterFor(180, 0);
    const range180 = [clientRef, f180.from.toISOString(), f180.to.toISOString()];
    const health = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { accept: 'application/json' },
      });
      if (res.statusCode !== 200) throw new Error(`/health: ${res.statusCode}`);
    };
    const viaUncached = async () => {
      const qs = new URLSearchParams({ ...rangeQuery(180), limit: String(LIMIT), offset: '0' });
      const res = await uncached.app.inject({ method: 'GET', url: `/${p}/read/${listPath}?${qs}`, headers });
      if (res.statusCode !== 200) throw new Error(`uncached: ${res.statusCode} ${res.body}`);
    };
    const [naivePage, naiveCount, session, probe, floor, noCache] = await measure([
      () => exec(NAIVE_PAGE, [...range180, offset, LIMIT]),
      () => exec(NAIVE_COUNT, range180),
      () => exec(SESSION_LOOKUP, [sessionId, new Date().toISOString(), 1]),
      () => {
        const q = intervalSql(db.handle.db, clientRef, f180);
        return exec(q.sql, q.params);
      },
      health,
      viaUncached,
    ]);
    await uncached.close();

    console.log(
      `\nResults (ms; API = GET through app.inject with bearer token + client_id; SQL = same statements)`,
    );
    table(
      ['case', 'range rows', 'API p50', 'API p95', 'SQL p50', 'SQL p95', 'API/SQL p50', 'API/SQL p95'],
      results.map(({ c, api: a, sql: s }) => [
        c.name,
        c.rows,
        fmtMs(a.p50),
        fmtMs(a.p95),
        fmtMs(s.p50),
        fmtMs(s.p95),
        `${(a.p50 / s.p50).toFixed(2)}×`,
        `${(a.p95 / s.p95).toFixed(2)}×`,
      ]),
    );
    console.log(
      `  guard: session cache ${cacheAfter.enabled ? `on (SESSION_CACHE_SECONDS=${config.SESSION_CACHE_SECONDS})` : 'OFF'}; ` +
        `over these API calls ${fmtInt(cacheAfter.hits - cacheBefore.hits)} hits, ` +
        `${fmtInt(cacheAfter.misses - cacheBefore.misses)} misses (a miss verifies the token and reads the session)`,
    );
    console.log('\nFor contrast and scale (SQL on the same driver, except the last two rows)');
    const contrast: [string, Stats][] = [
      [`naive: order by created_at desc offset ${fmtInt(offset)} limit 10 (180d)`, naivePage!],
      ['naive: count(*) over the 180-day range', naiveCount!],
      ['count statement alone (both probes), for scale', probe!],
      ['auth guard session lookup (on a session-cache miss)', session!],
      ['API floor: GET /health through app.inject (no auth, no SQL)', floor!],
      ['API list 180d offset 0, session cache off (SESSION_CACHE_SECONDS=0)', noCache!],
    ];
    table(
      ['query', 'p50', 'p95', 'max'],
      contrast.map(([name, s]) => [name, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.max)]),
    );

    // The command palette's global search, through the API.
    const search = async (q: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/${p}/read/search/global?${new URLSearchParams({ q })}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: unknown[] }>().data.length;
    };
    const typed = await searchCases(exec, clientRef, N);
    const found = await Promise.all(typed.map((c) => search(c.q)));
    const searchStats = await measure(typed.map((c) => () => search(c.q)));
    console.log(
      `\nGlobal search: GET /${p}/read/search/global?q=… through app.inject (ms; ${fmtInt(inv.count as number)} payouts, ` +
        `${fmtInt(BENEFICIARIES)} + demo beneficiaries)`,
    );
    table(
      ['query', 'q', 'results', 'p50', 'p95', 'max'],
      typed.map((c, i) => [
        c.name,
        c.q,
        String(found[i]),
        fmtMs(searchStats[i]!.p50),
        fmtMs(searchStats[i]!.p95),
        fmtMs(searchStats[i]!.max),
      ]),
      2,
    );
    const slowest = searchStats.reduce((w, s, i) => (s.p95 > searchStats[w]!.p95 ? i : w), 0);

    // Plans.
    console.log('\nEXPLAIN (ANALYZE, BUFFERS), global search of the slowest query and of two letters');
    for (const q of new Set([typed[slowest]!.q, 'ka'])) {
      for (const [what, statement] of searchStatements(db.handle.db, clientRef, q)) {
        if (statement) await explain(exec, `search "${q}": ${what}`, statement.sql, statement.params);
      }
    }
    console.log('\nEXPLAIN (ANALYZE, BUFFERS), 180-day range');
    const count = intervalSql(db.handle.db, clientRef, f180);
    await explain(exec, 'count: both ends of the seq interval (one statement)', count.sql, count.params);
    const page = pageSql(db.handle.db, clientRef, filterFor(180, offset));
    await explain(exec, `page at offset ${fmtInt(offset)} (one statement)`, page.sql, page.params);

    // Goals.
    const [list0, listDeep, count30, count180] = results;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const worst = results.reduce((w, r) => (r.api.p50 / r.sql.p50 > w.api.p50 / w.sql.p50 ? r : w));
    const ratioOk = results.every((r) => r.api.p50 <= GOAL_RATIO * r.sql.p50);
    console.log('\nGoals');
    table(
      ['goal', 'measured', 'verdict'],
      [
        [
          `API within ${GOAL_RATIO}× of direct SQL (p50, every case)`,
          `worst ${(worst.api.p50 / worst.sql.p50).toFixed(2)}× (${worst.c.name}); ` +
            results.map((r) => `${(r.api.p50 / r.sql.p50).toFixed(2)}×`).join(' / '),
          verdict(ratioOk),
        ],
        [
          `page at offset ${fmtInt(offset)} ≤ ${GOAL_MS} ms (API p95)`,
          `API p50 ${fmtMs(listDeep!.api.p50)}, p95 ${fmtMs(listDeep!.api.p95)}`,
          verdict(listDeep!.api.p95 <= GOAL_MS) + (offset === OFFSET ? '' : ` (offset ${fmtInt(offset)})`),
        ],
        [
          `count over ≥ ${fmtInt(BIG_COUNT)} rows ≤ ${GOAL_MS} ms (API p95)`,
          `180d = ${fmtInt(big)} rows: p50 ${fmtMs(count180!.api.p50)}, p95 ${fmtMs(count180!.api.p95)}`,
          big >= BIG_COUNT
            ? verdict(count180!.api.p95 <= GOAL_MS)
            : `n/a (${verdict(count180!.api.p95 <= GOAL_MS)} on ${fmtInt(big)} rows)`,
        ],
        [
          `global search ≤ ${SEARCH_GOAL_MS} ms (API p95, every query)`,
          `slowest: ${typed[slowest]!.name} p50 ${fmtMs(searchStats[slowest]!.p50)}, p95 ${fmtMs(searchStats[slowest]!.p95)}`,
          verdict(searchStats[slowest]!.p95 <= SEARCH_GOAL_MS),
        ],
      ],
      3,
    );
    console.log(`  load average at the end: ${loadText()} (other processes on the machine skew p95)`);
    console.log(
      `  (list offset 0: API p95 ${fmtMs(list0!.api.p95)} ms; count 30d: API p95 ${fmtMs(count30!.api.p95)} ms)`,
    );
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

await main();
