import { describe, expect, it } from 'vitest';
import { databaseUnreachable } from './setup.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database out of reach', () => {
  it('is told from other failures, through drizzle’s wrapping of the driver error', () => {
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:56432', 'ECONNREFUSED'))).toBe(true);
    expect(
      databaseUnreachable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(databaseUnreachable(withCode('server conn crashed?', '08P01'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: new Error('Connection terminated') });
    expect(databaseUnreachable(wrapped)).toBe(true);
    // a query that reached the database and failed there is an error of ours, not an outage
    expect(databaseUnreachable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(databaseUnreachable(withCode('relation "x" does not exist', '42P01'))).toBe(false);
    expect(databaseUnreachable(new TypeError('x is undefined'))).toBe(false);
  });
});
