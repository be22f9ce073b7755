import type { DatabaseHandle } from './database.ts';
import { listen, type Listener } from './notifications.ts';

/** The channel the database triggers of migration 0004 notify on (payloads: see `invalidate`). */
export const SESSION_CHANNEL = 'meridian_sessions';
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** Who a cached entry belongs to, so that a change of the session, the user or the client drops it. */
export type SessionOwner = { sessionId: string; userRef: number; clientRef: number };

type Entry<V> = { value: V; owner: SessionOwner; until: number };

/** What a cache miss loads: the value, whose it is, and the last instant (ms) it may be served. */
export type Loaded<V> = { value: V; owner: SessionOwner; expiresAt: number };

export type SessionCacheStats = {
  enabled: boolean;
  entries: number;
  hits: number;
  misses: number;
  listening: boolean;
  connects: number;
  backendPid: number | null;
};

/**
 * The live sessions this process has checked, keyed by the exact access token that was verified (a hit skips
 * both the signature check and the database). It serves entries only while it is `enabled`, which its owner
 * switches on when the invalidation feed (LISTEN) is up and off when the feed drops; every switch empties it.
 *
 * A lookup that raced an invalidation is not stored: `lookup` notes the generation before loading and stores
 * the answer only if no invalidation (nor switch) happened meanwhile, since the answer may predate it.
 */
export class SessionCache<V> {
  readonly #byToken = new Map<string, Entry<V>>();
  readonly #bySession = new Map<string, Set<string>>();
  #generation = 0;
  #enabled = false;
  #hits = 0;
  #misses = 0;

