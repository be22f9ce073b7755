import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type DatabaseHandle, type Db } from './database.ts';
import * as schema from './schema.ts';

/**
 * What read-your-writes needs of the caller the guard set on the request (`request.auth`): its session or API
 * key. Declared here, not imported, so that the database layer does not depend on auth.
 */
type CallerIds = { sessionId?: string | null; apiKeyId?: string | null };

/**
 * Read routing to a streaming replica (DATABASE_REPLICA_URL).
 *
 * Reads that tolerate a moment's staleness (list pages, counts, exports, the global search) go to the replica
 * when it is up and no further behind than `maxLagMs`; everything else, and every read of a caller whose last
 * write the replica has not replayed yet (read-your-writes), goes to the primary. A replica that is down, lags,
 * or fails a read is skipped: the read runs on the primary, never an error.
 *
 * Read-your-writes: after a caller's write (any request other than GET/HEAD/OPTIONS), the primary's
 * `pg_current_wal_lsn()` is noted for the caller (their session, or their API key) in this process, and sent
 * back so that another process behind the balancer knows it too: as the `Meridian-LSN` response header, and for a
 * dashboard session also as the `meridian_lsn` cookie (the browser sends it back on its next reads). A request
 * naming an LSN (`Meridian-Min-LSN` header or that cookie) is read from the replica only once
 * `pg_last_wal_replay_lsn()` has reached it.
 */

export type ReplicaStatus = {
  configured: true;
  /** The last probe answered and the replica is within `maxLagMs`. */
  usable: boolean;
  up: boolean;
  /** How far behind the replica is, at most (ms); null when unknown (down). */
  lagMs: number | null;
  replayLsn: string | null;
  primaryLsn: string | null;
  /** Reads this process sent to the replica, and to the primary instead. */
  reads: { replica: number; primary: number; fallbacks: number };
};

export type ReplicaRouter = {
  /** Runs `read` on the replica when the caller may read there, else (or when the replica fails) on the primary. */
  read<T>(request: FastifyRequest, read: (db: Db) => Promise<T>): Promise<T>;
  /** Notes the caller's write: their reads stay on the primary until the replica has replayed it. */
  noteWrite(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  status(): ReplicaStatus;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  url: string;
  maxLagMs: number;
  /** How often the primary's and the replica's positions are read. */
  probeMs?: number;
  log?: (msg: string, data?: object) => void;
};

export const LSN_COOKIE = 'meridian_lsn';
export const LSN_HEADER = 'meridian-lsn';
export const MIN_LSN_HEADER = 'meridian-min-lsn';
/** How long a write's LSN is remembered for its caller: far longer than any tolerated lag. */
const REMEMBER_MS = 60_000;
const MAX_CALLERS = 100_000;

/** `16/B374D848` → a number that orders as the WAL does. */
export function parseLsn(text: string | null | undefined): bigint | null {
  if (!text) return null;
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!m) return null;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The caller a write is remembered for: the dashboard session, else the API key. */
function callerOf(request: FastifyRequest): string | null {
  const auth = (request as FastifyRequest & { auth?: CallerIds | null }).auth;
  if (!auth) return null;
  if (auth.sessionId) return `s:${auth.sessionId}`;
  if (auth.apiKeyId) return `k:${auth.apiKeyId}`;
  return null;
}

/** The LSN a request asks its reads to have seen (header or cookie), if any. */
function askedLsn(request: FastifyRequest): bigint | null {
  const header = request.headers[MIN_LSN_HEADER];
  let best = parseLsn(typeof header === 'string' ? header : null);
  const cookie = request.headers.cookie;
  if (cookie) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === LSN_COOKIE) {
        const v = parseLsn(decodeURIComponent(part.slice(eq + 1)));
        if (v !== null && (best === null || v > best)) best = v;
      }
    }
  }
  return best;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a router knows between probes. */
