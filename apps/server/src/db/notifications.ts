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
   * Resolves once every notification committed before the call has been handed to `message` on this
   * listener (at most `timeoutMs` later; false when not listening or timed out).
   */
  sync(timeoutMs?: number): Promise<boolean>;
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

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTENs on `channel` of the handle's database. PGlite has one connection in this process: notifications
 * arrive before the notifying statement's promise resolves and the listener never drops. PostgreSQL: a
 * dedicated connection (not from the pool), checked by a heartbeat and reconnected with backoff; `down` and
 * `up` tell the caller when notifications may have been missed.
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
      // Delivery is synchronous with the notifying statement: whatever committed has been handed over already.
      sync: async () => listening,
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

class PgListener implements Listener {
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #connects = 0;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  /** A channel only this listener LISTENs on: its own NOTIFY there marks a point in the queue (see sync). */
  readonly #syncChannel = `meridian_sync_${randomBytes(8).toString('hex')}`;
  readonly #waiters = new Map<string, () => void>();
  readonly #heartbeatMs: number;
  readonly #timeoutMs: number;
  readonly #maxBackoffMs: number;
  readonly #url: string;
  readonly #channel: string;
  readonly #handlers: ListenHandlers;

  constructor(url: string, channel: string, handlers: ListenHandlers, options: ListenOptions) {
    this.#url = url;
    this.#channel = channel;
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
      application_name: 'meridian-session-listener',
      keepAlive: true,
      keepAliveInitialDelayMillis: this.#heartbeatMs,
      connectionTimeoutMillis: this.#timeoutMs,
      query_timeout: this.#timeoutMs,
    });
    this.#client = client;
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, new Error('listener connection ended')));
    client.on('notification', (n) => {
      if (this.#client !== client || n.payload === undefined) return;
      if (n.channel === this.#channel) this.#handlers.message(n.payload);
      else if (n.channel === this.#syncChannel) this.#waiters.get(n.payload)?.();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.#channel)}; LISTEN ${quoteIdent(this.#syncChannel)}`);
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

  /** A connection failed: report it, drop it, and try again later (unless closing). */
  #lost(client: pg.Client, error: unknown) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    for (const wake of this.#waiters.values()) wake();
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

  async sync(timeoutMs = 1_000): Promise<boolean> {
    const client = this.#client;
    if (!client || !this.#listening) return false;
    // Notifications reach each listener in commit order; this one commits after the caller's, so once it is
    // back, so are all before it. Then one turn of the event loop lets other sockets' pending input be read.
    const nonce = randomBytes(8).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.#waiters.set(nonce, () => resolve(this.#listening));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [this.#syncChannel, nonce]);
      const ok = await arrived;
      await nextTurn();
      return ok;
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
    for (const wake of this.#waiters.values()) wake();
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
