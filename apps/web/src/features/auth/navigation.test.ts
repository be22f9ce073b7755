import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo, resolveAuthHref, screenHref } from './navigation';

const signedOut = () => false;
const signedIn = () => true;

describe('resolveAuthHref (routing of the auth page)', () => {
  it('shows the auth screens in place, a trailing slash dropped', () => {
    expect(resolveAuthHref('/sign-in', signedOut)).toEqual({ screen: '/sign-in', href: '/sign-in' });
    expect(resolveAuthHref('/otp?redirect=%2Fflow', signedOut)).toEqual({
      screen: '/otp',
      href: '/otp?redirect=%2Fflow',
    });
    expect(resolveAuthHref('/sign-up/', signedOut)).toEqual({ screen: '/sign-up', href: '/sign-up' });
  });

  it('/login goes to /sign-in keeping only redirect', () => {
    expect(resolveAuthHref('/login', signedOut)).toEqual({ screen: '/sign-in', href: '/sign-in' });
    expect(resolveAuthHref('/login?redirect=%2Fsettings%2Fdisplay&x=1', signedOut)).toEqual({
      screen: '/sign-in',
      href: '/sign-in?redirect=%2Fsettings%2Fdisplay',
    });
  });

  it('a signed-in visitor of a sign-in screen goes where sign-in would have gone, same origin only', () => {
    expect(resolveAuthHref('/sign-in?redirect=%2Fsettings%2Fdisplay', signedIn)).toEqual({
      page: '/settings/display',
    });
    expect(resolveAuthHref('/sign-in-3', signedIn)).toEqual({ page: '/flow' });
    expect(resolveAuthHref('/login?redirect=%2F%2Fevil.test', signedIn)).toEqual({ page: '/flow' });
    // The other public screens stay open to a signed-in visitor.
    expect(resolveAuthHref('/forgot-password', signedIn)).toEqual({
      screen: '/forgot-password',
      href: '/forgot-password',
    });
  });

  it('any other path is a page of the signed-in app', () => {
    expect(resolveAuthHref('/flow/payouts?offset=10', signedOut)).toEqual({
      page: '/flow/payouts?offset=10',
    });
    expect(resolveAuthHref('/', signedOut)).toEqual({ page: '/' });
  });
});

describe('screenHref', () => {
  it('carries redirect, encoded, when there is one', () => {
    expect(screenHref('/otp', { redirect: '/flow/payouts?offset=10' })).toBe(
      '/otp?redirect=%2Fflow%2Fpayouts%3Foffset%3D10',
    );
    expect(screenHref('/sign-in', { redirect: undefined })).toBe('/sign-in');
  });
});

describe('goTo', () => {
  beforeEach(() => window.history.replaceState(null, '', '/sign-in'));
  afterEach(() => vi.restoreAllMocks());

  it('moves between auth screens with the history API (no page load)', () => {
    const before = window.history.length;
    goTo('/forgot-password');
    expect(window.location.pathname).toBe('/forgot-password');
    expect(window.history.length).toBe(before + 1);
    goTo('/sign-in', { replace: true });
    expect(window.location.pathname).toBe('/sign-in');
    expect(window.history.length).toBe(before + 1);
  });
});
