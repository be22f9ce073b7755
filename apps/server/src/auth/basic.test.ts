import { describe, expect, it } from 'vitest';
import { parseBasic } from './basic.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('HTTP Basic credentials of an API key', () => {
  it('reads key_id:key_secret (the secret may hold a colon)', () => {
    expect(parseBasic(`Basic ${b64('key_1:mk_live_abc')}`)).toEqual({
      keyId: 'key_1',
      secret: 'mk_live_abc',
    });
    expect(parseBasic(`basic ${b64('key_1:a:b')}`)).toEqual({ keyId: 'key_1', secret: 'a:b' });
  });
  it('is not Basic for a bearer token or no header, and malformed for a broken one', () => {
    expect(parseBasic(undefined)).toBeNull();
    expect(parseBasic('Bearer x.y.z')).toBeNull();
    expect(parseBasic('Basic !!!')).toBe('malformed');
    expect(parseBasic(`Basic ${b64('no-colon')}`)).toBe('malformed');
    expect(parseBasic(`Basic ${b64(':secret')}`)).toBe('malformed');
    expect(parseBasic(`Basic ${b64('key_1:')}`)).toBe('malformed');
    expect(parseBasic(`Basic ${'A'.repeat(600)}`)).toBe('malformed');
  });
});
