import { describe, expect, it } from 'vitest';
import { authScreenOf } from './screens.ts';

describe('authScreenOf', () => {
  it('names the auth screen of a path, with or without one trailing slash', () => {
    expect(authScreenOf('/sign-in')).toBe('/sign-in');
    expect(authScreenOf('/sign-in/')).toBe('/sign-in');
    expect(authScreenOf('/login')).toBe('/login');
    expect(authScreenOf('/reset-password')).toBe('/reset-password');
  });

  it('is null for the signed-in app, the root and near misses', () => {
    for (const path of [
      '/',
      '/flow',
      '/sign-in-4',
      '/sign-in//',
      '/SIGN-IN',
      '/otp/x',
      '/settings/sign-in',
      '',
    ])
      expect(authScreenOf(path)).toBeNull();
  });
});
