import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/** What a channel listener reports. Notifications arrive only once their transaction has committed. */
export type ListenHandlers = {
  message(payload: string): void;
  /** Listening (again): from now on every committed notification arrives. Any sent before may have been lost. */
  up(): void;
  /** The connection failed or ended: notifications are lost until the next `up`. May repeat while down. */
  down(error: unknown): void;
};

export type Listener = {
  /** True while committed notifications are known to arrive. */
  readonly listening: boolean;
  /** How many times the listener has come up (a reconnect adds one). */
  readonly connects: number;
  /** The server process of the listening connection (PostgreSQL), for operators and tests. */
  readonly backendPid: number | null;
  /**
   * NOTIFYs the `announce` payloads on the channel (if any), then resolves true once every listener of the
   * channel on this database, in every process, has received (and handed to `message`) every notification
   * committed before; false when this listener is down or not all of them confirmed within `timeoutMs`.
   */
  sync(announce?: string[], timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export type ListenOptions = {
  /** PostgreSQL: how often the listening connection is checked with a query (a silent drop is noticed). */
  heartbeatMs?: number;
  /** PostgreSQL: a query (or connect) on the listening connection slower than this counts as a drop. */
  timeoutMs?: number;
  /** PostgreSQL: the longest wait between reconnection attempts. */
  maxBackoffMs?: number;
};

/** Payloads starting with this on a listened channel are the listeners' own barrier messages (see sync). */
const BARRIER = 'sync:';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTENs on `channel` of the handle's database. PGlite has one connection in this process: notifications
 * arrive before the notifying statement's promise resolves and the listener never drops. PostgreSQL: a
 * dedicated connection (not from the pool), checked by a heartbeat and reconnected with backoff; `down` and
 * `up` tell the caller when notifications may have been missed. Payloads starting with `sync:` are reserved.
 */
export async function listen(
  handle: DatabaseHandle,
  channel: string,
  handlers: ListenHandlers,
  options: ListenOptions = {},
): Promise<Listener> {
  if (handle.pglite) {
    const lite = handle.pglite;
    const unlisten = await lite.listen(channel, (payload) => handlers.message(payload));
    let listening = true;
    handlers.up();
    return {
      get listening() {
        return listening;
      },
      connects: 1,
      backendPid: null,
      // One connection, delivering synchronously with the notifying statement: everything committed is in.
      async sync(announce: string[] = []) {
        if (listening && announce.length)
          await lite.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [channel, announce]);
        return listening;
      },
      async close() {
        if (!listening) return;
        listening = false;
        await unlisten();
      },
    };
  }
  if (!handle.url) throw new Error('listen: the database handle has neither PGlite nor a PostgreSQL URL');
  const listener = new PgListener(handle.url, channel, handlers, options);
  await listener.start();
  return listener;
}

/**
 * PostgreSQL delivers a notification to every listening connection, each on its own schedule, but to each in
 * commit order. `sync` relies on that: it NOTIFYs a barrier on the channel naming a reply channel only this
 * listener LISTENs on, and counts the listeners of the channel (by application_name, set only after LISTEN);
 * each listener answers the barrier when it reads it, hence after everything committed before it.
 */
class PgListener implements Listener {
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #connects = 0;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #replyChannel = `meridian_reply_${randomBytes(8).toString('hex')}`;
  /** Barrier nonce → its pending `sync`. */
  readonly #waiters = new Map<string, { answer(): void; abort(): void }>();
  readonly #url: string;
  readonly #channel: string;
  readonly #appName: string;
  readonly #handlers: ListenHandlers;
  readonly #heartbeatMs: number;
  readonly #timeoutMs: number;
  readonly #maxBackoffMs: number;

  constructor(url: string, channel: string, handlers: ListenHandlers, options: ListenOptions) {
    this.#url = url;
    this.#channel = channel;
    this.#appName = `meridian-listen:${channel}`.slice(0, 63);
    this.#handlers = handlers;
    this.#heartbeatMs = options.heartbeatMs ?? 10_000;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 5_000;
  }

  get listening() {
    return this.#listening;
  }
  get connects() {
    return this.#connects;
  }
  get backendPid() {
    const pid = (this.#client as { processID?: number } | null)?.processID;
    return this.#listening && typeof pid === 'number' ? pid : null;
  }

  /** The first connection is awaited, so a server that starts with a reachable database starts listening. */
  async start() {
    await this.#connect();
    this.#heartbeat = setInterval(() => void this.#beat(), this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.#heartbeatMs,
      connectionTimeoutMillis: this.#timeoutMs,
      query_timeout: this.#timeoutMs,
    });
    this.#client = client;
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, new Error('listener connection ended')));
    client.on('notification', ({ channel, payload }) => {
      if (this.#client !== client || payload === undefined) return;
      if (channel === this.#replyChannel) this.#waiters.get(payload)?.answer();
      else if (channel !== this.#channel) return;
      else if (payload.startsWith(BARRIER)) this.#answer(client, payload.slice(BARRIER.length));
      else this.#handlers.message(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.#channel)}; LISTEN ${quoteIdent(this.#replyChannel)}`);
      // Named only now, so that every connection `sync` counts by this name is already listening.
      await client.query(`SET application_name = '${this.#appName.replaceAll("'", "''")}'`);
    } catch (err) {
      this.#lost(client, err);
      return;
    }
    if (this.#client !== client) return; // dropped (and replaced) meanwhile
    this.#failures = 0;
    this.#connects++;
    this.#listening = true;
    this.#handlers.up();
  }

  /** Answers another listener's barrier (`<reply channel>:<nonce>`): everything before it has been handled. */
  #answer(client: pg.Client, barrier: string) {
    const colon = barrier.indexOf(':');
    if (colon < 0) return;
    client
      .query('SELECT pg_notify($1, $2)', [barrier.slice(0, colon), barrier.slice(colon + 1)])
      .catch((err: unknown) => this.#lost(client, err));
  }

  /** A connection failed: report it, drop it, and try again later (unless closing). */
  #lost(client: pg.Client, error: unknown) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    for (const waiter of this.#waiters.values()) waiter.abort();
    client.removeAllListeners('notification');
    client.on('error', () => {});
    void client.end().catch(() => {});
    this.#handlers.down(error);
    if (this.#closed) return;
    const delay = Math.min(this.#maxBackoffMs, 100 * 2 ** this.#failures++);
    this.#retry = setTimeout(() => void this.#connect(), delay);
    this.#retry.unref();
  }

  async #beat() {
    const client = this.#client;
    if (!client || !this.#listening) return;
    try {
      await client.query('SELECT 1');
    } catch (err) {
      this.#lost(client, err);
    }
  }

  async sync(announce: string[] = [], timeoutMs = 2_000): Promise<boolean> {
    const client = this.#client;
    if (!client || !this.#listening) return false;
    const nonce = randomBytes(8).toString('hex');
    let answers = 0;
    let expected = Infinity;
    let done: (ok: boolean) => void = () => {};
    const settled = new Promise<boolean>((resolve) => (done = resolve));
    this.#waiters.set(nonce, {
      answer: () => {
        if (++answers >= expected) done(true);
      },
      abort: () => done(false),
    });
    const timer = setTimeout(() => done(false), timeoutMs);
    try {
      if (announce.length)
        await client.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [this.#channel, announce]);
      const { rows } = await client.query<{ listeners: number }>(
        `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = $3) AS listeners`,
        [this.#channel, `${BARRIER}${this.#replyChannel}:${nonce}`, this.#appName],
      );
      expected = rows[0]!.listeners;
      if (answers >= expected) done(true);
      const ok = await settled;
      // One turn of the event loop, so that input already read from other sockets is handled too.
      await nextTurn();
      return ok && this.#listening;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      this.#waiters.delete(nonce);
    }
  }

  async close() {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    this.#listening = false;
    for (const waiter of this.#waiters.values()) waiter.abort();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
