// `npm run cluster -- up | status | down | start <part> | stop <part> | kill <part> | restart <part>`
//
// Meridian on one machine in the shape of a production deployment (docs/operating/scaling.md, "The cluster as run"):
// a PostgreSQL primary and a hot-standby streaming replica, PgBouncer (transaction mode) in front of the primary,
// one worker process (jobs, demo seed, /health only), two API processes (JOBS=send: they queue the jobs of their own writes and run none) and HAProxy in front of them.
// Everything lives under CLUSTER_DIR (default .cluster/ in the repository): data directories, configuration,
// logs, pid files and state.json (what was started, with its pid). Needs Debian's postgresql, pgbouncer and
// haproxy (.ci/run installs them). PostgreSQL and PgBouncer refuse to run as root: as root they run as the
// `postgres` user.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { bootstrap, root, run, webBuildIsStale } from './lib.mjs';

export const DIR = resolve(process.env.CLUSTER_DIR ?? join(root, '.cluster'));
const port = (name: string, def: number): number => Number(process.env[name] ?? def);
export const PORTS: Record<string, number> = {
  balancer: port('CLUSTER_PORT', 3300),
  api1: port('CLUSTER_API1_PORT', 3301),
  api2: port('CLUSTER_API2_PORT', 3302),
  worker: port('CLUSTER_WORKER_PORT', 3309),
  stats: port('CLUSTER_STATS_PORT', 3399),
  primary: port('CLUSTER_PRIMARY_PORT', 55432),
  replica: port('CLUSTER_REPLICA_PORT', 55433),
  pgbouncer: port('CLUSTER_PGBOUNCER_PORT', 56432),
};
export const BALANCER_URL = `http://127.0.0.1:${PORTS.balancer}`;
const RUN = join(DIR, 'run');
const LOGS = join(DIR, 'logs');
const STATE = join(DIR, 'state.json');
const SECRETS = join(DIR, 'secrets.json');
const ASROOT = process.getuid?.() === 0;
/** The parts in start order (down stops them in reverse). */
export const PARTS = ['primary', 'replica', 'pgbouncer', 'worker', 'api1', 'api2', 'balancer'];
const ROLES: Record<string, string> = {
  primary: 'postgresql primary',
  replica: 'postgresql hot standby (streaming)',
  pgbouncer: 'pooler (transaction mode) → primary',
  worker: 'worker (jobs, /health only)',
  api1: 'api (JOBS=send: queues, runs no job)',
  api2: 'api (JOBS=send: queues, runs no job)',
  balancer: 'haproxy → api1, api2',
};

/** The newest installed PostgreSQL's binaries. */
function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return join(base, newest, 'bin', name);
}

/** Runs a command (as `postgres` when this is root), failing loudly. */
type ShOptions = SpawnSyncOptions & { asPg?: boolean; allowFail?: boolean };
function sh(cmd: string, args: string[], opts: ShOptions = {}): { status: number | null; stdout: string } {
  const { asPg, allowFail, ...spawnOpts } = opts;
  const [c, a]: [string, string[]] =
    asPg && ASROOT ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const res = spawnSync(c, a, {
    cwd: DIR,
    ...spawnOpts,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (res.status !== 0 && !allowFail)
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${res.status}):\n${res.stdout ?? ''}${res.stderr ?? ''}`,
    );
  return { status: res.status, stdout: res.stdout ?? '' };
}

function readJson<T>(path: string, def: T): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return def;
  }
}
type State = { parts: Record<string, { pid: number | null }> };
const readState = (): State => readJson<State>(STATE, { parts: {} });
function writeState(state: State) {
  writeFileSync(STATE, JSON.stringify(state, null, 2));
}
function setPid(part: string, pid: number | null) {
  const state = readState();
  state.parts[part] = { pid };
  writeState(state);
}

/** The database passwords, made once. */
function secrets(): { app: string; repl: string } {
  if (!existsSync(SECRETS)) {
    writeFileSync(
      SECRETS,
      JSON.stringify({ app: randomBytes(12).toString('hex'), repl: randomBytes(12).toString('hex') }),
    );
    chmodSync(SECRETS, 0o600);
  }
  return readJson(SECRETS, { app: '', repl: '' });
}

export function urls() {
  const { app } = secrets();
  const u = (p: number | undefined) => `postgres://meridian:${app}@127.0.0.1:${p}/meridian`;
  return { pooled: u(PORTS.pgbouncer), direct: u(PORTS.primary), replica: u(PORTS.replica) };
}

export const alive = (pid: number | null | undefined): boolean => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed process that its parent has not reaped yet (a zombie) still answers signal 0: it is dead.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
};
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function pidOf(part: string): number | null {
  const file = (
    {
      primary: join(DIR, 'pg', 'primary', 'postmaster.pid'),
      replica: join(DIR, 'pg', 'replica', 'postmaster.pid'),
      pgbouncer: join(RUN, 'pgbouncer.pid'),
      balancer: join(RUN, 'haproxy.pid'),
    } as Record<string, string>
  )[part];
  if (file) {
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return alive(pid) ? pid : null;
  }
  const pid = readState().parts[part]?.pid ?? null;
  return alive(pid) ? pid : null;
}