  readonly #options: { ttlMs: number; maxEntries: number; now?: () => number };

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#options = options;
  }

  get enabled() {
    return this.#enabled;
  }

  /** On when invalidations are known to arrive; either way the cache starts empty again. */
  setEnabled(on: boolean) {
    this.#enabled = on && this.#options.ttlMs > 0 && this.#options.maxEntries > 0;
    this.clear();
  }

  clear() {
    this.#generation++;
    this.#byToken.clear();
    this.#bySession.clear();
  }

  get size() {
    return this.#byToken.size;
  }

  counts() {
    return { hits: this.#hits, misses: this.#misses };
  }

  /** The cached value for this token, else `load()`'s (stored when allowed). Errors of `load` propagate. */
  async lookup(token: string, load: () => Promise<Loaded<V>>): Promise<V> {
    const now = this.#now();
    const hit = this.#byToken.get(token);
    if (hit) {
      if (hit.until > now) {
        this.#hits++;
        return hit.value;
      }
      this.#delete(token);
    }
    this.#misses++;
    const generation = this.#generation;
    const loaded = await load();
    if (this.#enabled && generation === this.#generation) this.#store(token, loaded);
    return loaded.value;
  }

  #store(token: string, { value, owner, expiresAt }: Loaded<V>) {
    const until = Math.min(expiresAt, this.#now() + this.#options.ttlMs);
    if (until <= this.#now()) return;
    this.#delete(token);
    // Insertion order is age order: the oldest entries go first when full.
    while (this.#byToken.size >= this.#options.maxEntries) this.#delete(this.#byToken.keys().next().value!);
    this.#byToken.set(token, { value, owner, until });
    let tokens = this.#bySession.get(owner.sessionId);
    if (!tokens) this.#bySession.set(owner.sessionId, (tokens = new Set()));
    tokens.add(token);
  }

  #delete(token: string) {
    const entry = this.#byToken.get(token);
    if (!entry) return;
    this.#byToken.delete(token);
    const tokens = this.#bySession.get(entry.owner.sessionId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.#bySession.delete(entry.owner.sessionId);
  }

  /**
   * Applies one invalidation: `s:<session_id>` (revoked, deleted or changed), `u:<users.id>` (the user changed
   * or was deleted), `c:<clients.id>` (the client changed or was deleted), `*` (everything). Anything else
   * empties the cache too: an unknown message must not leave a stale entry.
   */
  invalidate(payload: string) {
    this.#generation++;
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const key = payload.slice(colon + 1);
    if (kind === 's') {
      for (const token of this.#bySession.get(key) ?? []) this.#delete(token);
    } else if ((kind === 'u' || kind === 'c') && /^\d+$/.test(key)) {
      const ref = Number(key);
      for (const [token, { owner }] of this.#byToken)
        if ((kind === 'u' ? owner.userRef : owner.clientRef) === ref) this.#delete(token);
    } else {
      this.clear();
    }
  }

  #now() {
    return this.#options.now?.() ?? Date.now();
  }
}

/** The session cache of one server process, fed by the database's session-change notifications. */
export type LiveSessionCache<V> = {
  readonly cache: SessionCache<V>;
  lookup(token: string, load: () => Promise<Loaded<V>>): Promise<V>;
  /**
   * Call after a transaction that revoked these sessions has committed: drops them here at once, then waits
   * (bounded) until every process's listener has confirmed that it has heard of everything committed so far,
   * so that the caller answers only when no process would still accept those sessions.
   */
  revoked(sessionIds: string[]): Promise<void>;
  /** Resolves true once every process has heard of every change committed before the call. */
  sync(): Promise<boolean>;
  /**
   * Another cache fed by the same invalidation feed (on and off with it, same TTL): the API-key guard keeps the
   * keys it has verified in one, owned by `key:<key_id>`, so that `revoked(['key:<key_id>'])` drops them in
   * every process before it answers.
   */
  companion<W>(): SessionCache<W>;
  stats(): SessionCacheStats;
  close(): Promise<void>;
};

/**
 * Starts the cache with its invalidation feed. With `ttlSeconds` 0 the cache is off (every request reads the
 * database). While the feed is down (PostgreSQL connection lost) the cache is bypassed; it is emptied when the
 * feed drops and again when it is back.
 */
export async function openSessionCache<V>(
  handle: DatabaseHandle,
  options: {
    ttlSeconds: number;
    maxEntries?: number;
    log?: (level: 'info' | 'warn', msg: string, data?: object) => void;
  },
): Promise<LiveSessionCache<V>> {
  const cache = new SessionCache<V>({
    ttlMs: options.ttlSeconds * 1000,
    maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
  });
  const log = options.log ?? (() => {});
  const caches = new Set<SessionCache<unknown>>([cache as SessionCache<unknown>]);
  let listener: Listener | null = null;
  if (options.ttlSeconds > 0) {
    listener = await listen(handle, SESSION_CHANNEL, {
      message: (payload) => {
        for (const c of caches) c.invalidate(payload);
      },
      up: () => {
        for (const c of caches) c.setEnabled(true);
        log('info', 'session cache on: listening for session changes');
      },
      down: (error) => {
        if (cache.enabled) log('warn', 'session cache off: lost the session-change listener', { err: error });
        for (const c of caches) c.setEnabled(false);
      },
    });
  }
  return {
    cache,
    lookup: (token, load) => cache.lookup(token, load),
    async revoked(sessionIds) {
      const payloads = sessionIds.map((id) => `s:${id}`);
      for (const payload of payloads) for (const c of caches) c.invalidate(payload);
      if (!payloads.length || !listener?.listening) return;
      // Announced here as well as by the triggers: the triggers catch every change, even by hand, but where a
      // trigger runs is up to the database (on Citus, on the node holding the rows); this reaches the listeners.
      if (!(await listener.sync(payloads)))
        log('warn', 'session revoked, but not every process confirmed it in time', { sessions: sessionIds });
    },
    sync: async () => (listener ? listener.sync() : false),
    companion<W>() {
      const c = new SessionCache<W>({
        ttlMs: options.ttlSeconds * 1000,
        maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
      });
      c.setEnabled(listener?.listening ?? false);
      caches.add(c as SessionCache<unknown>);
      return c;
    },
    stats: () => ({
      enabled: cache.enabled,
      entries: cache.size,
      ...cache.counts(),
      listening: listener?.listening ?? false,
      connects: listener?.connects ?? 0,
      backendPid: listener?.backendPid ?? null,
    }),
    async close() {
      for (const c of caches) c.setEnabled(false);
      await listener?.close();
    },
  };
}
