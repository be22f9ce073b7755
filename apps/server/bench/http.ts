/**
 * HTTP benchmark (not a test: it prints figures and always exits 0 unless it crashes).
 *
 * For each scenario (a set of settings: the request log on, then off) it starts the server as `npm start` does
 * (`node apps/server/src/main.ts`, its own process, demo seed, jobs on) on a fresh database, signs in as the demo
 * admin of "Acme Retail" through /v2/auth/token, and loads each target (the payouts list) with autocannon over
 * real sockets: C connections for D seconds after a warm-up. It prints requests per second, p50 and p99 of each
 * run, the difference between the scenarios, and the request log's size on disk per million requests.
 *
 *   npm run bench:http -- [--duration=12] [--connections=50] [--warmup=3] [--rounds=1] [--settle=5] [--probe=1000]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:http
 *
 * With DATABASE_URL each server runs on a new database created next to the one named there (dropped at the end);
 * without it on PGlite in a new data directory, as `npm start` does. The server logs at `warn` (its request log
 * lines would be measured otherwise). Rounds > 1 run the scenarios in turn again and keep each one's median run.
 * After each load run, a probe sends P requests one at a time on one connection (p50/p99 to the microsecond): what
 * one request costs without the queueing that 50 connections add.
 *
 * To measure more: add a target to TARGETS (a path of the signed-in admin) or a scenario to SCENARIOS (settings).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { freshDatabase } from './fresh-database.ts';

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
const DURATION = option('duration', 'BENCH_DURATION') ?? 12;
const CONNECTIONS = option('connections', 'BENCH_CONNECTIONS') ?? 50;
const WARMUP = option('warmup', 'BENCH_WARMUP') ?? 3;
const ROUNDS = Math.max(1, option('rounds', 'BENCH_ROUNDS') ?? 1);
/** Seconds left to the server after its start (the demo seed's jobs run then) before any load. */
const SETTLE = option('settle', 'BENCH_SETTLE') ?? 5;
/** Requests of the one-connection latency probe (0: none). */
const PROBE = option('probe', 'BENCH_PROBE') ?? 1000;
const SERVER_MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

/** A server configuration to compare: its settings on top of `npm start`'s defaults. */
type Scenario = { name: string; env: Record<string, string>; measureRequestLog?: true };
const SCENARIOS: Scenario[] = [
  { name: 'REQUEST_LOG=off', env: { REQUEST_LOG: 'off' } },
  { name: 'REQUEST_LOG=on', env: { REQUEST_LOG: 'on' }, measureRequestLog: true },
];

/** A request to load: a GET of the signed-in admin (the dashboard's session headers). */
type Target = { name: string; path: string };
const TARGETS: Target[] = [{ name: 'payouts list', path: '/meridian/read/search/transaction/payouts' }];

/** The budget for the request log's cost. */
const MAX_RPS_LOSS = 0.1;
const MAX_P50_ADDED_MS = 0.3;

// ---------------------------------------------------------------------------------------------------------
// The server, as `npm start` runs it

