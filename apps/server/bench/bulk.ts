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
import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { freshDatabase } from './fresh-database.ts';
import { BULK_COLUMNS } from '@meridian/contract/bulk';
import { loadConfig } from '../src/config/config.ts';
import { loadKeys } from '../src/config/keys.ts';
import { queryRows } from '../src/db/database.ts';
import { processBulk } from '../src/bulk/service.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { createServer, type Server } from '../src/server.ts';
import { sql } from 'drizzle-orm';

function option(name: string, env: string): number | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[env];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

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
    const app = server.app;
    const p = config.PROVIDER;
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
    const tokens = signIn.json<{ access_token: string; client_id: string }>();
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${tokens.access_token}`,
      client_id: tokens.client_id,
    };
    const [client] = await queryRows<{ id: number }>(
      db.handle.db,
      sql`SELECT id FROM clients WHERE client_id = ${tokens.client_id}`,
    );
    const clientRef = Number(client!.id);
    const balance = await app.inject({ method: 'GET', url: `/${p}/read/fetch/balance`, headers });
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

    const rows = (tag: string) =>
      Array.from({ length: ROWS }, (_, i) => {
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
    const csv = (rs: Record<string, string>[]) =>
      Buffer.from(
        [BULK_COLUMNS.join(','), ...rs.map((r) => BULK_COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n'),
      );
    const xlsx = async (rs: Record<string, string>[]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Payouts');
      ws.addRow([...BULK_COLUMNS]);
      for (const r of rs) ws.addRow(BULK_COLUMNS.map((c) => r[c] ?? ''));
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const fileRows = rows('BENCH');
    const files = { csv: csv(fileRows), xlsx: await xlsx(fileRows) };
    console.log(
      `  file       CSV ${(files.csv.length / 1024).toFixed(0)} KB, XLSX ${(files.xlsx.length / 1024).toFixed(0)} KB`,
    );

    console.log('\nValidation (POST /bulk/validate, multipart, the whole pipeline)');
    for (const format of ['csv', 'xlsx'] as const) {
      const times: number[] = [];
      for (let i = 0; i < R + 1; i++) {
        const body = multipart(files[format], `bench.${format}`);
        const t = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: `/${p}/bulk/validate`,
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

    console.log(
      `\nProcessing (POST /bulk/bulk_payout, then ${JOBS ? 'the pg-boss worker' : 'processBulk'} until COMPLETED)`,
    );
    const body = multipart(files.csv, 'bench.csv');
    const t0 = performance.now();
    // A dashboard session's submission carries its step-up token (the password: admin@acme.test has no second factor).
    const stepUp = await app.inject({
      method: 'POST',
      url: '/v2/auth/step-up',
      headers,
      payload: { encrypted_password: encrypted },
    });
    const stepUpToken = stepUp.json<{ step_up_token: string }>().step_up_token;
    const submitted = await app.inject({
      method: 'POST',
      url: `/${p}/bulk/bulk_payout`,
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
    const tSubmit = performance.now() - t0;
    console.log(`  submit     ${ms(tSubmit)} ms (checked again, stored with its rows and file)`);
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    let status = '';
    if (JOBS) {
      for (;;) {
        const res = await app.inject({ method: 'GET', url: `/${p}/read/fetch/bulk/${urn}`, headers });
        const b = res.json<{ status: string; pending: number }>();
        status = b.status;
        if (b.pending === 0 && status !== 'PROCESSING' && status !== 'QUEUED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } else {
      status = (await processBulk(db.handle.db, { clientRef, urn }, { railTimeScale: 1 })) ?? 'none';
    }
    const seconds = (performance.now() - t1) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const [count] = await queryRows<{ n: number }>(
      db.handle.db,
      sql`SELECT count(*)::int AS n FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
          JOIN payouts p ON p.client_ref = li.client_ref AND p.id = li.payout_ref WHERE b.urn = ${urn}`,
    );
    console.log(
      `  node CPU   ${((cpu.user + cpu.system) / 1e6).toFixed(1).padStart(6)} s    (this process, while processing; the rest is the database)`,
    );
    console.log(
      `  processed  ${seconds.toFixed(1).padStart(6)} s    ${Math.round(ROWS / seconds).toLocaleString('en-IN')} rows/s   status ${status}, ${count!.n} payouts   goal ≤ ${PROCESSING_GOAL_S} s   ${seconds <= PROCESSING_GOAL_S ? 'MET' : 'MISSED'}`,
    );
  } finally {
    if (server) await server.close();
    else await db.handle.close();
    await db.drop();
  }
}

await main();
