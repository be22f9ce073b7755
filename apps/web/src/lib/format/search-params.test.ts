import { describe, expect, it } from 'vitest';
import { optionalTextParam, searchSchema, textParam } from './search-params';

describe('search-param schemas', () => {
  const validate = searchSchema({ q: textParam('all'), tag: optionalTextParam() });
  const schema = (raw: Record<string, unknown>) => validate(raw as never);

  it('fills defaults and drops unknown parameters', () => {
    expect(schema({})).toEqual({ q: 'all' });
    expect(schema({ q: 'x', tag: 'api', other: 1 })).toEqual({ q: 'x', tag: 'api' });
  });

  it('degrades malformed values (catch semantics)', () => {
    expect(schema({ q: { nested: true }, tag: ['a'] })).toEqual({ q: 'all' });
    expect(schema({ q: 42, tag: true })).toEqual({ q: '42', tag: 'true' });
  });
});
