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
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import { loadConfig, type Config } from '../src/config/config.ts';
import { loadKeys, type KeyMaterial } from '../src/config/keys.ts';
import { dayIn, DEFAULT_TIME_ZONE, resolveListQuery, type ListFilter } from '../src/lists/list-query.ts';
import { createServer, type Server } from '../src/server.ts';
import { encryptForServer } from './demo-sign-in.ts';
import {
  explain,
  fmtInt,
  fmtMs,
  loadText,
  lpad,
  measure as measureRounds,
  table,
  type Stats,
} from './figures.ts';
import { freshDatabase } from './fresh-database.ts';
import { searchCases, searchStatements, seedSearchBeneficiaries, type SearchCase } from './global-search.ts';
import { intOption as option } from './options.ts';
import {
  checkInvariants,
  directCount,
  directList,
  intervalSql,
  NAIVE_COUNT,
  NAIVE_PAGE,
  pageSql,
  SESSION_LOOKUP,
} from './payout-lists-sql.ts';
import { printGoals, printResults, type CaseResult } from './payout-lists-report.ts';
import { rawExec, seedPayouts, type Exec } from './seed-payouts.ts';

// ---------------------------------------------------------------------------------------------------------
// Options

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const N = option('n', 'BENCH_N') ?? (DATABASE_URL ? 1_000_000 : 100_000);
const R = Math.max(1, option('r', 'BENCH_R') ?? 30);
const WARMUP = option('warmup', 'BENCH_WARMUP') ?? 5;
const OFFSET = option('offset', 'BENCH_OFFSET') ?? 100_000;
const BENEFICIARIES = option('beneficiaries', 'BENCH_BENEFICIARIES') ?? (DATABASE_URL ? 50_000 : 10_000);
const LIMIT = 10;

/** Warm-up, then R rounds; in each round the candidates run one after the other (so drift hits them alike). */
const measure = (fns: (() => Promise<unknown>)[]) => measureRounds(fns, { warmup: WARMUP, rounds: R });

// ---------------------------------------------------------------------------------------------------------
// What the phases share

/** The server under measure, its database and raw SQL on its own driver. */
type Bench = {
  config: Config;
  configEnv: Record<string, string>;
  keys: KeyMaterial;
  db: Awaited<ReturnType<typeof freshDatabase>>;
  server: Server;
  exec: Exec;
};

/** The demo admin signed in: the client, the headers of its calls, its session's id. */
type Admin = {
  company: string | undefined;
  clientRef: number;
  headers: Record<string, string>;
  sessionId: string;
};

/** The ranges the lists are read over, as the route resolves them, and their sizes. */
type Ranges = {
  rangeQuery: (days: number) => { start_date: string; end_date: string };
  filterFor: (days: number, offset: number) => ListFilter;
  rangeRows: Record<number, number>;
  /** Rows in the 180-day range. */
  big: number;
  /** The deep page's offset: OFFSET, or less when the range holds fewer rows. */
  offset: number;
};

type Case = { name: string; rows: string; api: () => Promise<unknown>; sql: () => Promise<unknown> };

const LIST_PATH = 'search/transaction/payouts';
const COUNT_PATH = 'count/transaction/payouts';

