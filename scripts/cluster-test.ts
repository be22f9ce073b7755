// `npm run test:cluster`: the cluster (scripts/cluster.ts) under faults, through its balancer, on its own ports
// and state directory (removed after):
//  1. read-your-writes: a payout created, then found by the list at once, across both API processes;
//  2. kill -9 of a worker during a 2,000-row bulk: after its restart every row is one payout (the lost job
//     comes back through the bulk's lease and the sweeper, running on while the next faults are tested);
//  3. kill -9 of an API process under list load while payouts are created with Idempotency-Keys: no request the
//     client could not retry safely fails, each payout exists exactly once;
//  4. the replica stopped under list load: reads fall back to the primary within 2 s, no 5xx; after its restart
//     it catches up with a write made while it was down;
//  5. the replica lagging (its replay paused): skipped, another caller reads fresh rows from the primary;
//  6. PgBouncer restarted: requests recover.
// Prints each fault's figures as JSON and exits 1 when a rule is broken. With --bench (npm run bench:cluster) it
// first measures the list with two and with one API process and the replica's lag under writes (benchLoad).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import {
  call,
  createPayout,
  loadList,
  payoutWriters,
  signIn,
  sleep,
  LIST_PATH,
  type Session,
} from './cluster-lib.ts';

const KEEP = process.env.CLUSTER_KEEP === '1';
const BENCH = process.argv.includes('--bench');
const ownDir = !process.env.CLUSTER_DIR;
if (ownDir) {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-cluster-test-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` when this is root: it must reach its directories
  process.env.CLUSTER_DIR = dir;
}
// Ports of its own, so that a cluster started by hand keeps running.
const TEST_PORTS: Record<string, string> = {
  CLUSTER_PORT: '3320',
  CLUSTER_API1_PORT: '3321',
  CLUSTER_API2_PORT: '3322',
  CLUSTER_WORKER_PORT: '3329',
  CLUSTER_STATS_PORT: '3339',
  CLUSTER_PRIMARY_PORT: '55442',
  CLUSTER_REPLICA_PORT: '55443',
  CLUSTER_PGBOUNCER_PORT: '56442',
};
for (const [k, v] of Object.entries(TEST_PORTS)) process.env[k] ??= v;
// The demo without its four-eyes rules (they would hold the bulk), a short idempotency lease (a key held by a
// killed process is free again in 5 s), a fast sandbox rail.
process.env.SEED_DEMO_APPROVALS = 'false';
process.env.IDEMPOTENCY_LEASE_SECONDS ??= '5';
process.env.RAIL_TIME_SCALE ??= '0.05';

const cluster = await import('./cluster.ts');
const { BALANCER_URL, PORTS } = cluster;
const started = Date.now();
const results: Record<string, unknown> = {};
const failures: string[] = [];
const check = (ok: boolean, rule: string) => {
  console.error(`${ok ? 'ok  ' : 'FAIL'} ${rule}`);
  if (!ok) failures.push(rule);
};
const since = (t: number) => Date.now() - t;
const run = Date.now().toString(36).toUpperCase();

/** SQL on the primary's meridian database (as the superuser). */
const sql = (text: string) => cluster.psql(text, PORTS.primary, 'meridian');

/** Each reference's number of payouts: every one must be exactly 1. */
function payoutCounts(prefix: string): Map<string, number> {
  const out = sql(
    `SELECT customer_reference_number, count(*) FROM payouts WHERE customer_reference_number LIKE '${prefix}%' GROUP BY 1`,
  );
  return new Map(
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [crn, n] = l.split('|');
        return [crn ?? '', Number(n)];
      }),
  );
}

type ReplicaHealth = { usable: boolean; up: boolean; replayLsn: string | null; reads: { replica: number } };
async function replicaOf(port: number | undefined): Promise<ReplicaHealth | null> {
  const h = await cluster.httpHealth(port);
  return (h.replica as ReplicaHealth | undefined) ?? null;
}
const lsnValue = (lsn: string | null | undefined) => {
  const [hi, lo] = (lsn ?? '0/0').split('/');
  return (BigInt(`0x${hi ?? '0'}`) << 32n) | BigInt(`0x${lo ?? '0'}`);
};

async function readYourWrites(s: Session) {
  let found = 0;
  const n = 20;
  for (let i = 0; i < n; i++) {
    const crn = `RYW-${run}-${i}`;
    const made = await createPayout(s, crn, crn);
    if (made.status !== 201) continue;
    const list = await call(
      s,
      'GET',
      `${LIST_PATH}?search_key=customer_reference_number&search_value=${crn}`,
    );
    if (((list.body.data as unknown[] | undefined) ?? []).length === 1) found++;
  }
  const reads = (await replicaOf(PORTS.api1))?.reads.replica ?? 0;
  const reads2 = (await replicaOf(PORTS.api2))?.reads.replica ?? 0;
  results.read_your_writes = { writes: n, found_at_once: found };
  check(found === n, `read-your-writes: each of ${n} payouts listed right after its creation (${found})`);
  // Reads of a caller without a recent write do go to the replica.
  const other = { base: s.base, headers: s.headers, cookie: null };
  await sleep(600);
  for (let i = 0; i < 10; i++) await call(other, 'GET', LIST_PATH);
  const after =
    ((await replicaOf(PORTS.api1))?.reads.replica ?? 0) + ((await replicaOf(PORTS.api2))?.reads.replica ?? 0);
  check(after > reads + reads2, `list reads without a pending write are served by the replica (${after})`);
}

/**
 * bench:cluster (`--bench`): the list through the balancer with two API processes and with one (the other
 * drained and stopped), then the replica's lag under a write load (payouts created by 8 writers), sampled on
 * the primary from pg_stat_replication every 100 ms.
 */
async function benchLoad(s: Session) {
  await loadList(s, { connections: 20, seconds: 3 }); // warm-up
  const two = await loadList(s, { connections: 50, seconds: 10 });
  await cluster.stopPart('api2');
  const one = await loadList(s, { connections: 50, seconds: 10 });
  await cluster.startPart('api2');
  results.list_two_api = two;
  results.list_one_api = one;
  console.error(
    `     list: two API processes ${two.rps} req/s (p99 ${two.p99} ms), one ${one.rps} req/s (p99 ${one.p99} ms)`,
  );

  const client = new pg.Client({ connectionString: cluster.urls().direct });
  await client.connect();
  const lagMs: number[] = [];
  const lagBytes: number[] = [];
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      const { rows } = await client.query<{ bytes: string | null; ms: string | null }>(
        `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS bytes,
                (extract(epoch FROM replay_lag) * 1000)::text AS ms FROM pg_stat_replication`,
      );
      const row = rows[0];
      if (row) {
        lagBytes.push(Number(row.bytes ?? 0));
        lagMs.push(Number(row.ms ?? 0));
      }
      await sleep(100);
    }
  })();
  const t = Date.now();
  const made = await payoutWriters(s, `LAG-${run}`, 8, () => Date.now() - t > 10_000);
  stop = true;
  await sampler;
  await client.end();
  const sorted = [...lagMs].sort((a, b) => a - b);
  const pct = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  results.replica_lag_under_writes = {
    payouts_per_s: Math.round((made.filter((m) => m.status === 201).length / (Date.now() - t)) * 1000),
    samples: lagMs.length,
    replay_lag_ms: { p50: pct(0.5), p99: pct(0.99), max: Math.round(Math.max(0, ...lagMs)) },
    max_bytes_behind: Math.max(0, ...lagBytes),
  };
  console.error(`     replica lag under writes: ${JSON.stringify(results.replica_lag_under_writes)}`);
}

async function startBulk(s: Session): Promise<{ urn: string; tag: string; killedAfterMs: number }> {
  const tag = `BULK-${run}`;
  const lines = [
    'customer_reference_number,beneficiary_account_number,ifsc_code,beneficiary_name,amount,transfer_type,purpose_message',
  ];
  for (let i = 0; i < 2000; i++)
    lines.push(`${tag}-${i},50100099887766,HDFC0000001,Sharma Traders,1.00,IMPS,cluster bulk`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'cluster.csv');
  const res = await fetch(`${s.base}/meridian/bulk/bulk_payout`, {
    method: 'POST',
    headers: { ...s.headers, 'x-step-up-token': s.stepUp, 'idempotency-key': `bulk-${run}` },
    body: form,
  });
  const body = (await res.json()) as { urn?: string };
  if (res.status !== 201 || !body.urn) throw new Error(`bulk upload: ${res.status} ${JSON.stringify(body)}`);
  // kill -9 of the worker once it is processing the rows
  const t = Date.now();
  await cluster.waitFor(
    'bulk processing',
    () =>
      Number(
        sql(
          `SELECT count(*) FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref WHERE b.urn = '${body.urn}' AND li.status <> 'PENDING'`,
        ),
      ) > 100,
    60_000,
  );
  const pid = await cluster.killPart('worker');
  const done = Number(sql(`SELECT processed_rows FROM bulks WHERE urn = '${body.urn}'`));
  console.error(`     worker ${pid} killed (-9) with ${done} of 2000 rows processed`);
  results.bulk_worker_kill = { rows: 2000, processed_when_killed: done };
  const restart = Date.now();
  await cluster.startPart('worker');
  console.error(`     worker restarted in ${since(restart)} ms`);
  return { urn: body.urn, tag, killedAfterMs: since(t) };
}

async function finishBulk(bulk: { urn: string; tag: string }, killedAt: number) {
  await cluster.waitFor(
    'the bulk after the worker was killed',
    () => sql(`SELECT status FROM bulks WHERE urn = '${bulk.urn}'`) === 'COMPLETED',
    240_000,
  );
  const healed = since(killedAt);
  const counts = payoutCounts(`${bulk.tag}-`);
  const rows = sql(
    `SELECT count(*) FILTER (WHERE li.payout_ref IS NOT NULL), count(*) FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref WHERE b.urn = '${bulk.urn}'`,
  ).split('|');
  const twice = [...counts.values()].filter((n) => n !== 1).length;
  Object.assign(results.bulk_worker_kill as object, {
    completed_after_kill_ms: healed,
    payouts: counts.size,
    rows_with_payout: Number(rows[0]),
    references_not_once: twice,
  });
  check(
    counts.size === 2000 && twice === 0 && Number(rows[0]) === 2000,
    `bulk: every one of 2,000 rows is exactly one payout after the worker's kill -9 (${counts.size} payouts, ${twice} not once)`,
  );
}

