import { useSyncExternalStore } from 'react';
import { prefixed } from '@/lib/storage';

/**
 * Device-local preferences (theme, font, team, display, notifications) in localStorage under the
 * environment prefix (`staging_…` in this build, via `prefixed` of @/lib/storage), as public/theme-init.js
 * reads them before first paint. Unlike the bare storage helpers, a preference notifies its subscribers.
 */

export interface Preference<T> {
  /** The full localStorage key. */
  readonly key: string;
  readonly defaultValue: T;
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** React hook: the current value, re-rendering on change (also from other tabs). */
  use(): T;
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * One preference: a validated value in localStorage. `parse` turns whatever is stored (or null) into a
 * valid value, so a tampered or stale entry degrades to the default instead of breaking the app.
 * `serialize` defaults to String(value).
 */
export function createPreference<T>(options: {
  name: string;
  parse: (raw: string | null) => T;
  serialize?: (value: T) => string;
}): Preference<T> {
  const key = prefixed(options.name);
  const serialize = options.serialize ?? String;
  const listeners = new Set<() => void>();
  const defaultValue = options.parse(null);
  // Cache by raw string so get() returns a stable reference (useSyncExternalStore requires it).
  let cache: { raw: string | null; value: T } | undefined;

  const get = (): T => {
    const raw = readRaw(key);
    if (!cache || cache.raw !== raw) cache = { raw, value: options.parse(raw) };
    return cache.value;
  };
  const notify = () => listeners.forEach((l) => l());
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  return {
    key,
    defaultValue,
    get,
    set(value: T) {
      try {
        window.localStorage.setItem(key, serialize(value));
      } catch {
        // Storage full or blocked: the preference just does not persist.
      }
      notify();
    },
    subscribe,
    use() {
      return useSyncExternalStore(subscribe, get, () => defaultValue);
    },
  };
}

/** Parser for a value from a fixed list: anything else becomes the first entry (the default). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return (raw: string | null): T[number] =>
    (values as readonly string[]).includes(raw ?? '') ? (raw as T[number]) : values[0];
}
