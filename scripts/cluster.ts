// `npm run cluster -- up | status | down | start <part> | stop <part> | kill <part> | restart <part>`
//
// Meridian on one machine in the shape of a production deployment (docs/operating/scaling.md, "The cluster as run"):
// a PostgreSQL primary and a hot-standby streaming replica, PgBouncer (transaction mode) in front of the primary,
// one worker process (jobs, demo seed, /health only), two API processes (JOBS=send: they queue the jobs of their own writes and run none) and HAProxy in front of them.
// Everything lives under CLUSTER_DIR (default .cluster/ in the repository): data directories, configuration,
// logs, pid files and state.json (what was started, with its pid). Needs Debian's postgresql, pgbouncer and
// haproxy (.ci/run installs them). PostgreSQL and PgBouncer refuse to run as root: as root they run as the
// `postgres` user.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ASROOT,
  BALANCER_URL,
  DIR,
  LOGS,
  PARTS,
  PORTS,
  RUN,
  alive,
  pgReady,
  pidOf,
  psql,
  sh,
  sleep,
  tcpOpen,
  httpHealth,
  waitFor,
} from './cluster-env.ts';
import { initPrimary, initReplica, startPg, startPgbouncer, stopPg } from './cluster-postgres.ts';
import { startHaproxy, startNode, stopHaproxy, stopNode } from './cluster-processes.ts';
import { bootstrap, run, webBuildIsStale } from './lib.mjs';

// What the fault test and the benchmark (cluster-test.ts) use.
export {
  BALANCER_URL,
  DIR,
  PARTS,
  PORTS,
  alive,
  httpHealth,
  pidOf,
  psql,
  sleep,
  urls,
  waitFor,
} from './cluster-env.ts';
export { haproxyCommand } from './cluster-processes.ts';

const ROLES: Record<string, string> = {
  primary: 'postgresql primary',
  replica: 'postgresql hot standby (streaming)',
  pgbouncer: 'pooler (transaction mode) → primary',
  worker: 'worker (jobs, /health only)',
  api1: 'api (JOBS=send: queues, runs no job)',
  api2: 'api (JOBS=send: queues, runs no job)',
  balancer: 'haproxy → api1, api2',
};

// ---------------------------------------------------------------------------------------------------------------
// Parts, up, down, status

/** Starts one part (its data is made on its first start). */
export async function startPart(part: string): Promise<void> {
  mkdirSync(RUN, { recursive: true });
  mkdirSync(LOGS, { recursive: true });
  if (ASROOT) sh('chown', ['postgres:postgres', RUN, LOGS]);
  switch (part) {
    case 'primary':
      initPrimary();
      return startPg('primary');
    case 'replica':
      initReplica();
      startPg('replica');
      return waitFor('replica', () => pgReady(PORTS.replica), 30_000);
    case 'pgbouncer':
      return startPgbouncer();
    case 'balancer':
      return startHaproxy();
    default:
      if (!PARTS.includes(part)) throw new Error(`No part named ${part}: one of ${PARTS.join(', ')}`);
      return startNode(part);
  }
}

/** Stops one part gracefully (an API process is drained from the balancer first). */
export async function stopPart(part: string): Promise<void> {
  if (part === 'primary' || part === 'replica') return stopPg(part);
  if (part === 'balancer') return stopHaproxy();
  if (part === 'pgbouncer') {
    const pid = pidOf('pgbouncer');
    if (!pid) return;
    process.kill(pid, 'SIGINT'); // safe shutdown: waits for the transactions in flight
    const until = Date.now() + 10_000;
    while (alive(pid) && Date.now() < until) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGTERM');
    return;
  }
  return stopNode(part);
}

/** kill -9 of a part's main process (the fault tests); resolves once it is gone. */
export async function killPart(part: string): Promise<number | null> {
  const pid = pidOf(part);
  if (!pid) return null;
  process.kill(pid, 'SIGKILL');
  const until = Date.now() + 10_000;
  while (alive(pid) && Date.now() < until) await sleep(20);
  return pid;
}

export async function up(): Promise<string> {
  for (const tool of ['haproxy', 'pgbouncer'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(
        `${tool} is not installed: apt-get install -y --no-install-recommends haproxy pgbouncer`,
      );
  if (webBuildIsStale()) {
    const code = run('npm', ['run', 'build', '-w', 'apps/web']);
    if (code !== 0) throw new Error('the web build failed');
  }
  for (const part of PARTS) {
    const t = Date.now();
    await startPart(part);
    console.error(`cluster: ${part} up (${Date.now() - t} ms)`);
  }
  return BALANCER_URL;
}

export async function down() {
  for (const part of [...PARTS].reverse()) await stopPart(part);
}

/** Each part's role, port, pid and health. */
export async function status() {
  const out: Record<string, unknown> = {};
  for (const part of PARTS) {
    const pid = pidOf(part);
    const p = PORTS[part];
    let health: string | Record<string, unknown>;
    if (!pid) health = 'down';
    else if (part === 'primary' || part === 'replica') {
      if (!pgReady(p)) health = 'not ready';
      else {
        const recovery = psql('SELECT pg_is_in_recovery()', p);
        health = { status: 'ok', in_recovery: recovery === 't' };
        if (part === 'replica')
          health.replay_lag =
            psql("SELECT coalesce(replay_lag::text, '0') FROM pg_stat_replication LIMIT 1") || null;
      }
    } else if (part === 'pgbouncer') health = (await tcpOpen(p)) ? { status: 'ok' } : 'not listening';
    else health = await httpHealth(p);
    out[part] = { role: ROLES[part], port: p, pid, health };
  }
  return { url: BALANCER_URL, dir: DIR, parts: out };
}

async function main() {
  bootstrap();
  const [command, part] = process.argv.slice(2);
  try {
    if (command === 'up') {
      const url = await up();
      console.log(url);
    } else if (command === 'down') {
      await down();
      console.error('cluster: down');
    } else if (command === 'status') {
      console.log(JSON.stringify(await status(), null, 2));
    } else if (command === 'start' && part) await startPart(part);
    else if (command === 'stop' && part) await stopPart(part);
    else if (command === 'restart' && part) {
      await stopPart(part);
      await startPart(part);
    } else if (command === 'kill' && part) console.log((await killPart(part)) ?? 'not running');
    else if (command === 'destroy') {
      await down();
      rmSync(DIR, { recursive: true, force: true });
    } else {
      console.error(
        'usage: npm run cluster -- up | status | down | destroy | start|stop|restart|kill <part>\n' +
          `parts: ${PARTS.join(', ')}`,
      );
      process.exit(2);
    }
  } catch (err) {
    console.error(`cluster: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