async function killApi(s: Session) {
  let stop = false;
  const tag = `KILL-${run}`;
  const load = loadList(s, { connections: 10, seconds: 12 });
  const writes = payoutWriters(s, tag, 4, () => stop);
  await sleep(4000);
  const killedAt = Date.now();
  const pid = await cluster.killPart('api1');
  console.error(`     api1 ${pid} killed (-9) under load`);
  const listed = await load;
  stop = true;
  const made = await writes;
  const restart = Date.now();
  await cluster.startPart('api1');
  const restartMs = since(restart);
  const counts = payoutCounts(`${tag}-`);
  const created = made.filter((m) => m.status === 201);
  const notOnce = created.filter((m) => counts.get(m.crn) !== 1).length;
  const strays = [...counts.keys()].filter((crn) => !created.some((m) => m.crn === crn)).length;
  const finalFailures = made.filter((m) => m.status === 0 || m.status >= 500).length;
  results.api_kill = {
    list: listed,
    payouts: made.length,
    created: created.length,
    client_retries: made.reduce((n, m) => n + m.retries, 0),
    answers_retried: made.reduce((n, m) => n + m.failures, 0),
    final_failures: finalFailures,
    not_exactly_once: notOnce,
    payouts_without_a_201: strays,
    api1_restart_ms: restartMs,
    killed_to_restarted_ms: since(killedAt),
  };
  check(
    listed.non2xx === 0 && listed.errors === 0,
    `api kill: the list under load saw no error (${listed.requests} requests, ${listed.non2xx} non-2xx, ${listed.errors} errors)`,
  );
  check(
    finalFailures === 0 && made.length > 0,
    `api kill: every payout request got its answer (${made.length}, ${finalFailures} without)`,
  );
  check(
    notOnce === 0 && strays === 0,
    `api kill: each payout exactly once (${created.length} created, ${notOnce} not once, ${strays} without a 201)`,
  );
}