type RouterState = {
  /** The primary's position over the last minute: [time, lsn], oldest first. */
  samples: [number, bigint][];
  /** Each recent writer's last write position. */
  callers: Map<string, { lsn: bigint; at: number }>;
  replay: bigint | null;
  primaryLsn: bigint | null;
  up: boolean;
  lagMs: number | null;
  lastProbeOk: number;
  reads: { replica: number; primary: number; fallbacks: number };
};

type Log = ReplicaOptions['log'];

/** Opens the replica's pool and starts probing; reads go to the primary until the first probe answers. */
export function openReplicaRouter(primary: DatabaseHandle, opts: ReplicaOptions): ReplicaRouter {
  const probeMs = opts.probeMs ?? 250;
  const pool = openReplicaPool(opts.url);
  const replica = drizzlePg(pool, { schema }) as unknown as Db;
  const state: RouterState = {
    samples: [],
    callers: new Map(),
    replay: null,
    primaryLsn: null,
    up: false,
    lagMs: null,
    lastProbeOk: 0,
    reads: { replica: 0, primary: 0, fallbacks: 0 },
  };
  let closed = false;

  const usable = () =>
    state.up &&
    state.lagMs !== null &&
    state.lagMs <= opts.maxLagMs &&
    Date.now() - state.lastProbeOk <= probeMs * 4 + 1000;

  let timer: NodeJS.Timeout | null = null;
  const loop = async () => {
    await probe(primary.db, pool, state, opts.log);
    if (!closed) timer = setTimeout(loop, probeMs).unref();
  };
  void loop();

  return {
    async read(request, read) {
      if (!replicaServes(state, usable(), request)) return readOnPrimary(state, primary.db, read);
      return readOnReplica(state, { primary: primary.db, replica }, read, opts.log);
    },
    noteWrite: (request, reply) => noteWrite(primary.db, state, request, reply),
    status: () => statusOf(state, usable()),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await pool.end().catch(() => {});
    },
  };
}

function openReplicaPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1000,
    application_name: 'meridian-replica-reads',
  });
  // A replica that goes away ends its idle connections: an 'error' here must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** One probe: the primary's position (a new sample), then the replica's replay position and lag. */
async function probe(primary: Db, pool: pg.Pool, state: RouterState, log: Log): Promise<void> {
  const now = Date.now();
  try {
    const [p] = await queryRows<{ lsn: string }>(primary, sql`SELECT pg_current_wal_lsn()::text AS lsn`);
    const current = parseLsn(p?.lsn);
    if (current !== null) {
      state.primaryLsn = current;
      state.samples.push([now, current]);
      while (state.samples.length > 2 && state.samples[0]![0] < now - 60_000) state.samples.shift();
    }
  } catch {
    // the primary's position is unknown this round; the replica's lag is judged on the samples kept
  }
  try {
    const { rows } = await pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
    const r = parseLsn(rows[0]?.lsn);
    if (r === null) throw new Error('not a standby');
    state.replay = r;
    state.lagMs = lagOf(state.samples, r, now);
    if (!state.up) log?.('replica up: reads tolerant of staleness go to it', { lag_ms: state.lagMs });
    state.up = true;
    state.lastProbeOk = Date.now();
    for (const [caller, w] of state.callers)
      if (w.lsn <= r || w.at < now - REMEMBER_MS) state.callers.delete(caller);
  } catch (err) {
    if (state.up) log?.('replica down: its reads go to the primary', { err: (err as Error).message });
    state.up = false;
    state.lagMs = null;
  }
}

/**
 * The replica holds everything the primary had at the last sample whose position it has replayed: it is at most
 * (now - that sample's time) behind; caught up when it has replayed the latest position. Infinite when it has
 * replayed none of the samples.
 */
function lagOf(samples: [number, bigint][], replayed: bigint, now: number): number {
  for (let i = samples.length - 1; i >= 0; i--)
    if (samples[i]![1] <= replayed) return i === samples.length - 1 ? 0 : now - samples[i]![0];
  return Number.POSITIVE_INFINITY;
}

