/**
 * HTTP benchmark of one server process (not a test: it prints figures and always exits 0 unless it crashes).
 *
 * It starts the server as `npm start` does (`node apps/server/src/main.ts`, its own process, demo seed, jobs on)
 * on a fresh database, and measures what a client of one process receives:
 *   1. the RSS of the listening process idle after its first start, once the seed's jobs and engines have settled;
 *   2. throughput: autocannon over real sockets (C connections for D seconds after a warm-up) on /health, the
 *      payouts list, its count, a payout's details and the global search, signed in as the demo admin of "Acme
 *      Retail" through /v2/auth/token: req/s, p50/p99, non-2xx and errors;
 *   3. the RSS after N more list requests (sampled every N/4: flat or growing), and after 35 s idle;
 *   4. a second start on the same database (seed present): the time from spawn to the first /health 200;
 *   5. an API-only process (JOBS=off SEED_DEMO=false) on that database: its RSS idle after one signed-in list
 *      request (a process in service, not only started);
 * and ends with a Goals table (PASS/MISS against issue 24's goals) with the machine's load average.
 *
 *   npm run bench:http -- [--duration=15] [--connections=50] [--warmup=3] [--settle=80] [--soak=100000]
 *                         [--cpu-prof] [--compare=request-log] [--rounds=1] [--probe=1000]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:http
 *
 * With DATABASE_URL the server runs on a new database created next to the one named there (dropped at the end);
 * without it on PGlite in a new data directory, as `npm start` does. The server logs at `warn`.
 *
 * --cpu-prof: the server runs with node's --cpu-prof; after the run the benchmark prints where the listening
 * process spent its CPU during each target's load (the top functions by self time, from the profile's samples
 * inside that load's window), and keeps the .cpuprofile files (Chrome DevTools opens them).
 *
 * --compare=request-log: instead, issue 23's comparison: the payouts list with the request log off, then on
 * (each on its own server, `--rounds` times), the difference, and the log's size on disk per million requests.
 * After each load run, a probe sends P requests one at a time on one connection (p50/p99 to the microsecond).
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/database.ts';
import { demoSignIn } from './demo-sign-in.ts';
import { printProfiles } from './http-profile.ts';
import { intOption as option } from './options.ts';
import { freshStorage, rssMb, startServer, type RunningServer, type Storage } from './start-memory.ts';

// ---------------------------------------------------------------------------------------------------------
// Options

const flag = (name: string) => process.argv.slice(2).includes(`--${name}`);
const stringOption = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const DURATION = option('duration', 'BENCH_DURATION') ?? 15;
const CONNECTIONS = option('connections', 'BENCH_CONNECTIONS') ?? 50;
const WARMUP = option('warmup', 'BENCH_WARMUP') ?? 3;
const ROUNDS = Math.max(1, option('rounds', 'BENCH_ROUNDS') ?? 1);
/** Requests of the one-connection latency probe of --compare (0: none). */
const PROBE = option('probe', 'BENCH_PROBE') ?? 1000;
/** List requests after the targets, with the RSS sampled every quarter. */
const SOAK = option('soak', 'BENCH_SOAK') ?? 100_000;
/**
 * Seconds left to the first start before the idle RSS is read: the seed's jobs run then, and engines the seed
 * used end after ENGINE_IDLE_MS of idle (60 s by default).
 */
const SETTLE = option('settle', 'BENCH_SETTLE') ?? Number(process.env.ENGINE_IDLE_MS || 60_000) / 1000 + 20;
const CPU_PROF = flag('cpu-prof');
const COMPARE = stringOption('compare');
if (COMPARE !== undefined && COMPARE !== 'request-log') throw new Error('--compare must be request-log');

/** Issue 24's goals for one process. */
const GOALS = {
  firstStartIdleRssMb: 250,
  apiOnlyRssMb: 150,
  afterSoakRssMb: 300,
  /** "Flat": the RSS grows by at most this share over the soak's second half. */
  soakGrowth: 0.05,
  listRps: 3000,
  listP99Ms: 50,
  listShareOfHealth: 0.15,
  secondStartMs: 1000,
} as const;

