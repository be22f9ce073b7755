/**
 * Start and memory benchmark (not a test: it prints figures and always exits 0 unless it crashes).
 *
 * Starts the server as `npm start` does (`node apps/server/src/main.ts`, its own process) on a fresh database and
 * measures what issue 24 sets goals for:
 *   1. the first start (migrations, demo seed, its jobs): the RSS of the listening process once the seed's work
 *      has settled and idle engines have ended (after --settle seconds, default ENGINE_IDLE_MS + 20 s);
 *   2. a second start on the same database (seed present): the time from spawn to the first /health 200, and
 *      its RSS when idle;
 *   3. an API-only process (JOBS=off SEED_DEMO=false) on the same database: its RSS when idle.
 * It ends with a Goals PASS/MISS table.
 *
 *   npm run bench:start -- [--settle=80] [--idle=10] [--starts=3] [--main=<other checkout>/apps/server/src/main.ts]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:start
 *
 * With DATABASE_URL the server runs on a new database created next to the one named there (dropped at the end);
 * without it on PGlite in a new data directory, as `npm start` does. `--starts` repeats the second start and keeps
 * the median. RSS is /proc/<pid>/status VmRSS of the listening process; engine processes it forked (if any are
 * alive) are listed on their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseBeside } from './fresh-database.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/node-flags.ts';

/** The server's entry: this checkout's, or another's with --main=<path> (e.g. a worktree of an older commit). */
const mainArg = process.argv.slice(2).find((a) => a.startsWith('--main='));
const SERVER_MAIN = mainArg
  ? mainArg.slice('--main='.length)
  : join(import.meta.dirname, '..', 'src', 'main.ts');
const REPO_ROOT = join(SERVER_MAIN, '..', '..', '..', '..');
/**
 * The server's V8 settings and start environment, as `npm start` gives them; BENCH_NODE_FLAGS replaces them
 * (space-separated V8 settings, "none" for none; then without SERVER_ENV) to compare settings.
 */
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? [...SERVER_NODE_FLAGS]
    : process.env.BENCH_NODE_FLAGS.split(' ').filter((f) => f !== '' && f !== 'none');
const START_ENV = process.env.BENCH_NODE_FLAGS === undefined ? SERVER_ENV : {};

/** The goals. */
export const GOALS = { firstStartRssMb: 250, apiOnlyRssMb: 150, secondStartMs: 1000 } as const;

// ---------------------------------------------------------------------------------------------------------
// Helpers (exported for other benchmarks)

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Where a server keeps its data: a new, empty PostgreSQL database beside `databaseUrl`, or a PGlite dir. */
export type Storage = { url?: string; dataDir: string; label: string; drop(): Promise<void> };

/** A new empty database (not migrated: the server's first start does that) or a new PGlite data directory. */
export async function freshStorage(databaseUrl: string | undefined): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-start-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!databaseUrl) return { dataDir, label: `PGlite in ${dataDir}`, drop: async () => removeDir() };
  const { url, name, drop } = await databaseBeside(databaseUrl);
  return {
    url,
    dataDir,
    label: `PostgreSQL database ${name}`,
    async drop() {
      await drop();
      removeDir();
    },
  };
}

export type RunningServer = {
  base: string;
  child: ChildProcess;
  pid: number;
  /** Milliseconds from spawn to the first /health answering 200. */
  readyMs: number;
  /** CPU milliseconds the server process used until then (user + system; less sensitive to a busy machine). */
  readyCpuMs: number | null;
  output: string[];
  stop(): Promise<void>;
};

/** Starts `node apps/server/src/main.ts` as `npm start` does, on `storage`, and waits for /health to answer 200. */
export async function startServer(
  storage: Storage,
  env: Record<string, string> = {},
  opts: { pollMs?: number; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...START_ENV,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.url ?? '',
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 20));
  }
  const readyMs = performance.now() - started;
  return { base, child, pid: child.pid!, readyMs, readyCpuMs: cpuMs(child.pid!), output, stop };
}

/** VmRSS of a process in MB (from /proc), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms (from /proc), or null when it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ (clock ticks per second in /proc/<pid>/stat). */
const CLOCK_TICKS = 100;