async function stopReplica(s: Session) {
  const load = loadList(s, { connections: 8, seconds: 8 });
  await sleep(2000);
  const stoppedAt = Date.now();
  await cluster.stopPart('replica');
  const stopMs = since(stoppedAt);
  // both API processes have stopped counting on it
  await cluster.waitFor(
    'replica skipped',
    async () => !(await replicaOf(PORTS.api1))?.usable && !(await replicaOf(PORTS.api2))?.usable,
    10_000,
  );
  const skippedMs = since(stoppedAt);
  const listed = await load;
  // a write while it is down, then its restart: it must catch up with that write
  const made = await call(s, 'POST', '/core_banking/money_transfer/initiate', {
    headers: { 'idempotency-key': `DOWN-${run}`, 'x-step-up-token': s.stepUp },
    body: {
      customer_reference_number: `DOWN-${run}`,
      beneficiary_code: s.beneficiaryCode,
      amount: '1',
      transfer_type: 'IMPS',
      purpose_message: 'cluster test',
      sender_account_number: s.senderAccount,
    },
  });
  const writeLsn = lsnValue(made.headers.get('meridian-lsn'));
  const restartAt = Date.now();
  await cluster.startPart('replica');
  await cluster.waitFor(
    'replica caught up',
    async () => {
      const r = await replicaOf(PORTS.api1);
      return !!r?.usable && lsnValue(r.replayLsn) >= writeLsn;
    },
    30_000,
  );
  const caughtUpMs = since(restartAt);
  results.replica_stop = {
    list: listed,
    stop_ms: stopMs,
    reads_on_primary_after_ms: skippedMs,
    write_while_down: made.status,
    caught_up_after_restart_ms: caughtUpMs,
  };
  check(
    listed.non2xx === 0 && listed.errors === 0,
    `replica stopped: no failed list request (${listed.requests}, ${listed.non2xx} non-2xx)`,
  );
  check(
    skippedMs - stopMs <= 2000,
    `replica stopped: skipped within 2 s of its end (${skippedMs - stopMs} ms)`,
  );
  check(made.status === 201, `replica stopped: writes go on (${made.status})`);
}