/** The request log's budget (issue 23), for --compare=request-log. */
const MAX_RPS_LOSS = 0.1;
const MAX_P50_ADDED_MS = 0.3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// Signing in and the targets

type Session = Record<string, string>;

const signIn = (base: string): Promise<Session> => demoSignIn(base);

const LIST = '/meridian/read/search/transaction/payouts';

/** A request to load: a GET, signed in unless `public`. */
type Target = { name: string; path: string; public?: true };

/** The targets, with a real payout of the list (its urn, its customer reference) for the details and the search. */
async function targets(base: string, session: Session): Promise<Target[]> {
  const res = await fetch(`${base}${LIST}`, { headers: session });
  const page = (await res.json()) as { data?: { urn: string; customer_reference_number: string }[] };
  const payout = page.data?.[0];
  if (!res.ok || !payout) throw new Error(`the payouts list has no payout to look up: ${res.status}`);
  return [
    { name: '/health', path: '/health', public: true },
    { name: 'payouts list', path: LIST },
    { name: 'payouts count', path: '/meridian/read/count/transaction/payouts' },
    { name: 'payout details', path: `/meridian/read/fetch/transaction/payouts/${payout.urn}` },
    {
      name: 'global search',
      path: `/meridian/read/search/global?q=${encodeURIComponent(payout.customer_reference_number)}`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Load

type Run = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The load's window on the monotonic clock (µs), to cut the CPU profile. */
  window: [number, number];
  /** One request at a time (what one request costs, without queueing): p50 and p99 in ms. */
  single?: { p50: number; p99: number };
};

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function load(
  url: string,
  headers: Session,
  opts: { seconds?: number; amount?: number },
): Promise<Run> {
  const from = nowUs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    headers,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? DURATION }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    window: [from, nowUs()],
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

/** One connection, one request after the other (keep-alive), timed to the microsecond. */
async function probe(url: string, headers: Session, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n + 50; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`probe: ${res.status}`);
    if (i >= 50) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

// ---------------------------------------------------------------------------------------------------------
// Output

const fmt = (n: number, digits = 1) => n.toLocaleString('en', { maximumFractionDigits: digits });
const fmtMb = (n: number | null) => (n === null ? 'gone' : `${fmt(n, 0)} MB`);
const describe = (r: Run) =>
  `${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50, 1).padStart(4)} ms  p99 ${fmt(r.p99, 1).padStart(5)} ms  ` +
  `(${fmt(r.requests, 0)} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;

function header(mode: string) {
  console.log(
    `HTTP benchmark (${mode}) on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ` +
      `${DURATION} s (+${WARMUP} s warm-up); ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
}

/** Waits until the process's RSS has not moved by more than 2 MB for `quietMs` (GC settled), at most `maxMs`. */
async function settledRss(pid: number, quietMs = 3000, maxMs = 15_000): Promise<number | null> {
  const deadline = Date.now() + maxMs;
  let last = rssMb(pid);
  let since = Date.now();
  while (Date.now() < deadline) {
    await sleep(500);
    const now = rssMb(pid);
    if (now === null || last === null) return now;
    if (Math.abs(now - last) > 2) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return now;
  }
  return rssMb(pid);
}

// ---------------------------------------------------------------------------------------------------------
// The goals run

type SoakReading = { after: number; rss: number | null };

/** Throughput: each target loaded after its warm-up, printed with the RSS after it; answers the runs by target. */
async function throughput(first: RunningServer, session: Session): Promise<Map<string, Run>> {
  const runs = new Map<string, Run>();
  console.log(`\nthroughput (${CONNECTIONS} connections, ${DURATION} s each)`);
  for (const target of await targets(first.base, session)) {
    const url = `${first.base}${target.path}`;
    const headers = target.public ? {} : session;
    if (WARMUP) await load(url, headers, { seconds: WARMUP });
    const run = await load(url, headers, {});
    runs.set(target.name, run);
    console.log(`  ${target.name.padEnd(15)} ${describe(run)}  RSS ${fmtMb(rssMb(first.pid))}`);
  }
  console.log(`  RSS after the loads: ${fmtMb(rssMb(first.pid))}`);
  return runs;
}

/** SOAK more list requests, the RSS read after each quarter, then after 35 s idle. */
async function soak(first: RunningServer, session: Session): Promise<SoakReading[]> {
  const soakRss: SoakReading[] = [];
  console.log(`\n${fmt(SOAK, 0)} list requests more (RSS every quarter)`);
  const quarter = Math.ceil(SOAK / 4);
  for (let done = quarter; done <= SOAK; done += quarter) {
    const run = await load(`${first.base}${LIST}`, session, { amount: quarter });
    soakRss.push({ after: done, rss: await settledRss(first.pid, 2000, 8000) });
    console.log(
      `  after ${fmt(done, 0).padStart(7)}: RSS ${fmtMb(soakRss.at(-1)!.rss)}  (${fmt(run.rps, 0)} req/s, ` +
        `${run.non2xx} non-2xx, ${run.errors} errors)`,
    );
  }
  // What the process gives back once idle again (lib/memory.ts trims when idle, every 30 s): not the goal's
  // reading, which is the RSS right after the requests.
  await sleep(35_000);
  console.log(`  after 35 s idle: RSS ${fmtMb(await settledRss(first.pid))}`);
  return soakRss;
}

/** The first start (migrations, demo seed): its idle RSS once settled, the throughput runs, the soak. */
async function firstStart(storage: Storage, profEnv: Record<string, string>) {
  const first = await startServer(storage, profEnv);
  console.log(`\nfirst start (migrations, demo seed): /health in ${fmt(first.readyMs / 1000, 2)} s`);
  try {
    const session = await signIn(first.base);
    console.log(`  settling ${SETTLE} s (the seed's jobs, engines ending when idle)…`);
    await sleep(SETTLE * 1000);
    const firstIdle = await settledRss(first.pid);
    console.log(`  RSS idle after the first start: ${fmtMb(firstIdle)}`);
    const runs = await throughput(first, session);
    const soakRss = SOAK ? await soak(first, session) : [];
    return { pid: first.pid, firstIdle, runs, soakRss };
  } finally {
    await first.stop();
  }
}

/** An API-only process (JOBS=off, SEED_DEMO=false): its RSS idle after one signed-in list request. */
async function apiOnlyRssOf(storage: Storage): Promise<number | null> {
  const apiOnly = await startServer(storage, { JOBS: 'off', SEED_DEMO: 'false' });
  try {
    // One signed-in list request, as a balancer's first client would, then idle.
    await fetch(`${apiOnly.base}${LIST}`, { headers: await signIn(apiOnly.base) });
    const apiOnlyRss = await settledRss(apiOnly.pid);
    console.log(
      `\nAPI-only process (JOBS=off, SEED_DEMO=false): /health in ${fmt(apiOnly.readyMs, 0)} ms, RSS idle ${fmtMb(apiOnlyRss)}`,
    );
    return apiOnlyRss;
  } finally {
    await apiOnly.stop();
  }
}

/** What the goals run measured; a reading is null (or absent) when its step did not run. */
type Measured = {
  runs: Map<string, Run>;
  firstIdle: number | null;
  soakRss: SoakReading[];
  second: RunningServer | undefined;
  apiOnlyRss: number | null;
};

function printGoals({ runs, firstIdle, soakRss, second, apiOnlyRss }: Measured) {
  const health = runs.get('/health');
  const list = runs.get('payouts list');
  const last = soakRss.at(-1)?.rss ?? null;
  const half = soakRss[Math.floor(soakRss.length / 2) - 1]?.rss ?? null;
  const growth = last !== null && half !== null ? (last - half) / half : null;
  const rows: [string, string, string, boolean][] = [
    [
      'RSS idle after the first start (demo seed)',
      fmtMb(firstIdle),
      `<= ${GOALS.firstStartIdleRssMb} MB`,
      firstIdle !== null && firstIdle <= GOALS.firstStartIdleRssMb,
    ],
    [
      'RSS of an API-only process, idle',
      fmtMb(apiOnlyRss),
      `<= ${GOALS.apiOnlyRssMb} MB`,
      apiOnlyRss !== null && apiOnlyRss <= GOALS.apiOnlyRssMb,
    ],
    [
      `RSS after ${fmt(SOAK, 0)} list requests (second half)`,
      `${fmtMb(last)} (${growth === null ? '–' : `${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)} %`})`,
      `<= ${GOALS.afterSoakRssMb} MB, <= +${GOALS.soakGrowth * 100} %`,
      last !== null && last <= GOALS.afterSoakRssMb && growth !== null && growth <= GOALS.soakGrowth,
    ],
    [
      'payouts list',
      list ? `${fmt(list.rps, 0)} req/s, p99 ${fmt(list.p99, 0)} ms` : '–',
      `>= ${fmt(GOALS.listRps, 0)} req/s, p99 <= ${GOALS.listP99Ms} ms`,
      !!list && list.rps >= GOALS.listRps && list.p99 <= GOALS.listP99Ms && list.non2xx + list.errors === 0,
    ],
    [
      'the list as a share of /health',
      list && health ? `${fmt((100 * list.rps) / health.rps, 1)} % (health ${fmt(health.rps, 0)})` : '–',
      `>= ${GOALS.listShareOfHealth * 100} %`,
      !!list && !!health && list.rps / health.rps >= GOALS.listShareOfHealth,
    ],
    [
      'second start to /health',
      second ? `${fmt(second.readyMs, 0)} ms` : '–',
      `<= ${fmt(GOALS.secondStartMs, 0)} ms`,
      !!second && second.readyMs <= GOALS.secondStartMs,
    ],
  ];
  const failed = [...runs].filter(([, r]) => r.non2xx + r.errors > 0).map(([name]) => name);
  if (failed.length) console.log(`\nnon-2xx answers or errors in: ${failed.join(', ')}`);
  console.log(
    `\nGoals (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${availableParallelism()} cores; load average now ` +
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  for (const [what, value, goal, pass] of rows)
    console.log(`  ${pass ? 'PASS' : 'MISS'}  ${what.padEnd(44)} ${value.padStart(30)}  (goal ${goal})`);
}

/** Issue 24's goals: the first start and its loads, a second start, an API-only process, then the table. */
async function goals() {
  header('one process, issue 24 goals');
  const storage = await freshStorage(DATABASE_URL);
  const profileDir = CPU_PROF ? mkdtempSync(join(tmpdir(), 'meridian-bench-prof-')) : null;
  const profEnv: Record<string, string> = profileDir
    ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() }
    : {};
  const measured: Measured = {
    runs: new Map(),
    firstIdle: null,
    soakRss: [],
    second: undefined,
    apiOnlyRss: null,
  };
  let listedPid = 0;
  try {
    const first = await firstStart(storage, profEnv);
    listedPid = first.pid;
    Object.assign(measured, { runs: first.runs, firstIdle: first.firstIdle, soakRss: first.soakRss });

    const second = await startServer(storage);
    measured.second = second;
    console.log(`\nsecond start (same database, seed present): /health in ${fmt(second.readyMs, 0)} ms`);
    const secondIdle = await settledRss(second.pid);
    console.log(`  RSS idle: ${fmtMb(secondIdle)}`);
    await second.stop();

    measured.apiOnlyRss = await apiOnlyRssOf(storage);
  } finally {
    await storage.drop();
  }
  if (profileDir) printProfiles(profileDir, listedPid, measured.runs);
  printGoals(measured);
}

