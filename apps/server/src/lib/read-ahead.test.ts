import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('readAhead', () => {
  it('yields every item in order and reads the next while the current one is used', async () => {
    const log: string[] = [];
    async function* source() {
      for (let i = 1; i <= 3; i++) {
        log.push(`read ${i}`);
        await tick();
        yield i;
      }
    }
    const seen: number[] = [];
    for await (const n of readAhead(source())) {
      log.push(`use ${n}`);
      await tick();
      seen.push(n);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Each read starts before the item before it is used; without reading ahead it would come after.
    expect(log.indexOf('read 2')).toBeLessThan(log.indexOf('use 1'));
    expect(log.indexOf('read 3')).toBeLessThan(log.indexOf('use 2'));
  });

  it('passes on a failure of a read ahead where it is awaited, without an unhandled rejection', async () => {
    async function* source() {
      yield 1;
      await tick();
      throw new Error('read failed');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of readAhead(source())) {
          await tick();
          await tick();
          seen.push(n);
        }
      })(),
    ).rejects.toThrow('read failed');
    expect(seen).toEqual([1]);
  });

  it('closes the source when the consumer stops early', async () => {
    let closed = false;
    async function* source() {
      try {
        for (let i = 1; ; i++) yield i;
      } finally {
        closed = true;
      }
    }
    for await (const n of readAhead(source())) if (n === 2) break;
    expect(closed).toBe(true);
  });
});