/**
 * The replica lagging: its replay paused while payouts are written, it falls further behind than
 * REPLICA_MAX_LAG_MS (3 s): both API processes skip it, and a caller with no write of their own (another
 * session) sees the newest payout at once; replay resumed, it is used again.
 */
async function lagReplica(s: Session) {
  cluster.psql('SELECT pg_wal_replay_pause()', PORTS.replica);
  const t = Date.now();
  let skippedMs = -1;
  const made = await payoutWriters(s, `LAG2-${run}`, 1, () => Date.now() - t > 5000);
  await cluster.waitFor(
    'replica skipped for its lag',
    async () => !(await replicaOf(PORTS.api1))?.usable && !(await replicaOf(PORTS.api2))?.usable,
    10_000,
  );
  skippedMs = since(t);
  const other = await signIn(BALANCER_URL);
  const last = made.filter((m) => m.status === 201).at(-1);
  const list = await call(
    other,
    'GET',
    `${LIST_PATH}?search_key=customer_reference_number&search_value=${last?.crn ?? 'none'}`,
  );
  const seen = ((list.body.data as unknown[] | undefined) ?? []).length;
  cluster.psql('SELECT pg_wal_replay_resume()', PORTS.replica);
  const resumed = Date.now();
  await cluster.waitFor(
    'replica used again',
    async () => !!(await replicaOf(PORTS.api1))?.usable && !!(await replicaOf(PORTS.api2))?.usable,
    15_000,
  );
  results.replica_lagging = {
    skipped_after_ms: skippedMs,
    newest_payout_seen_by_another_session: seen === 1,
    used_again_after_resume_ms: since(resumed),
  };
  check(
    !!last && seen === 1,
    `replica lagging > REPLICA_MAX_LAG_MS: skipped, another session reads the newest payout (${seen})`,
  );
}