/** A GET of the read API as the signed-in admin, through app.inject. */
function readApi(bench: Bench, admin: Admin) {
  return async (path: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await bench.server.app.inject({
      method: 'GET',
      url: `/${bench.config.PROVIDER}/read/${path}?${qs}`,
      headers: admin.headers,
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json<{ data?: { urn: string }[]; count?: number }>();
  };
}

// ---------------------------------------------------------------------------------------------------------
// Setting up: the server, the admin, the rows

async function printSetup(bench: Bench, started: number) {
  const [version] = await bench.exec('select version()');
  const { db } = bench;
  console.log('Payout list benchmark');
  console.log(`  database   ${db.handle.kind} (${db.name}): ${String(version![0]).split(',')[0]}`);
  console.log(`  node       ${process.version}, ${availableParallelism()} CPUs, load average ${loadText()}`);
  console.log(`  requests   fastify app.inject (full HTTP pipeline, no socket)`);
  console.log(`  rows N      ${fmtInt(N)}   repetitions R = ${R}   warm-up ${WARMUP}`);
  console.log(`  server up in ${fmtMs(performance.now() - started)} ms (migrations + demo seed)`);
}

/** Signs in as the demo admin through the real token endpoint, the password encrypted like the browser does. */
async function signInAdmin({ server, keys, exec }: Bench): Promise<Admin> {
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/v2/auth/token',
    headers: { accept: 'application/json' },
    payload: {
      grant_type: 'user_credentials',
      email: 'admin@acme.test',
      encrypted_password: encryptForServer(keys.passwordPublicPem),
    },
  });
  const tokens = signIn.json<{ access_token?: string; client_id?: string; company_common_name?: string }>();
  if (signIn.statusCode !== 200 || !tokens.access_token || !tokens.client_id)
    throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const [client] = await exec('select id from clients where client_id = $1', [tokens.client_id]);
  console.log(`  signed in  admin@acme.test → ${tokens.company_common_name} (${tokens.client_id})`);
  const [sessionRow] = await exec(
    'select session_id from auth_sessions where user_ref = (select id from users where lower(email) = $1) order by id desc limit 1',
    ['admin@acme.test'],
  );
  return {
    company: tokens.company_common_name,
    clientRef: Number(client![0]),
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${tokens.access_token}`,
      client_id: tokens.client_id,
    },
    sessionId: String(sessionRow![0]),
  };
}

/** N payouts and B beneficiaries for the admin's client; answers the payouts' invariants. */
async function seed({ exec, db }: Bench, admin: Admin, now: number) {
  const seeded = await seedPayouts(
    exec,
    admin.clientRef,
    N,
    db.handle.kind === 'postgresql' ? 200_000 : 20_000,
    now,
  );
  const inv = await checkInvariants(exec, admin.clientRef);
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

  const benSeed = await seedSearchBeneficiaries(exec, admin.clientRef, BENEFICIARIES, now);
  console.log(
    `  + ${fmtInt(BENEFICIARIES)} beneficiaries for the global search in ${fmtMs(benSeed.ms / 1000)} s`,
  );
  return inv;
}

/** Ranges: whole days in the user's zone, resolved exactly as the route does; their rows counted two ways. */
async function resolveRanges({ exec, db, config }: Bench, admin: Admin, now: number): Promise<Ranges> {
  const dayIso = (d: number) => dayIn(DEFAULT_TIME_ZONE, d, now);
  const rangeQuery = (days: number) => ({ start_date: dayIso(-(days - 1)), end_date: dayIso(0) });
  const filterFor = (days: number, offset: number): ListFilter =>
    resolveListQuery({ ...rangeQuery(days), limit: LIMIT, offset }, PAYOUTS_LIST, config.PROVIDER);
  console.log('\nRanges (time zone Asia/Kolkata, whole days)');
  const rangeRows: Record<number, number> = {};
  for (const days of [30, 180]) {
    const filter = filterFor(days, 0);
    const viaSeq = await directCount(exec, db.handle.db, admin.clientRef, filter);
    const [scan] = await exec(NAIVE_COUNT, [
      admin.clientRef,
      filter.from.toISOString(),
      filter.to.toISOString(),
    ]);
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
  return { rangeQuery, filterFor, rangeRows, big, offset };
}

/** Sanity: the API answers what the direct SQL answers. */
async function checkApiMatchesSql(bench: Bench, admin: Admin, r: Ranges) {
  const api = readApi(bench, admin);
  for (const off of [0, r.offset]) {
    const viaApi = (await api(LIST_PATH, { ...r.rangeQuery(180), limit: LIMIT, offset: off })).data ?? [];
    const viaSql = await directList(bench.exec, bench.db.handle.db, admin.clientRef, r.filterFor(180, off));
    // The page's first column is the urn (src/payouts/answer.ts, answerColumns).
    const same = viaApi.length === viaSql.length && viaApi.every((row, i) => row.urn === viaSql[i]![0]);
    if (!same || viaApi.length !== LIMIT)
      throw new Error(`offset ${off}: API answered ${viaApi.length} rows, SQL ${viaSql.length}; differ`);
  }
  for (const days of [30, 180]) {
    const c = (await api(COUNT_PATH, r.rangeQuery(days))).count;
    if (c !== r.rangeRows[days]) throw new Error(`count ${days}d: API ${c}, SQL ${r.rangeRows[days]}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

/** The list and count cases, each through the API and as direct SQL; the session cache's hits and misses. */
async function measureCases(bench: Bench, admin: Admin, r: Ranges) {
  console.log(`\nMeasuring (${WARMUP} warm-up + ${R} timed runs each)…`);
  const api = readApi(bench, admin);
  const { exec, server } = bench;
  const db = bench.db.handle.db;
  const { clientRef } = admin;
  const { rangeQuery, filterFor, offset, big } = r;
  const cases: Case[] = [
    {
      name: 'list 180d, offset 0, limit 10',
      rows: fmtInt(big),
      api: () => api(LIST_PATH, { ...rangeQuery(180), limit: LIMIT, offset: 0 }),
      sql: () => directList(exec, db, clientRef, filterFor(180, 0)),
    },
    {
      name: `list 180d, offset ${fmtInt(offset)}, limit 10`,
      rows: fmtInt(big),
      api: () => api(LIST_PATH, { ...rangeQuery(180), limit: LIMIT, offset }),
      sql: () => directList(exec, db, clientRef, filterFor(180, offset)),
    },
    {
      name: 'count 30d',
      rows: fmtInt(r.rangeRows[30]!),
      api: () => api(COUNT_PATH, rangeQuery(30)),
      sql: () => directCount(exec, db, clientRef, filterFor(30, 0)),
    },
    {
      name: 'count 180d',
      rows: fmtInt(big),
      api: () => api(COUNT_PATH, rangeQuery(180)),
      sql: () => directCount(exec, db, clientRef, filterFor(180, 0)),
    },
  ];
  const results: CaseResult[] = [];
  const cacheBefore = server.sessions.stats();
  for (const c of cases) {
    const [a, s] = await measure([c.api, c.sql]);
    results.push({ c, api: a!, sql: s! });
  }
  const cacheAfter = server.sessions.stats();
  return { results, cacheBefore, cacheAfter };
}

/**
 * For contrast and scale: the naive queries, the count statement alone, the guard's session lookup, the API
 * floor, and the same first page through a second server on the same database with the session cache off (what
 * the guard costs when it reads the session on every call, as before the cache).
 */
async function measureContrast(bench: Bench, admin: Admin, r: Ranges): Promise<[string, Stats][]> {
  const { exec, keys, configEnv } = bench;
  const { app } = bench.server;
  const uncached = await createServer(
    loadConfig({ ...configEnv, SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '0' }),
    { handle: { ...bench.db.handle, close: async () => {} }, keys, webDist: null, logger: false },
  );
  const f180 = r.filterFor(180, 0);
  const range180 = [admin.clientRef, f180.from.toISOString(), f180.to.toISOString()];
  const health = async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { accept: 'application/json' } });
    if (res.statusCode !== 200) throw new Error(`/health: ${res.statusCode}`);
  };
  const viaUncached = async () => {
    const qs = new URLSearchParams({ ...r.rangeQuery(180), limit: String(LIMIT), offset: '0' });
    const res = await uncached.app.inject({
      method: 'GET',
      url: `/${bench.config.PROVIDER}/read/${LIST_PATH}?${qs}`,
      headers: admin.headers,
    });
    if (res.statusCode !== 200) throw new Error(`uncached: ${res.statusCode} ${res.body}`);
  };
  const [naivePage, naiveCount, session, probe, floor, noCache] = await measure([
    () => exec(NAIVE_PAGE, [...range180, r.offset, LIMIT]),
    () => exec(NAIVE_COUNT, range180),
    () => exec(SESSION_LOOKUP, [admin.sessionId, new Date().toISOString(), 1]),
    () => {
      const q = intervalSql(bench.db.handle.db, admin.clientRef, f180);
      return exec(q.sql, q.params);
    },
    health,
    viaUncached,
  ]);
  await uncached.close();
  return [
    [`naive: order by created_at desc offset ${fmtInt(r.offset)} limit 10 (180d)`, naivePage!],
    ['naive: count(*) over the 180-day range', naiveCount!],
    ['count statement alone (both probes), for scale', probe!],
    ['auth guard session lookup (on a session-cache miss)', session!],
    ['API floor: GET /health through app.inject (no auth, no SQL)', floor!],
    ['API list 180d offset 0, session cache off (SESSION_CACHE_SECONDS=0)', noCache!],
  ];
}