// ---------------------------------------------------------------------------------------------------------
// --compare=request-log (issue 23)

/** The request log's rows and size on disk (every partition, indexes and TOAST included). */
async function requestLogSize(storage: Storage): Promise<{ rows: number; bytes: number }> {
  const handle = await openDatabase({ url: storage.url, dataDir: storage.url ? null : storage.dataDir });
  try {
    const [row] = await queryRows<{ rows: number; bytes: string }>(
      handle.db,
      sql`SELECT (SELECT count(*)::int FROM request_log) AS rows,
            (SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0)::text FROM pg_inherits
              WHERE inhparent = 'request_log'::regclass) AS bytes`,
    );
    return { rows: row?.rows ?? 0, bytes: Number(row?.bytes ?? 0) };
  } finally {
    await handle.close();
  }
}

async function compareRequestLog() {
  header(`request log off/on, ${ROUNDS} round(s)`);
  const scenarios = [
    { name: 'REQUEST_LOG=off', env: { REQUEST_LOG: 'off' } },
    { name: 'REQUEST_LOG=on', env: { REQUEST_LOG: 'on' } },
  ] as const;
  const runs = new Map<string, Run[]>();
  const sizes: { rows: number; bytes: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const scenario of scenarios) {
      const storage = await freshStorage(DATABASE_URL);
      try {
        const server = await startServer(storage, scenario.env);
        try {
          console.log(`\n[round ${round}] ${scenario.name}: server up in ${fmt(server.readyMs / 1000)} s`);
          const session = await signIn(server.base);
          await sleep(5000);
          const url = `${server.base}${LIST}`;
          if (WARMUP) await load(url, session, { seconds: WARMUP });
          const run = await load(url, session, {});
          if (PROBE) run.single = await probe(url, session, PROBE);
          runs.set(scenario.name, [...(runs.get(scenario.name) ?? []), run]);
          console.log(
            `  payouts list: ${describe(run)}` +
              (run.single
                ? `; one connection p50 ${fmt(run.single.p50, 3)} ms, p99 ${fmt(run.single.p99, 3)} ms`
                : ''),
          );
        } finally {
          await server.stop();
        }
        if (scenario.env.REQUEST_LOG === 'on') sizes.push(await requestLogSize(storage));
      } finally {
        await storage.drop();
      }
    }
  const median = (list: Run[]) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor((list.length - 1) / 2)]!;
  const [off, on] = scenarios.map((s) => median(runs.get(s.name) ?? []));
  const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${fmt(n, digits)}`;
  console.log('\nSummary (median run of each)');
  if (off && on) {
    const change = (on.rps - off.rps) / off.rps;
    console.log(
      `  difference (on − off): ${signed(change * 100, 1)} % req/s (budget −${MAX_RPS_LOSS * 100} %: ` +
        `${change >= -MAX_RPS_LOSS ? 'within' : 'OVER'}), p99 ${signed(on.p99 - off.p99, 2)} ms`,
    );
    if (on.single && off.single) {
      const added = on.single.p50 - off.single.p50;
      console.log(
        `  one connection: p50 ${signed(added, 3)} ms (budget +${MAX_P50_ADDED_MS} ms: ` +
          `${added <= MAX_P50_ADDED_MS ? 'within' : 'OVER'})`,
      );
    }
  }
  for (const size of sizes) {
    const perMillion = size.rows ? (size.bytes / size.rows) * 1e6 : 0;
    console.log(
      `  request_log: ${fmt(size.rows, 0)} rows in ${fmtMb(size.bytes / 1024 / 1024)} → ` +
        `${fmt(perMillion / 1024 / 1024 / 1024, 2)} GB per million requests`,
    );
  }
}

await (COMPARE === 'request-log' ? compareRequestLog() : goals());
