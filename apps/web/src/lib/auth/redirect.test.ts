import { describe, expect, it } from 'vitest';
import { pathOf, safeRedirect, signInHref } from './redirect';

describe('safeRedirect', () => {
  it.each(['/settings/display', '/flow/payouts?offset=10&limit=10', '/changelog/v3#top', '/'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['protocol-relative', '//evil.test/x'],
    ['backslash host', '/\\evil.test'],
    ['absolute URL', 'https://evil.test/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'flow'],
    ['tab that URL parsing strips', '/\t/evil.test'],
    ['newline', '/\n/evil.test'],
    ['space', '/ /evil.test'],
    ['empty', ''],
    ['back to sign-in (loop)', '/sign-in?redirect=%2Fflow'],
    ['the otp screen', '/otp'],
    ['an auth screen with a trailing slash', '/sign-up/'],
  ])('falls back to /flow for %s', (_name, value) => {
    expect(safeRedirect(value)).toBe('/flow');
  });

  it('falls back for non-text values and honours a given fallback', () => {
    expect(safeRedirect(undefined)).toBe('/flow');
    expect(safeRedirect(42)).toBe('/flow');
    expect(safeRedirect(['/a'])).toBe('/flow');
    expect(safeRedirect('//x', '/home')).toBe('/home');
  });
});

describe('signInHref', () => {
  it('carries the current path and query, encoded', () => {
    expect(signInHref({ pathname: '/settings/display', search: '' })).toBe(
      '/sign-in?redirect=%2Fsettings%2Fdisplay',
    );
    expect(signInHref({ pathname: '/flow/payouts', search: '?offset=10' })).toBe(
      '/sign-in?redirect=%2Fflow%2Fpayouts%3Foffset%3D10',
    );
  });

  it('does not point back into the auth screens', () => {
    expect(signInHref({ pathname: '/sign-in', search: '?redirect=%2Fflow' })).toBe('/sign-in');
    expect(signInHref({ pathname: '/otp', search: '' })).toBe('/sign-in');
  });
});

describe('pathOf', () => {
  it('is the part before the query or hash', () => {
    expect(pathOf('/sign-in?redirect=%2Fflow')).toBe('/sign-in');
    expect(pathOf('/changelog/v3#top')).toBe('/changelog/v3');
    expect(pathOf('/flow')).toBe('/flow');
  });
});
