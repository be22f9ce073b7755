import type { DatabaseHandle } from '../db/database.ts';
import { listen, type Listener } from '../db/notifications.ts';
import { FABRIC_EVENTS_CHANNEL } from './calls.ts';

/**
 * Wakes the open event streams of a client when it has new events, in every API process: each call's
 * transaction `NOTIFY`s `meridian_fabric` with the client's ref when it commits, and each process LISTENs
 * (db/notifications.ts: a dedicated connection on PostgreSQL, heartbeat and reconnection; in-process on
 * PGlite). A stream then reads its client's rows after the last event it sent, so nothing is lost while a
 * stream is slow, and a notification only says "look". While the listener is down (or when there is none) every
 * stream is woken every `pollMs` instead (polling); every 15 s all are woken anyway, as a safety net.
 */
export type FabricEventHub = {
  /** Calls `wake` whenever the client may have new events; answers the unsubscribe function. */
  subscribe(clientRef: number, wake: () => void): () => void;
  /** Registers a stream to end when the server shuts down; answers the unregister function. */
  track(end: () => void): () => void;
  /** Ends every open stream (the server is closing). */
  endStreams(): void;
  readonly listening: boolean;
  close(): Promise<void>;
};

export async function openFabricEventHub(
  handle: DatabaseHandle | null,
  opts: { pollMs?: number; safetyMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): Promise<FabricEventHub> {
  const subscribers = new Map<number, Set<() => void>>();
  const streams = new Set<() => void>();
  const wake = (clientRef: number) => {
    for (const fn of subscribers.get(clientRef) ?? []) fn();
  };
  const wakeAll = () => {
    for (const set of subscribers.values()) for (const fn of set) fn();
  };

  let listener: Listener | null = null;
  if (handle) {
    try {
      listener = await listen(handle, FABRIC_EVENTS_CHANNEL, {
        message: (payload) => {
          const clientRef = Number(payload);
          if (Number.isSafeInteger(clientRef)) wake(clientRef);
        },
        up: wakeAll, // notifications sent while down are lost: every stream reads what it missed
        down: (err) => opts.log?.('fabric events listener down; polling until it is back', err),
      });
    } catch (err) {
      opts.log?.('fabric events: cannot LISTEN; polling instead', err);
    }
  }
  const pollMs = opts.pollMs ?? 1000;
  const safetyMs = opts.safetyMs ?? 15_000;
  let sinceSafety = 0;
  const timer = setInterval(() => {
    sinceSafety += pollMs;
    if (!listener?.listening || sinceSafety >= safetyMs) {
      sinceSafety = 0;
      wakeAll();
    }
  }, pollMs);
  timer.unref();

  return {
    subscribe(clientRef, fn) {
      let set = subscribers.get(clientRef);
      if (!set) subscribers.set(clientRef, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (!set.size) subscribers.delete(clientRef);
      };
    },
    track(end) {
      streams.add(end);
      return () => streams.delete(end);
    },
    endStreams() {
      for (const end of [...streams]) end();
    },
    get listening() {
      return listener?.listening ?? false;
    },
    async close() {
      clearInterval(timer);
      for (const end of [...streams]) end();
      await listener?.close();
    },
  };
}