function tcpOpen(p: number | undefined, timeoutMs = 500): Promise<boolean> {
  return new Promise((done) => {
    const s = connect({ host: '127.0.0.1', port: p ?? 0 });
    const end = (ok: boolean) => {
      s.destroy();
      done(ok);
    };
    s.setTimeout(timeoutMs, () => end(false));
    s.on('connect', () => end(true));
    s.on('error', () => end(false));
  });
}

export async function httpHealth(p: number | undefined): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(`http://127.0.0.1:${p}/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : { status: `http ${res.status}` };
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  }
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s (see ${LOGS})`);
    await sleep(200);
  }
}

function pgReady(p: number | undefined): boolean {
  return (
    sh(pgBin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(p)], { allowFail: true }).status === 0
  );
}

/** Runs SQL as the superuser on the primary (or another port). */
export function psql(sql: string, p = PORTS.primary, db = 'postgres'): string {
  return sh(pgBin('psql'), ['-X', '-q', '-At', '-h', join(RUN), '-p', String(p), '-d', db, '-c', sql], {
    asPg: true,
  }).stdout.trim();
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a primary and a streaming replica

function pgDir(name: string): string {
  return join(DIR, 'pg', name);
}

function initPrimary() {
  const data = pgDir('primary');
  if (existsSync(join(data, 'PG_VERSION'))) return;
  const { app, repl } = secrets();
  mkdirSync(join(DIR, 'pg'), { recursive: true });
  if (ASROOT) sh('chown', ['-R', 'postgres:postgres', join(DIR, 'pg'), RUN, LOGS]);
  sh(
    pgBin('initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--no-instructions',
    ],
    { asPg: true },
  );
  const conf = [
    `port = ${PORTS.primary}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${RUN}'`,
    'max_connections = 200',
    'shared_buffers = 128MB',
    'wal_level = replica',
    'max_wal_senders = 5',
    'max_replication_slots = 5',
    'wal_keep_size = 512MB',
    'hot_standby = on',
    'hot_standby_feedback = on',
    // a standby query that conflicts with replay waits up to this long before it is cancelled
    'max_standby_streaming_delay = 5s',
    `password_encryption = 'scram-sha-256'`,
  ];
  writeFileSync(
    join(data, 'postgresql.conf'),
    `${readFileSync(join(data, 'postgresql.conf'), 'utf8')}\n# cluster.mjs\n${conf.join('\n')}\n`,
  );
  writeFileSync(
    join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'local replication all trust',
      'host replication replicator 127.0.0.1/32 scram-sha-256',
      'host all all 127.0.0.1/32 scram-sha-256',
      '',
    ].join('\n'),
  );
  startPg('primary');
  psql(`CREATE ROLE meridian LOGIN SUPERUSER PASSWORD '${app}'`);
  psql(`CREATE ROLE replicator LOGIN REPLICATION PASSWORD '${repl}'`);
  psql('CREATE DATABASE meridian OWNER meridian');
}