type Running = {
  base: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
  /** Opens the database the server ran on (after `stop`), for the size figures. */
  database: { url?: string; dataDir?: string };
  cleanup(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-http-'));
  let url: string | undefined;
  let drop = async () => {};
  if (DATABASE_URL) {
    const db = await freshDatabase(DATABASE_URL);
    url = db.handle.url;
    await db.handle.close();
    drop = db.drop;
  }
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    output,
    database: url ? { url } : { dataDir },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async cleanup() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo admin through the real token endpoint, the password encrypted as the browser does. */
async function signIn(base: string): Promise<Record<string, string>> {
  const key = (await (await fetch(`${base}/v2/auth/public-key`)).json()) as { public_key: string };
  const encrypted = publicEncrypt(
    { key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(DEMO_PASSWORD),
  ).toString('base64');
  const res = await fetch(`${base}/v2/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'user_credentials',
      email: 'admin@acme.test',
      encrypted_password: encrypted,
    }),
  });
  const tokens = (await res.json()) as { access_token?: string; client_id?: string };
  if (!res.ok || !tokens.access_token || !tokens.client_id)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(tokens)}`);
  return { authorization: `Bearer ${tokens.access_token}`, client_id: tokens.client_id };
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
  /** One request at a time (what one request costs, without queueing): p50 and p99 in ms, to the microsecond. */
  single?: { p50: number; p99: number };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

/**
 * One connection, one request after the other (keep-alive), timed to the microsecond: autocannon's latencies
 * are whole milliseconds and, under 50 connections, mostly queueing.
 */
async function probe(url: string, headers: Record<string, string>, n: number) {
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

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The request log's rows and size on disk (every partition, indexes and TOAST included). */
async function requestLogSize(database: Running['database']): Promise<{ rows: number; bytes: number }> {
  const handle = await openDatabase({ url: database.url, dataDir: database.dataDir ?? null });
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

// ---------------------------------------------------------------------------------------------------------
// Output

const fmt = (n: number, digits = 1) => n.toLocaleString('en', { maximumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const median = (runs: Run[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;

async function main() {
  console.log(
    `HTTP benchmark on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${DURATION} s ` +
      `(+${WARMUP} s warm-up), ${ROUNDS} round(s); ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const runs = new Map<string, Run[]>();
  const sizes: { rows: number; bytes: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const scenario of SCENARIOS) {
      const started = performance.now();
      const server = await startServer(scenario.env);
      try {
        console.log(
          `\n[round ${round}] ${scenario.name}: server up in ${fmt((performance.now() - started) / 1000)} s`,
        );
        const headers = await signIn(server.base);
        await new Promise((r) => setTimeout(r, SETTLE * 1000));
        for (const target of TARGETS) {
          const url = `${server.base}${target.path}`;
          if (WARMUP) await load(url, headers, WARMUP);
          const run: Run = await load(url, headers, DURATION);
          if (PROBE) run.single = await probe(url, headers, PROBE);
          const key = `${target.name} | ${scenario.name}`;
          runs.set(key, [...(runs.get(key) ?? []), run]);
          console.log(
            `  ${target.name}: ${fmt(run.rps)} req/s, p50 ${fmt(run.p50, 2)} ms, p99 ${fmt(run.p99, 2)} ms ` +
              `(${fmt(run.requests, 0)} requests, ${run.non2xx} non-2xx, ${run.errors} errors)` +
              (run.single
                ? `; one connection: p50 ${fmt(run.single.p50, 3)} ms, p99 ${fmt(run.single.p99, 3)} ms`
                : ''),
          );
        }
        await server.stop();
        if (scenario.measureRequestLog) sizes.push(await requestLogSize(server.database));
      } finally {
        await server.stop();
        await server.cleanup();
      }
    }
  }

  console.log('\nSummary (median run of each)');
  const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${fmt(n, digits)}`;
  for (const target of TARGETS) {
    const [off, on] = SCENARIOS.map((s) => median(runs.get(`${target.name} | ${s.name}`) ?? []));
    if (!off || !on) continue;
    for (const [s, r] of [
      [SCENARIOS[0]!, off],
      [SCENARIOS[1]!, on],
    ] as const)
      console.log(
        `  ${target.name} ${s.name.padEnd(16)} ${fmt(r.rps).padStart(8)} req/s  p50 ${fmt(r.p50, 2)} ms  ` +
          `p99 ${fmt(r.p99, 2)} ms` +
          (r.single
            ? `  | one connection p50 ${fmt(r.single.p50, 3)} ms p99 ${fmt(r.single.p99, 3)} ms`
            : ''),
      );
    const change = (on.rps - off.rps) / off.rps;
    console.log(
      `  difference (on − off): ${signed(change * 100, 1)} % req/s (budget −${MAX_RPS_LOSS * 100} %: ` +
        `${change >= -MAX_RPS_LOSS ? 'within' : 'OVER'}), p50 ${signed(on.p50 - off.p50, 2)} ms, ` +
        `p99 ${signed(on.p99 - off.p99, 2)} ms at ${CONNECTIONS} connections`,
    );
    if (on.single && off.single) {
      const added = on.single.p50 - off.single.p50;
      console.log(
        `  one connection: p50 ${signed(added, 3)} ms (budget +${MAX_P50_ADDED_MS} ms: ` +
          `${added <= MAX_P50_ADDED_MS ? 'within' : 'OVER'}), p99 ${signed(on.single.p99 - off.single.p99, 3)} ms`,
      );
    }
  }
  for (const size of sizes) {
    const perMillion = size.rows ? (size.bytes / size.rows) * 1e6 : 0;
    console.log(
      `  request_log: ${fmt(size.rows, 0)} rows in ${mb(size.bytes)} (partitions, indexes, TOAST) → ` +
        `${fmt(perMillion / 1024 / 1024 / 1024, 2)} GB per million requests (${fmt(size.bytes / Math.max(size.rows, 1), 0)} B a row)`,
    );
  }
}

await main();