async function restartPgbouncer(s: Session) {
  let stop = false;
  const load = loadList(s, { connections: 8, seconds: 8 });
  const tag = `BOUNCE-${run}`;
  const writes = payoutWriters(s, tag, 2, () => stop);
  await sleep(2000);
  const at = Date.now();
  await cluster.stopPart('pgbouncer');
  await cluster.startPart('pgbouncer');
  const restartMs = since(at);
  // recovered: a write through the pooler answers
  let recoveredMs = -1;
  for (let i = 0; recoveredMs < 0 && since(at) < 60_000; i++) {
    const o = await createPayout(s, `${tag}-probe-${i}`, `${tag}-probe-${i}`);
    if (o.status === 201 && o.failures === 0) recoveredMs = since(at);
  }
  const listed = await load;
  stop = true;
  const made = await writes;
  const counts = payoutCounts(`${tag}-`);
  const created = made.filter((m) => m.status === 201);
  const notOnce = created.filter((m) => counts.get(m.crn) !== 1).length;
  results.pgbouncer_restart = {
    list: listed,
    restart_ms: restartMs,
    writes_recovered_after_ms: recoveredMs,
    payouts: made.length,
    answers_retried: made.reduce((n, m) => n + m.failures, 0),
    not_exactly_once: notOnce,
  };
  check(recoveredMs >= 0, `pgbouncer restarted: requests recover (${recoveredMs} ms)`);
  check(
    listed.status500 === 0,
    `pgbouncer restarted: no list request answered 500 (a lost connection is a 503 HAProxy retries; ` +
      `${listed.non2xx} non-2xx of ${listed.requests})`,
  );
  const gone = ['worker', 'api1', 'api2'].filter((part) => !cluster.pidOf(part));
  check(
    gone.length === 0,
    `pgbouncer restarted: every Node process lived through it (${gone.join(', ') || 'all'})`,
  );
  check(notOnce === 0, `pgbouncer restarted: each payout exactly once (${created.length})`);
}

let code = 0;
try {
  console.error(`cluster test in ${cluster.DIR}`);
  const t = Date.now();
  await cluster.up();
  results.up_ms = since(t);
  console.error(`     up in ${results.up_ms} ms at ${BALANCER_URL}`);
  const s = await signIn(BALANCER_URL);
  await readYourWrites(s);
  if (BENCH) await benchLoad(s);
  const bulk = await startBulk(s);
  const killedAt = Date.now();
  await killApi(s);
  await stopReplica(s);
  await lagReplica(s);
  await restartPgbouncer(s);
  await finishBulk(bulk, killedAt);
  results.total_ms = since(started);
  console.log(JSON.stringify(results, null, 2));
  code = failures.length ? 1 : 0;
} catch (err) {
  failures.push((err as Error).message);
  console.error(`cluster test: ${(err as Error).stack ?? String(err)}`);
  console.log(JSON.stringify(results, null, 2));
  code = 1;
} finally {
  if (!KEEP) {
    await cluster.down().catch(() => {});
    if (ownDir) rmSync(cluster.DIR, { recursive: true, force: true });
  }
}
console.error(
  failures.length
    ? `cluster test: ${failures.length} rule(s) broken`
    : `cluster test: passed in ${since(started)} ms`,
);
process.exit(code);