function initReplica() {
  const data = pgDir('replica');
  if (existsSync(join(data, 'PG_VERSION'))) return;
  const { repl } = secrets();
  psql(
    `SELECT 1 FROM pg_create_physical_replication_slot('replica1') WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = 'replica1')`,
  );
  sh(
    pgBin('pg_basebackup'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(PORTS.primary),
      '-U',
      'replicator',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-S',
      'replica1',
      // an immediate checkpoint: without it the copy waits for the next scheduled one (minutes)
      '-c',
      'fast',
    ],
    { asPg: true, env: { ...process.env, PGPASSWORD: repl } },
  );
  // The copied configuration names the primary's port; the last setting wins.
  writeFileSync(
    join(data, 'postgresql.conf'),
    `${readFileSync(join(data, 'postgresql.conf'), 'utf8')}port = ${PORTS.replica}\n`,
  );
}

function startPg(name: string) {
  if (pidOf(name)) return;
  sh(pgBin('pg_ctl'), ['-D', pgDir(name), '-l', join(LOGS, `${name}.log`), '-w', '-t', '60', 'start'], {
    asPg: true,
  });
}

function stopPg(name: string, mode = 'fast') {
  if (!pidOf(name)) return;
  sh(pgBin('pg_ctl'), ['-D', pgDir(name), '-m', mode, '-w', '-t', '60', 'stop'], {
    asPg: true,
    allowFail: true,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// PgBouncer (transaction mode) in front of the primary

function writePgbouncerConfig() {
  const { app } = secrets();
  const ini = [
    '[databases]',
    `meridian = host=127.0.0.1 port=${PORTS.primary} dbname=meridian`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${PORTS.pgbouncer}`,
    `unix_socket_dir = ${RUN}`,
    'auth_type = scram-sha-256',
    `auth_file = ${join(DIR, 'pgbouncer-users.txt')}`,
    // transaction mode: a server connection belongs to a client for one transaction only
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 24',
    'reserve_pool_size = 4',
    'server_lifetime = 3600',
    'ignore_startup_parameters = extra_float_digits,options',
    `pidfile = ${join(RUN, 'pgbouncer.pid')}`,
    `logfile = ${join(LOGS, 'pgbouncer.log')}`,
    'admin_users = meridian',
    '',
  ];
  writeFileSync(join(DIR, 'pgbouncer.ini'), ini.join('\n'));
  writeFileSync(join(DIR, 'pgbouncer-users.txt'), `"meridian" "${app}"\n`);
  chmodSync(join(DIR, 'pgbouncer-users.txt'), 0o600);
  if (ASROOT)
    sh('chown', ['postgres:postgres', join(DIR, 'pgbouncer.ini'), join(DIR, 'pgbouncer-users.txt')]);
}

async function startPgbouncer() {
  if (pidOf('pgbouncer')) return;
  writePgbouncerConfig();
  sh('pgbouncer', ['-d', join(DIR, 'pgbouncer.ini')], { asPg: true });
  await waitFor('pgbouncer', () => tcpOpen(PORTS.pgbouncer), 10_000);
}

// ---------------------------------------------------------------------------------------------------------------
// The Node processes

function nodeEnv(part: string): NodeJS.ProcessEnv {
  const u = urls();
  const common = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    DATA_DIR: join(DIR, 'data'),
    DATABASE_URL: u.pooled,
    DATABASE_DIRECT_URL: u.direct,
    DATABASE_REPLICA_URL: u.replica,
    PUBLIC_URL: BALANCER_URL,
    TRUST_PROXY: 'true',
    LOG_FORMAT: 'json',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  if (part === 'worker')
    return {
      ...common,
      PORT: String(PORTS.worker),
      JOBS: 'on',
      SERVE: 'health',
      SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    };
  return { ...common, PORT: String(PORTS[part]), JOBS: 'send', SERVE: 'all', SEED_DEMO: 'false' };
}

async function startNode(part: string) {
  if (pidOf(part)) return;
  mkdirSync(join(DIR, 'data'), { recursive: true });
  const out = openSync(join(LOGS, `${part}.log`), 'a');
  // with the V8 settings npm start gives the server
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: nodeEnv(part),
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  setPid(part, child.pid ?? null);
  const p = part === 'worker' ? PORTS.worker : PORTS[part];
  // the worker's first start seeds the demo (a minute on 2 busy cores)
  await waitFor(
    part,
    async () => {
      if (!alive(child.pid)) throw new Error(`${part} exited: see ${join(LOGS, `${part}.log`)}`);
      return (await httpHealth(p)).status === 'ok';
    },
    240_000,
  );
  if (part.startsWith('api')) await haproxyCommand(`set server api/${part} state ready`).catch(() => '');
}

async function stopNode(part: string, { drain = true } = {}) {
  const pid = pidOf(part);
  if (!pid) return;
  if (drain && part.startsWith('api') && pidOf('balancer')) {
    // Graceful drain: the balancer sends no new request; the ones in flight finish (at most 10 s).
    await haproxyCommand(`set server api/${part} state drain`).catch(() => '');
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await serverSessions(part)) > 0) await sleep(100);
    await haproxyCommand(`set server api/${part} state maint`).catch(() => '');
  }
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + 15_000;
  while (alive(pid) && Date.now() < until) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

// ---------------------------------------------------------------------------------------------------------------
// HAProxy in front of the API processes

function writeHaproxyConfig() {
  const cfg = `global
  daemon
  pidfile ${join(RUN, 'haproxy.pid')}
  stats socket ${join(RUN, 'haproxy.sock')} mode 600 level admin
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # a server that dies: another one takes the connection attempts (retries) and, below, the safe requests
  retries 3
  option redispatch 1

frontend web
  bind 127.0.0.1:${PORTS.balancer}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /health
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 1s fall 2 rise 1 slowstart 0s
  # Layer-7 retries (on another server) of a request whose answer was lost: only for requests that may run
  # twice: GET, HEAD, OPTIONS, PUT, DELETE, and any request with an Idempotency-Key (the server answers a
  # repeated key with the first answer). Other requests are retried only when no connection was made.
  retry-on conn-failure empty-response junk-response response-timeout 502 503 504
  http-request disable-l7-retry if !{ method GET HEAD OPTIONS PUT DELETE } !{ req.hdr(idempotency-key) -m found }
  server api1 127.0.0.1:${PORTS.api1} check
  server api2 127.0.0.1:${PORTS.api2} check

listen stats
  bind 127.0.0.1:${PORTS.stats}
  stats enable
  stats uri /
`;
  writeFileSync(join(DIR, 'haproxy.cfg'), cfg);
}

async function startHaproxy() {
  if (pidOf('balancer')) return;
  writeHaproxyConfig();
  sh('haproxy', ['-c', '-q', '-f', join(DIR, 'haproxy.cfg')]);
  sh('haproxy', ['-f', join(DIR, 'haproxy.cfg')]);
  await waitFor('haproxy', async () => (await httpHealth(PORTS.balancer)).status === 'ok', 15_000);
}

/** One command on HAProxy's admin socket; answers its output. */
export function haproxyCommand(command: string): Promise<string> {
  return new Promise((done, fail) => {
    const s = connect(join(RUN, 'haproxy.sock'));
    let out = '';
    s.on('connect', () => s.end(`${command}\n`));
    s.on('data', (d: Buffer) => (out += d.toString()));
    s.on('end', () => done(out));
    s.on('error', fail);
  });
}

/** Requests the balancer has in flight on an API process. */
async function serverSessions(part: string): Promise<number> {
  const csv = await haproxyCommand('show stat').catch(() => '');
  const [header, ...rows] = csv.replace(/^# /, '').split('\n');
  const cols = (header ?? '').split(',');
  const row = rows.map((r) => r.split(',')).find((r) => r[0] === 'api' && r[1] === part);
  return row ? Number(row[cols.indexOf('scur')]) : 0;
}

async function stopHaproxy() {
  const pid = pidOf('balancer');
  if (!pid) return;
  // Soft stop: stop listening, let the requests in flight finish, then exit.
  process.kill(pid, 'SIGUSR1');
  const until = Date.now() + 15_000;
  while (alive(pid) && Date.now() < until) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGTERM');
}

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
