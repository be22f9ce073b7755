/**
 * Report engine benchmark (not a test: it prints figures and exits 0 unless it crashes).
 *
 * Starts the real server (migrations, demo seed) on a fresh database, inserts N payouts for Acme Retail in SQL
 * (./seed-payouts.ts, the same rows bench:payouts uses), then builds the payouts report over the whole year in
 * CSV, JSON and XLSX through the engine's own build (`buildReport`, what the pg-boss job runs: the claim, the
 * count, the keyset pages, the writer, the chunks in the database, READY). For each format it prints the time,
 * rows/s, the file's size and this process's peak RSS growth over the build (sampled every 50 ms), and ends
 * with a Goals table: CSV ≤ 10 s, JSON ≤ 12 s, XLSX ≤ 60 s, peak memory growth ≤ 150 MB each.
 *
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:reports [-- --rows=1000000]
 *
 * Without DATABASE_URL it runs on in-memory PGlite (default 100,000 rows): the database then lives in this
 * process and its memory counts in the growth, so the memory goal is for PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ReportFormat } from '@meridian/contract/reports';
import { systemActor } from '../src/audit/actor.ts';
import { loadConfig } from '../src/config/config.ts';
import { loadKeys } from '../src/config/keys.ts';
import { clients, reports } from '../src/db/schema.ts';
import { dayIn, DEFAULT_TIME_ZONE } from '../src/lists/list-query.ts';
import { buildReport } from '../src/reports/build.ts';
import { createReport } from '../src/reports/engine.ts';
import { REPORT_SOURCES } from '../src/reports/sources/index.ts';
import { createServer, type Server } from '../src/server.ts';
import { freshDatabase } from './fresh-database.ts';
import { rawExec, seedPayouts, type Exec } from './seed-payouts.ts';

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const arg = process.argv.slice(2).find((a) => a.startsWith('--rows='));
const ROWS = Number(
  (arg?.slice(7) ?? process.env.BENCH_ROWS ?? (DATABASE_URL ? '1000000' : '100000')).replace(/_/g, ''),
);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('--rows must be a positive integer');

const GOALS: Record<'csv' | 'json' | 'xlsx', number> = { csv: 10, json: 12, xlsx: 60 };
const MEMORY_GOAL_MB = 150;
const MB = 1024 * 1024;
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Peak RSS above the starting point while `work` runs, sampled every 50 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - base) / MB };
  } finally {
    clearInterval(timer);
  }
}

/** One format's build: its rows, time, file size and peak memory growth. */
type Built = { format: ReportFormat; rows: number; seconds: number; sizeMb: number; growthMb: number };
/** The database the server runs on, raw SQL on its driver, and Acme Retail's client. */
type Bench = {
  db: Awaited<ReturnType<typeof freshDatabase>>;
  exec: Exec;
  clientRef: number;
  product: string;
  /** The report's range: the whole year up to today, in the default time zone. */
  range: { start_date: string; end_date: string };
};