/** The command palette's global search, through the API: what a user types, timed and printed. */
async function measureSearch(bench: Bench, admin: Admin, payouts: number) {
  const p = bench.config.PROVIDER;
  const search = async (q: string) => {
    const res = await bench.server.app.inject({
      method: 'GET',
      url: `/${p}/read/search/global?${new URLSearchParams({ q })}`,
      headers: admin.headers,
    });
    if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: unknown[] }>().data.length;
  };
  const typed = await searchCases(bench.exec, admin.clientRef, N);
  const found = await Promise.all(typed.map((c) => search(c.q)));
  const searchStats = await measure(typed.map((c) => () => search(c.q)));
  console.log(
    `\nGlobal search: GET /${p}/read/search/global?q=… through app.inject (ms; ${fmtInt(payouts)} payouts, ` +
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
  return { slowest: { c: typed[slowest]!, stats: searchStats[slowest]! } };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest search, a two-letter search, the count and the deep page. */
async function printPlans({ exec, db }: Bench, admin: Admin, r: Ranges, slowest: SearchCase) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS), global search of the slowest query and of two letters');
  for (const q of new Set([slowest.q, 'ka'])) {
    for (const [what, statement] of searchStatements(db.handle.db, admin.clientRef, q)) {
      if (statement) await explain(exec, `search "${q}": ${what}`, statement.sql, statement.params);
    }
  }
  console.log('\nEXPLAIN (ANALYZE, BUFFERS), 180-day range');
  const count = intervalSql(db.handle.db, admin.clientRef, r.filterFor(180, 0));
  await explain(exec, 'count: both ends of the seq interval (one statement)', count.sql, count.params);
  const page = pageSql(db.handle.db, admin.clientRef, r.filterFor(180, r.offset));
  await explain(exec, `page at offset ${fmtInt(r.offset)} (one statement)`, page.sql, page.params);
}

// ---------------------------------------------------------------------------------------------------------
// Main

/** The phases in order: set up and seed, check, measure, print the results, the plans and the goals. */
async function run(bench: Bench, started: number) {
  await printSetup(bench, started);
  const admin = await signInAdmin(bench);
  console.log(`\nSeeding ${fmtInt(N)} payouts for ${admin.company}`);
  const now = Date.now();
  const inv = await seed(bench, admin, now);
  const ranges = await resolveRanges(bench, admin, now);
  await checkApiMatchesSql(bench, admin, ranges);
  const measured = await measureCases(bench, admin, ranges);
  const contrast = await measureContrast(bench, admin, ranges);
  const { results, cacheBefore: before, cacheAfter: after } = measured;
  printResults(results, { before, after, ttlSeconds: bench.config.SESSION_CACHE_SECONDS }, contrast);
  const { slowest } = await measureSearch(bench, admin, inv.count as number);
  await printPlans(bench, admin, ranges, slowest.c);
  printGoals(results, { offset: ranges.offset, requested: OFFSET, big: ranges.big }, slowest);
}

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
    await run({ config, configEnv, keys, db, server, exec: rawExec(db.handle) }, started);
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

await main();
