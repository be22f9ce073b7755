/**
 * Bulk payout benchmark (not a test: it prints figures and exits 0 unless it crashes).
 *
 * Starts the real server (createServer: migrations, demo seed, routes, and pg-boss with the workers unless
 * --jobs=0) on a fresh database, signs in as the demo admin of "Acme Retail", adds 50 beneficiaries through the
 * API, then with a 10,000-row file (half of the rows to those beneficiaries, half straight to an account):
 *
 * 1. validation: `POST /{provider}/bulk/validate` with the file as multipart (CSV, then the same rows as XLSX),
 *    through fastify's `inject` (the whole HTTP pipeline without a socket): R runs each, the median and best;
 * 2. processing: `POST /{provider}/bulk/bulk_payout`, then until the bulk is COMPLETED: with jobs (default) the
 *    pg-boss worker does it (its rail steps and the payouts' jobs run beside it, as in production); with
 *    --jobs=0 the job's handler (`processBulk`) is called directly. Printed in seconds with rows/s.
 *
 *   npm run bench:bulk -- [--rows=10000] [--r=5] [--jobs=1]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:bulk
 *
 * With DATABASE_URL a new database is created next to the one named there and dropped at the end; without it
 * the server runs on in-memory PGlite. Goals (issue 11): validation ≤ 1 s; processing ≤ 30 s on PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { encryptForServer } from './demo-sign-in.ts';
import { freshDatabase } from './fresh-database.ts';
import { intOption as option } from './options.ts';
import { BULK_COLUMNS } from '@meridian/contract/bulk';
import { loadConfig } from '../src/config/config.ts';
import { loadKeys, type KeyMaterial } from '../src/config/keys.ts';
import { queryRows } from '../src/db/database.ts';
import { processBulk } from '../src/bulk/service.ts';
import { createServer, type Server } from '../src/server.ts';
import { sql } from 'drizzle-orm';

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const ROWS = option('rows', 'BENCH_ROWS') ?? 10_000;
const R = Math.max(1, option('r', 'BENCH_R') ?? 5);
const JOBS = (option('jobs', 'BENCH_JOBS') ?? 1) !== 0;
const VALIDATION_GOAL_MS = 1000;
const PROCESSING_GOAL_S = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => x.toFixed(0).padStart(6);

function multipart(file: Buffer, fileName: string) {
  const boundary = `----bench${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The server under measure on its fresh database, and the demo admin's session. */
type Bench = {
  server: Server;
  db: Awaited<ReturnType<typeof freshDatabase>>;
  product: string;
  headers: Record<string, string>;
  /** The demo password encrypted for the server (signing in, and the step-up of the submission). */
  encrypted: string;
  clientRef: number;
};

