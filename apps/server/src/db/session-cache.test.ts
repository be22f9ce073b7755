import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

type Value = { name: string };
const owner = (sessionId: string, userRef = 1, clientRef = 10) => ({ sessionId, userRef, clientRef });

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache<Value>({
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => now,
  });
  cache.setEnabled(true);
  let loads = 0;
  /** Looks `token` up; a miss loads `{ name: token }` owned by `who`, valid until `expiresAt`. */
  const get = (token: string, who = owner(`S-${token}`), expiresAt = now + 3_600_000) =>
    cache.lookup(token, async () => {
      loads++;
      return { value: { name: token }, owner: who, expiresAt };
    });
  return {
    cache,
    get,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
  };
}

describe('SessionCache', () => {
  it('loads once, then answers from memory', async () => {
    const { cache, get, loads } = setup();
    expect(await get('t1')).toEqual({ name: 't1' });
    expect(await get('t1')).toEqual({ name: 't1' });
    expect(loads()).toBe(1);
    expect(cache.counts()).toEqual({ hits: 1, misses: 1 });
  });

  it('keeps an entry no longer than its TTL', async () => {
    const { get, loads, advance } = setup({ ttlMs: 60_000 });
    await get('t1');
    advance(59_999);
    await get('t1');
    expect(loads()).toBe(1);
    advance(1);
    await get('t1');
    expect(loads()).toBe(2);
  });

  it('keeps an entry no longer than its own expiry (token or session), nor stores an expired one', async () => {
    const { get, loads, advance } = setup({ ttlMs: 60_000 });
    await get('t', owner('S'), 1_000_000 + 10_000);
    advance(9_999);
    await get('t');
    expect(loads()).toBe(1);
    advance(1);
    await get('t', owner('S'), 1_000_000 + 10_000); // reloaded, but expired now: not stored
    await get('t', owner('S'), 1_000_000 + 10_000);
    expect(loads()).toBe(3);
  });

  it('drops the oldest entries beyond its size', async () => {
    const { cache, get, loads } = setup({ maxEntries: 2 });
    await get('a');
    await get('b');
    await get('c');
    expect(cache.size).toBe(2);
    await get('b');
    await get('c');
    expect(loads()).toBe(3);
    await get('a');
    expect(loads()).toBe(4);
  });

  it('drops every token of a session, of a user, of a client, or everything', async () => {
    const { cache, get, loads } = setup();
    await get('a1', owner('S1', 1, 10));
    await get('a2', owner('S1', 1, 10)); // a refreshed token of the same session
    await get('b', owner('S2', 2, 10));
    await get('c', owner('S3', 3, 20));
    cache.invalidate('s:S1');
    expect(cache.size).toBe(2);
    await get('b');
    expect(loads()).toBe(4);
    cache.invalidate('u:2');
    expect(cache.size).toBe(1);
    cache.invalidate('c:20');
    expect(cache.size).toBe(0);
    await get('d', owner('S4', 4, 30));
    cache.invalidate('*');
    expect(cache.size).toBe(0);
    await get('e', owner('S5', 5, 40));
    cache.invalidate('something new');
    expect(cache.size).toBe(0);
  });

  it('does not store an answer loaded while an invalidation arrived (it may predate it)', async () => {
    const { cache } = setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.lookup('t', async () => {
      await gate; // the database answered "live"; the revocation's notification arrives before we store it
      return { value: { name: 't' }, owner: owner('S'), expiresAt: 2_000_000 };
    });
    cache.invalidate('s:S');
    release();
    expect(await pending).toEqual({ name: 't' });
    expect(cache.size).toBe(0);
  });

  it('stores nothing while disabled, and empties itself when switched either way', async () => {
    const { cache, get, loads } = setup();
    await get('a');
    cache.setEnabled(false); // the listener dropped: notifications may be lost from here on
    expect(cache.size).toBe(0);
    await get('a');
    await get('a');
    expect(loads()).toBe(3);
    cache.setEnabled(true);
    await get('a');
    await get('a');
    expect(loads()).toBe(4);
    // A lookup in flight across the switch is not stored either.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.lookup('x', async () => {
      await gate;
      return { value: { name: 'x' }, owner: owner('SX'), expiresAt: 2_000_000 };
    });
    cache.setEnabled(true);
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('is off with a TTL of 0', async () => {
    const { cache, get, loads } = setup({ ttlMs: 0 });
    expect(cache.enabled).toBe(false);
    await get('a');
    await get('a');
    expect(loads()).toBe(2);
  });

  it('does not cache failures', async () => {
    const { cache } = setup();
    const fail = () =>
      cache.lookup('bad', async () => {
        throw new Error('revoked');
      });
    await expect(fail()).rejects.toThrow('revoked');
    await expect(fail()).rejects.toThrow('revoked');
    expect(cache.counts()).toEqual({ hits: 0, misses: 2 });
  });
});
