import { describe, expect, it } from 'vitest';
import { keyModeOf, livemodeOf } from './key-mode';

describe('a key’s mode', () => {
  it('reads livemode when the record carries it', () => {
    expect(livemodeOf({ livemode: false })).toBe(false);
    expect(livemodeOf({ livemode: true })).toBe(true);
    expect(livemodeOf({})).toBeUndefined();
    expect(livemodeOf({ livemode: 'no' })).toBeUndefined();
  });

  it('of a key just made: livemode, else the secret’s prefix, else the dashboard’s mode', () => {
    expect(keyModeOf({ key_secret: 'mk_live_x', livemode: false } as { key_secret: string }, 'live')).toBe(
      'test',
    );
    expect(keyModeOf({ key_secret: 'mk_test_x' }, 'live')).toBe('test');
    expect(keyModeOf({ key_secret: 'mk_live_x' }, 'test')).toBe('live');
    expect(keyModeOf({ key_secret: 'sk_x' }, 'test')).toBe('test');
  });
});
