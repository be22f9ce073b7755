/**
 * Fabric overhead benchmark (not a test: it prints figures and always exits 0 unless it crashes).
 *
 * What a call costs beyond its product's own logic: the API-key check, the credit charge and the masked log row
 * (and the event notification), per call, p50/p95. Starts the real server (createServer: migrations, demo seed,
 * routes) on a fresh database, creates an API key for Acme Retail, then times, one call at a time:
 *
 * - `direct`: the product's `run` called directly (what the product costs by itself);
 * - `pipeline`: `callProduct` (fabric/pipeline.ts: balance check, run, charge + log in one transaction);
 * - `http`: `POST /v2/fabric/{slug}` with HTTP Basic key_id:key_secret through fastify's `inject` (the whole
 *   HTTP pipeline without a socket: routing, JSON, validation, the key check, the pipeline, serialisation).
 *
 * The overhead is `http − direct` (and `pipeline − direct`) at each percentile. Goal: ≤ 2 ms at p50.
 * The product is the registered `text-match` when there is one (products/index.ts), else a bench-only
 * stand-in that compares two names (the pipeline is what is measured, not the product).
 *
 *   npm run bench:fabric -- [--r=500] [--warmup=50]
 *   DATABASE_URL=postgres://user:pass@host:5432/postgres npm run bench:fabric
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { freshDatabase } from './fresh-database.ts';
import { z } from 'zod';
import { systemActor } from '../src/audit/actor.ts';
import { createApiKey } from '../src/api-keys/service.ts';
import { loadConfig } from '../src/config/config.ts';
import { loadCredits } from '../src/credits/credits.ts';
import { clients } from '../src/db/schema.ts';
import { callProduct } from '../src/fabric/pipeline.ts';
import type { FabricProduct, ProductContext } from '../src/fabric/product.ts';
import { PRODUCTS } from '../src/fabric/products/index.ts';
import { createServer } from '../src/server.ts';

function option(name: string, env: string): number | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[env];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}
const R = Math.max(10, option('r', 'BENCH_R') ?? 500);
const WARMUP = option('warmup', 'BENCH_WARMUP') ?? 50;
const GOAL_MS = 2;
const DATABASE_URL = process.env.DATABASE_URL || undefined;

const standInBody = z.object({ name: z.string().min(1).max(200), other: z.string().min(1).max(200) });
/** Bench-only stand-in, used only when no text-match product is registered. */
const standIn: FabricProduct<typeof standInBody> = {
  slug: 'text-match',
  price: 1,
  body: standInBody,
  maskRequest: (b) => ({ name: b.name, other: b.other }),
  async run(b) {
    const norm = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z ]/g, '')
        .split(/\s+/)
        .sort()
        .join(' ');
    const match = norm(b.name) === norm(b.other);
    const result = { score: match ? 100 : 0, verdict: match ? 'MATCH' : 'NO_MATCH' };
    return {
      status: 'SUCCESS',
      resultCode: result.verdict,
      message: null,
      result,
      maskedResult: result,
    };
  },
};
const registered = PRODUCTS.find((p) => p.slug === 'text-match');
const product: FabricProduct = registered ?? standIn;
const body = registered?.demo?.[0] ?? { name: 'Asha Menon', other: 'MENON, ASHA' };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
async function time(label: string, fn: (i: number) => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < R; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: pct(samples, 0.5), p95: pct(samples, 0.95) };
}

const { handle, drop } = await freshDatabase(DATABASE_URL);
const config = loadConfig({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'meridian-bench-')),
  JOBS: 'off',
  LOG_LEVEL: 'silent',
  SEED_DEMO_FLOW: 'false',
});
const server = await createServer(config, { handle, webDist: null, fabricProducts: [product] });
try {
  const [acme] = await handle.db.select().from(clients).where(eq(clients.companyCommonName, 'Acme Retail'));
  const clientRef = acme!.id;
  await loadCredits(handle.db, {
    clientRef,
    credits: (R + WARMUP) * 3 * Math.max(product.price, 1),
    reference: 'BENCH',
    actor: 'bench',
  });
  const key = await createApiKey(handle.db, systemActor(clientRef, 'bench'), { name: 'bench' });
  const authorization = `Basic ${Buffer.from(`${key.key_id}:${key.key_secret}`).toString('base64')}`;
  const ctx = (i: number): ProductContext => ({
    db: handle.db,
    clientRef,
    urn: `FABBENCH${i}`,
    now: new Date(),
    publicUrl: 'http://localhost',
    provider: config.PROVIDER,
    findCall: async () => null,
    saveState: async () => {},
    replaceState: async () => true,
  });
  const parsed = product.body.parse(body) as Record<string, unknown>;
  const direct = await time('direct (product.run)', async (i) => {
    await product.run(parsed, ctx(i));
  });
  const pipeline = await time('pipeline (callProduct)', async (i) => {
    await callProduct(handle.db, {
      caller: {
        clientRef,
        channel: 'api_key',
        apiKeyId: key.key_id,
        actor: { email: `api_key:${key.key_id}` },
      },
      product,
      body: { customer_reference_number: `BENCH-P-${i}`, ...parsed },
      provider: config.PROVIDER,
      publicUrl: 'http://localhost',
    });
  });
  const http = await time('http (POST with API key)', async (i) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/v2/fabric/${product.slug}`,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ customer_reference_number: `BENCH-H-${i}`, ...parsed }),
    });
    if (res.statusCode !== 200) throw new Error(`call failed: ${res.statusCode} ${res.body}`);
  });

  const fmt = (n: number) => n.toFixed(3).padStart(8);
  console.log(
    `fabric overhead — ${handle.kind}, product ${product.slug} (${registered ? 'registered' : 'bench stand-in'}), ` +
      `${R} calls each after ${WARMUP} warm-up; ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`${'ms'.padEnd(28)}${'p50'.padStart(8)}${'p95'.padStart(8)}`);
  for (const r of [direct, pipeline, http]) console.log(`${r.label.padEnd(28)}${fmt(r.p50)}${fmt(r.p95)}`);
  const over = { p50: http.p50 - direct.p50, p95: http.p95 - direct.p95 };
  console.log(
    `${'overhead: pipeline − direct'.padEnd(28)}${fmt(pipeline.p50 - direct.p50)}${fmt(pipeline.p95 - direct.p95)}`,
  );
  console.log(`${'overhead: http − direct'.padEnd(28)}${fmt(over.p50)}${fmt(over.p95)}`);
  console.log(
    over.p50 <= GOAL_MS
      ? `goal met: ${over.p50.toFixed(2)} ms ≤ ${GOAL_MS} ms of overhead at p50`
      : `goal missed: ${over.p50.toFixed(2)} ms > ${GOAL_MS} ms of overhead at p50`,
  );
} finally {
  await server.close();
  await drop();
}