/** Signs in as the demo admin of Acme Retail through /v2/auth/token; answers the headers of its calls. */
async function signIn(server: Server, keys: KeyMaterial, db: Bench['db']) {
  const encrypted = encryptForServer(keys.passwordPublicPem);
  const res = await server.app.inject({
    method: 'POST',
    url: '/v2/auth/token',
    headers: { accept: 'application/json' },
    payload: { grant_type: 'user_credentials', email: 'admin@acme.test', encrypted_password: encrypted },
  });
  const tokens = res.json<{ access_token: string; client_id: string }>();
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${tokens.access_token}`,
    client_id: tokens.client_id,
  };
  const [client] = await queryRows<{ id: number }>(
    db.handle.db,
    sql`SELECT id FROM clients WHERE client_id = ${tokens.client_id}`,
  );
  return { headers, encrypted, clientRef: Number(client!.id) };
}

/** 50 beneficiaries (BENCH-0 … BENCH-49) through the API, paid from the client's first account. */
async function addBeneficiaries({ server, product, headers }: Bench) {
  const { app } = server;
  const balance = await app.inject({ method: 'GET', url: `/${product}/read/fetch/balance`, headers });
  const account = (balance.json() as { data: { account_number: string }[] }).data[0]!.account_number;
  for (let i = 0; i < 50; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/banking/beneficiary',
      headers,
      payload: {
        beneficiary_code: `BENCH-${i}`,
        beneficiary_name: `Bench Vendor ${String.fromCharCode(65 + (i % 26))}`,
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account,
        beneficiary_account_number: `5010000${String(i).padStart(7, '0')}`,
        ifsc_code: 'HDFC0000001',
      },
    });
    if (res.statusCode !== 201) throw new Error(`beneficiary: ${res.statusCode} ${res.body}`);
  }
}

/** ROWS rows of a bulk file: even rows to the bench beneficiaries, odd rows straight to an account. */
function fileRows(tag: string): Record<string, string>[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const cells: Record<string, string> =
      i % 2 === 0
        ? { beneficiary_code: `BENCH-${i % 50}`, transfer_type: 'IMPS' }
        : {
            beneficiary_account_number: `60200${String(i).padStart(9, '0')}`,
            ifsc_code: 'ICIC0000001',
            beneficiary_name: 'Sharma Traders',
            transfer_type: 'NEFT',
          };
    return {
      customer_reference_number: `${tag}-${i}`,
      amount: `${1 + (i % 90)}.50`,
      purpose_message: `Bench payout ${i}`,
      ...cells,
    } as Record<string, string>;
  });
}

const csv = (rs: Record<string, string>[]) =>
  Buffer.from(
    [BULK_COLUMNS.join(','), ...rs.map((r) => BULK_COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n'),
  );

async function xlsx(rs: Record<string, string>[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payouts');
  ws.addRow([...BULK_COLUMNS]);
  for (const r of rs) ws.addRow(BULK_COLUMNS.map((c) => r[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Files = { csv: Buffer; xlsx: Buffer };

/** 1. Validation: R runs of each format after one warm-up, the median and the best against the goal. */
async function measureValidation({ server, product, headers }: Bench, files: Files) {
  console.log('\nValidation (POST /bulk/validate, multipart, the whole pipeline)');
  for (const format of ['csv', 'xlsx'] as const) {
    const times: number[] = [];
    for (let i = 0; i < R + 1; i++) {
      const body = multipart(files[format], `bench.${format}`);
      const t = performance.now();
      const res = await server.app.inject({
        method: 'POST',
        url: `/${product}/bulk/validate`,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      const took = performance.now() - t;
      const v = res.json<{ summary?: { valid_rows: number } }>();
      if (res.statusCode !== 200 || v.summary?.valid_rows !== ROWS)
        throw new Error(`validate: ${res.statusCode} ${res.body.slice(0, 500)}`);
      if (i > 0) times.push(took); // the first run warms up
    }
    const m = median(times);
    console.log(
      `  ${format.toUpperCase().padEnd(4)} median ${ms(m)} ms   best ${ms(Math.min(...times))} ms   goal ≤ ${VALIDATION_GOAL_MS} ms   ${m <= VALIDATION_GOAL_MS ? 'MET' : 'MISSED'}`,
    );
  }
}

/** The CSV submitted with the session's step-up token (admin@acme.test has no second factor); answers its urn. */
async function submit({ server, product, headers, encrypted }: Bench, file: Buffer) {
  const { app } = server;
  const body = multipart(file, 'bench.csv');
  const t0 = performance.now();
  const stepUp = await app.inject({
    method: 'POST',
    url: '/v2/auth/step-up',
    headers,
    payload: { encrypted_password: encrypted },
  });
  const stepUpToken = stepUp.json<{ step_up_token: string }>().step_up_token;
  const submitted = await app.inject({
    method: 'POST',
    url: `/${product}/bulk/bulk_payout`,
    headers: {
      ...headers,
      'content-type': body.contentType,
      'idempotency-key': `bench-${Date.now()}`,
      'x-step-up-token': stepUpToken,
    },
    payload: body.payload,
  });
  if (submitted.statusCode !== 201)
    throw new Error(`submit: ${submitted.statusCode} ${submitted.body.slice(0, 500)}`);
  const urn = submitted.json<{ urn: string }>().urn;
  console.log(`  submit     ${ms(performance.now() - t0)} ms (checked again, stored with its rows and file)`);
  return urn;
}

/** Until the bulk is done: the pg-boss worker polled through the API, or the job's handler called directly. */
async function untilProcessed({ server, db, product, headers, clientRef }: Bench, urn: string) {
  if (!JOBS) return (await processBulk(db.handle.db, { clientRef, urn }, { railTimeScale: 1 })) ?? 'none';
  for (;;) {
    const res = await server.app.inject({
      method: 'GET',
      url: `/${product}/read/fetch/bulk/${urn}`,
      headers,
    });
    const b = res.json<{ status: string; pending: number }>();
    if (b.pending === 0 && b.status !== 'PROCESSING' && b.status !== 'QUEUED') return b.status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** 2. Processing: the submission, then the time until COMPLETED, with this process's CPU and the payouts made. */
async function measureProcessing(bench: Bench, files: Files) {
  console.log(
    `\nProcessing (POST /bulk/bulk_payout, then ${JOBS ? 'the pg-boss worker' : 'processBulk'} until COMPLETED)`,
  );
  const urn = await submit(bench, files.csv);
  const t1 = performance.now();
  const cpu0 = process.cpuUsage();
  const status = await untilProcessed(bench, urn);
  const seconds = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const [count] = await queryRows<{ n: number }>(
    bench.db.handle.db,
    sql`SELECT count(*)::int AS n FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
        JOIN payouts p ON p.client_ref = li.client_ref AND p.id = li.payout_ref WHERE b.urn = ${urn}`,
  );
  console.log(
    `  node CPU   ${((cpu.user + cpu.system) / 1e6).toFixed(1).padStart(6)} s    (this process, while processing; the rest is the database)`,
  );
  console.log(
    `  processed  ${seconds.toFixed(1).padStart(6)} s    ${Math.round(ROWS / seconds).toLocaleString('en-IN')} rows/s   status ${status}, ${count!.n} payouts   goal ≤ ${PROCESSING_GOAL_S} s   ${seconds <= PROCESSING_GOAL_S ? 'MET' : 'MISSED'}`,
  );
}

function printSetup(db: Bench['db'], started: number) {
  console.log('Bulk payout benchmark');
  console.log(`  database   ${db.handle.kind} (${db.name})`);
  console.log(
    `  node       ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  rows       ${ROWS.toLocaleString('en-IN')}   repetitions R = ${R}   jobs ${JOBS ? 'pg-boss worker' : 'handler called directly'}`,
  );
  console.log(`  server up in ${ms(performance.now() - started).trim()} ms`);
}

async function main() {
  const benchDir = join(import.meta.dirname, '..', '..', '..', '.tmp', 'bench');
  mkdirSync(benchDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: benchDir,
    JOBS: JOBS ? 'on' : 'off',
    SEED_DEMO: 'true',
    SEED_DEMO_FLOW: 'false',
    LOG_LEVEL: 'silent',
  });
  const keys = loadKeys(config);
  const db = await freshDatabase(DATABASE_URL);
  let server: Server | undefined;
  try {
    const started = performance.now();
    server = await createServer(config, { handle: db.handle, keys, webDist: null, logger: false });
    printSetup(db, started);
    const bench: Bench = { server, db, product: config.PROVIDER, ...(await signIn(server, keys, db)) };
    await addBeneficiaries(bench);
    const rows = fileRows('BENCH');
    const files = { csv: csv(rows), xlsx: await xlsx(rows) };
    console.log(
      `  file       CSV ${(files.csv.length / 1024).toFixed(0)} KB, XLSX ${(files.xlsx.length / 1024).toFixed(0)} KB`,
    );
    await measureValidation(bench, files);
    await measureProcessing(bench, files);
  } finally {
    if (server) await server.close();
    else await db.handle.close();
    await db.drop();
  }
}

await main();