/** The replica may serve this request: usable, and it has replayed the caller's last write. */
function replicaServes(state: RouterState, usable: boolean, request: FastifyRequest): boolean {
  if (!usable || state.replay === null) return false;
  const caller = callerOf(request);
  const mine = caller ? state.callers.get(caller) : undefined;
  if (mine && mine.lsn > state.replay) return false;
  const asked = askedLsn(request);
  return asked === null || asked <= state.replay;
}

async function readOnPrimary<T>(state: RouterState, primary: Db, read: (db: Db) => Promise<T>): Promise<T> {
  state.reads.primary++;
  return read(primary);
}

async function readOnReplica<T>(
  state: RouterState,
  dbs: { primary: Db; replica: Db },
  read: (db: Db) => Promise<T>,
  log: Log,
): Promise<T> {
  try {
    const answer = await read(dbs.replica);
    state.reads.replica++;
    return answer;
  } catch (err) {
    // An answer the read itself chose (a 400, a 404) is the same on the primary.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    // The replica failed (gone, or a query cancelled by a conflict with recovery): skip it until the next
    // probe answers, and read from the primary.
    state.up = false;
    state.reads.fallbacks++;
    log?.('replica read failed: read from the primary', { err: (err as Error).message });
    return read(dbs.primary);
  }
}

/** After a write: the primary's position, noted for the caller and sent back (header, and cookie for a session). */
async function noteWrite(primary: Db, state: RouterState, request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  const caller = callerOf(request);
  if (!caller) return;
  let lsn: bigint | null = null;
  try {
    const [row] = await queryRows<{ lsn: string }>(primary, sql`SELECT pg_current_wal_lsn()::text AS lsn`);
    lsn = parseLsn(row?.lsn);
  } catch {
    // unknown: keep this caller on the primary for the remembered time
    lsn = state.primaryLsn === null ? null : state.primaryLsn + 1n;
  }
  if (lsn === null) return;
  if (state.callers.size >= MAX_CALLERS) state.callers.clear();
  state.callers.set(caller, { lsn, at: Date.now() });
  const text = formatLsn(lsn);
  reply.header(LSN_HEADER, text);
  if (caller.startsWith('s:'))
    reply.header(
      'set-cookie',
      `${LSN_COOKIE}=${encodeURIComponent(text)}; Path=/; Max-Age=${REMEMBER_MS / 1000}; HttpOnly; SameSite=Lax`,
    );
}

function statusOf(state: RouterState, usable: boolean): ReplicaStatus {
  const { lagMs, replay, primaryLsn } = state;
  return {
    configured: true,
    usable,
    up: state.up,
    lagMs: lagMs === null || !Number.isFinite(lagMs) ? null : lagMs,
    replayLsn: replay === null ? null : formatLsn(replay),
    primaryLsn: primaryLsn === null ? null : formatLsn(primaryLsn),
    reads: { ...state.reads },
  };
}

/** The router of each primary Db (the lists find theirs from the Db they were registered with). */
const ROUTERS = new WeakMap<Db, ReplicaRouter>();

/**
 * Installs the router for the app built on `primary`: writes note their LSN before the answer leaves (so the
 * caller's next read, on any process, can wait for the replica), and the router closes with the app.
 */
export function registerReplicaRouting(app: FastifyInstance, primary: Db, router: ReplicaRouter): void {
  ROUTERS.set(primary, router);
  app.addHook('onSend', async (request, reply, payload) => {
    await router.noteWrite(request, reply);
    return payload;
  });
  app.addHook('onClose', async () => {
    ROUTERS.delete(primary);
    await router.close();
  });
}

/**
 * Runs a read that tolerates a moment's staleness: on the replica of `primary` when there is one and the caller
 * may read there, else on `primary` itself.
 */
export function readFrom<T>(primary: Db, request: FastifyRequest, read: (db: Db) => Promise<T>): Promise<T> {
  const router = ROUTERS.get(primary);
  return router ? router.read(request, read) : read(primary);
}

/** The replica's status for the app built on `primary` (null without a replica). */
export function replicaStatus(primary: Db): ReplicaStatus | null {
  return ROUTERS.get(primary)?.status() ?? null;
}
