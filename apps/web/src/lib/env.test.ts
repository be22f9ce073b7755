import { describe, expect, it } from 'vitest';
import { API_HOSTS, APP_ENV, requireEnv } from './env';

describe('env', () => {
  it('labels this build staging and defaults every host to the same origin', () => {
    expect(APP_ENV).toBe('staging');
    expect(API_HOSTS).toEqual({ api: '', auth: '', read: '', bulk: '', changelog: '' });
  });

  it('requireEnv returns a set value', () => {
    expect(requireEnv('VITE_X', { VITE_X: 'https://api.test' })).toBe('https://api.test');
  });

  it.each([undefined, '', '   '])('requireEnv throws the exact message for %j', (value) => {
    expect(() => requireEnv('VITE_AUTH_API_URL', { VITE_AUTH_API_URL: value })).toThrow(
      new Error('Missing required environment variable: VITE_AUTH_API_URL'),
    );
  });
});
