import { describe, expect, it } from 'vitest';
import { formatLsn, parseLsn, readFrom } from './replica.ts';
import type { Db } from './database.ts';
import type { FastifyRequest } from 'fastify';

describe('replica read routing', () => {
  it('orders WAL positions as PostgreSQL prints them', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    expect(formatLsn(parseLsn('0/364ba10')!)).toBe('0/364BA10');
    for (const bad of [null, undefined, '', '16', '16/', 'x/1', '1/2/3', '123456789/0'])
      expect(parseLsn(bad)).toBeNull();
  });

  it('reads from the primary itself when no replica is configured', async () => {
    const primary = {} as Db;
    const seen: Db[] = [];
    const answer = await readFrom(primary, {} as FastifyRequest, async (db) => {
      seen.push(db);
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual([primary]);
  });
});
