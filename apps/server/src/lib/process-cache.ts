/**
 * Caches a process keeps of what does not change in its database (a company's urn) or only hints at it (the
 * balance after the last charge). They belong to the database the process serves: `createServer` empties them
 * all, so a process that composes a server on another database (the API tests run many files, each on its own
 * database, in one worker) never reads a value of the previous one.
 */
const caches = new Set<Map<unknown, unknown>>();

export function processCache<K, V>(): Map<K, V> {
  const cache = new Map<K, V>();
  caches.add(cache as Map<unknown, unknown>);
  return cache;
}

export function clearProcessCaches(): void {
  for (const cache of caches) cache.clear();
}