async function printSetup({ db, exec }: Omit<Bench, 'range'>) {
  const [version] = await exec('select version()');
  console.log('Report engine benchmark');
  console.log(`  database   ${db.handle.kind} (${db.name}): ${String(version![0]).split(',')[0]}`);
  console.log(
    `  node       ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `  gc         ${(globalThis as { gc?: unknown }).gc ? 'exposed (a collection before each build)' : 'not exposed'}`,
  );
}

async function seed({ db, exec, clientRef }: Omit<Bench, 'range'>) {
  console.log(`\nSeeding ${fmt(ROWS, 0)} payouts for Acme Retail`);
  const seeded = await seedPayouts(
    exec,
    clientRef,
    ROWS,
    db.handle.kind === 'postgresql' ? 200_000 : 20_000,
    Date.now(),
  );
  console.log(`  seeded in ${fmt(seeded.insertMs / 1000)} s (+ ${fmt(seeded.vacuumMs / 1000)} s vacuum)`);
}

/** Builds the payouts report over the year in one format through the engine's own build, timed and printed. */
async function buildOne(
  { db, exec, clientRef, product, range }: Bench,
  format: ReportFormat,
): Promise<Built> {
  const { report } = await createReport(
    db.handle.db,
    systemActor(clientRef, 'bench'),
    { report_type: 'payouts', format, ...range, time_zone: DEFAULT_TIME_ZONE },
    { sources: REPORT_SOURCES, product, permissions: new Set(['audit.read']) },
  );
  const started = performance.now();
  const { result, growthMb } = await peakGrowth(() =>
    buildReport(db.handle.db, { clientRef, urn: report.report_urn }, { sources: REPORT_SOURCES, product }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [row] = await db.handle.db.select().from(reports).where(eq(reports.urn, report.report_urn));
  if (result !== 'built' || row?.status !== 'READY')
    throw new Error(`${format}: ${result} ${row?.status} ${row?.error}`);
  const rows = Number(row.rowsWritten);
  const sizeMb = Number(row.sizeBytes) / MB;
  const [stored] = await exec(
    'select coalesce(sum(length(data)), 0)::bigint from report_chunks where report_ref = $1 and attempt = $2',
    [row.id, row.readyAttempt],
  );
  console.log(
    `  ${format.padEnd(4)} ${fmt(rows, 0)} rows in ${fmt(seconds, 2)} s = ${fmt(rows / seconds, 0)} rows/s, ` +
      `${fmt(sizeMb)} MB (stored ${row.contentEncoding}: ${fmt(Number(stored![0]) / MB)} MB), ` +
      `peak RSS growth ${fmt(growthMb)} MB`,
  );
  return { format, rows, seconds, sizeMb, growthMb };
}

function printGoals(results: Built[]) {
  console.log('\nGoals');
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines: [string, string, string][] = [];
  for (const r of results) {
    const goal = GOALS[r.format as keyof typeof GOALS];
    lines.push([
      `${r.format.toUpperCase()} ${fmt(r.rows, 0)} rows ≤ ${goal} s`,
      `${fmt(r.seconds, 2)} s`,
      verdict(r.seconds <= goal),
    ]);
    lines.push([
      `${r.format.toUpperCase()} peak memory growth ≤ ${MEMORY_GOAL_MB} MB`,
      `${fmt(r.growthMb)} MB`,
      verdict(r.growthMb <= MEMORY_GOAL_MB),
    ]);
  }
  const width = [0, 1, 2].map((i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) console.log(`  ${l.map((c, i) => c.padEnd(width[i]!)).join('  ')}`);
  if (ROWS < 1_000_000)
    console.log(`  (on ${fmt(ROWS, 0)} rows: the goals are for 1,000,000 payouts on PostgreSQL)`);
  console.log(
    `  load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

async function main() {
  const benchDir = join(import.meta.dirname, '..', '..', '..', '.tmp', 'bench');
  mkdirSync(benchDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: benchDir, JOBS: 'off', SEED_DEMO: 'true', LOG_LEVEL: 'silent' });
  const keys = loadKeys(config);
  const db = await freshDatabase(DATABASE_URL);
  let server: Server | undefined;
  try {
    server = await createServer(config, { handle: db.handle, keys, webDist: null, logger: false });
    const [acme] = await db.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyCommonName, 'Acme Retail'));
    const exec = rawExec(db.handle);
    const bench = { db, exec, clientRef: acme!.id, product: config.PROVIDER };
    await printSetup(bench);
    await seed(bench);
    const timeZone = DEFAULT_TIME_ZONE;
    const range = { start_date: dayIn(timeZone, -365), end_date: dayIn(timeZone, 0) };
    const results: Built[] = [];
    for (const format of ['csv', 'json', 'xlsx'] as const)
      results.push(await buildOne({ ...bench, range }, format));
    printGoals(results);
  } finally {
    if (server) await server.close();
    else await db.handle.close();
    await db.drop();
  }
}

await main();
