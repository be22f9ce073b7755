// The cluster's places, ports and state, and the small tools every part uses (scripts/cluster.ts).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { root } from './lib.mjs';

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
export const RUN = join(DIR, 'run');
export const LOGS = join(DIR, 'logs');
const STATE = join(DIR, 'state.json');
const SECRETS = join(DIR, 'secrets.json');
export const ASROOT = process.getuid?.() === 0;
/** The parts in start order (down stops them in reverse). */
export const PARTS = ['primary', 'replica', 'pgbouncer', 'worker', 'api1', 'api2', 'balancer'];

/** The newest installed PostgreSQL's binaries. */
export function pgBin(name: string): string {
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
export function sh(
  cmd: string,
  args: string[],
  opts: ShOptions = {},
): { status: number | null; stdout: string } {
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
export function setPid(part: string, pid: number | null) {
  const state = readState();
  state.parts[part] = { pid };
  writeState(state);
}

/** The database passwords, made once. */
export function secrets(): { app: string; repl: string } {
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

export function tcpOpen(p: number | undefined, timeoutMs = 500): Promise<boolean> {
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

export function pgReady(p: number | undefined): boolean {
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
