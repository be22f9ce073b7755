// The cluster's Node processes (a worker, two API processes) and HAProxy in front of the API (scripts/cluster.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import {
  BALANCER_URL,
  DIR,
  LOGS,
  PORTS,
  RUN,
  alive,
  httpHealth,
  pidOf,
  setPid,
  sh,
  sleep,
  urls,
  waitFor,
} from './cluster-env.ts';
import { root } from './lib.mjs';

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

export async function startNode(part: string) {
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

export async function stopNode(part: string, { drain = true } = {}) {
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

export async function startHaproxy() {
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

export async function stopHaproxy() {
  const pid = pidOf('balancer');
  if (!pid) return;
  // Soft stop: stop listening, let the requests in flight finish, then exit.
  process.kill(pid, 'SIGUSR1');
  const until = Date.now() + 15_000;
  while (alive(pid) && Date.now() < until) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGTERM');
}