/** The processes `pid` started that are still alive (engine processes), with their RSS. */
export function childProcesses(pid: number): { pid: number; command: string; rssMb: number }[] {
  let ids: number[] = [];
  try {
    ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return ids.flatMap((id) => {
    const rss = rssMb(id);
    if (rss === null) return [];
    let command = '';
    try {
      command = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // gone
    }
    return [{ pid: id, command, rssMb: rss }];
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// The run

function option(name: string, fallback: number): number {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en', { maximumFractionDigits: digits });
const fmtMb = (n: number | null) => (n === null ? 'gone' : `${fmt(n, 0)} MB`);

function describeChildren(pid: number): string {
  const kids = childProcesses(pid);
  return kids.length
    ? kids.map((k) => `pid ${k.pid} ${fmtMb(k.rssMb)} (${k.command.slice(0, 60)})`).join(', ')
    : 'none';
}

/** 1. First start: migrations, demo seed, its jobs; the RSS every 10 s while it settles, then the last reading. */
async function firstStart(storage: Storage, settle: number): Promise<number | null> {
  const first = await startServer(storage);
  try {
    console.log(
      `\nfirst start: /health 200 after ${fmt(first.readyMs / 1000, 2)} s ` +
        `(${fmt((first.readyCpuMs ?? 0) / 1000, 2)} s of CPU)`,
    );
    const step = 10;
    for (let waited = 0; waited < settle;) {
      const wait = Math.min(step, settle - waited);
      await sleep(wait * 1000);
      waited += wait;
      console.log(
        `  +${fmt(waited, 0)} s: RSS ${fmtMb(rssMb(first.pid))}; engine processes: ${describeChildren(first.pid)}`,
      );
    }
    return rssMb(first.pid);
  } finally {
    await first.stop();
  }
}

type SecondStart = { ms: number; cpu: number | null; rss: number | null };

/** 2. Second starts on the same database: the seed is present, migrations applied. */
async function secondStarts(storage: Storage, starts: number, idle: number): Promise<SecondStart[]> {
  const second: SecondStart[] = [];
  for (let i = 1; i <= starts; i++) {
    const again = await startServer(storage);
    try {
      await sleep(idle * 1000);
      const rss = rssMb(again.pid);
      second.push({ ms: again.readyMs, cpu: again.readyCpuMs, rss });
      console.log(
        `second start #${i}: /health 200 after ${fmt(again.readyMs, 0)} ms (${fmt(again.readyCpuMs ?? 0, 0)} ms ` +
          `of CPU); RSS after ${idle} s idle ${fmtMb(rss)}`,
      );
    } finally {
      await again.stop();
    }
  }
  return second;
}

/** 3. An API-only process: its RSS after `idle` seconds. */
async function apiOnlyStart(storage: Storage, idle: number): Promise<number | null> {
  const api = await startServer(storage, { JOBS: 'off', SEED_DEMO: 'false' });
  try {
    await sleep(idle * 1000);
    const apiRss = rssMb(api.pid);
    console.log(
      `API-only (JOBS=off SEED_DEMO=false): /health 200 after ${fmt(api.readyMs, 0)} ms; RSS after ${idle} s ` +
        `idle ${fmtMb(apiRss)}`,
    );
    return apiRss;
  } finally {
    await api.stop();
  }
}

function printGoals(
  databaseUrl: string | undefined,
  firstRss: number | null,
  apiRss: number | null,
  second: SecondStart[],
) {
  const medianStart = [...second].sort((a, b) => a.ms - b.ms)[Math.floor((second.length - 1) / 2)];
  const rows: [string, string, string, boolean][] = [
    [
      'RSS idle after the first start (demo seed)',
      fmtMb(firstRss),
      `<= ${GOALS.firstStartRssMb} MB`,
      firstRss !== null && firstRss <= GOALS.firstStartRssMb,
    ],
    [
      'RSS of an API-only process, idle',
      fmtMb(apiRss),
      `<= ${GOALS.apiOnlyRssMb} MB`,
      apiRss !== null && apiRss <= GOALS.apiOnlyRssMb,
    ],
    [
      'second start to /health 200 (median)',
      medianStart ? `${fmt(medianStart.ms, 0)} ms` : '–',
      `<= ${GOALS.secondStartMs} ms`,
      !!medianStart && medianStart.ms <= GOALS.secondStartMs,
    ],
  ];
  console.log(`\nGoals (${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load ${loadavg()[0]!.toFixed(2)})`);
  for (const [what, value, goal, pass] of rows)
    console.log(`  ${pass ? 'PASS' : 'MISS'}  ${what.padEnd(44)} ${value.padStart(9)}  (goal ${goal})`);
  if (medianStart?.cpu != null)
    console.log(
      `  (the median second start used ${fmt(medianStart.cpu, 0)} ms of CPU: on a busy machine the wall time ` +
        `waits for the cores)`,
    );
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engineIdleMs = Number(process.env.ENGINE_IDLE_MS || 60_000);
  const settle = option('settle', engineIdleMs / 1000 + 20);
  const idle = option('idle', 10);
  const starts = Math.max(1, Math.round(option('starts', 3)));
  console.log(
    `Start/memory benchmark on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: settle ${settle} s after the first ` +
      `start, ${idle} s idle before other RSS readings, ${starts} second start(s); ` +
      `${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const storage = await freshStorage(databaseUrl);
  console.log(`  storage: ${storage.label}`);
  let firstRss: number | null = null;
  let apiRss: number | null = null;
  let second: SecondStart[] = [];
  try {
    firstRss = await firstStart(storage, settle);
    second = await secondStarts(storage, starts, idle);
    apiRss = await apiOnlyStart(storage, idle);
  } finally {
    await storage.drop();
  }
  printGoals(databaseUrl, firstRss, apiRss, second);
}

if (import.meta.main) await main();
