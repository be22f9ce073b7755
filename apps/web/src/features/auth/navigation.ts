import { useMemo, useSyncExternalStore } from 'react';
import { authScreenOf, type AuthScreenPath } from '@meridian/contract/screens';
import { isAuthenticated, safeRedirect } from '@/lib/auth';

// The public auth screens are a page of their own (auth.html) without the signed-in app's router: moving
// between them is history.pushState (so the one-time-code state kept in memory survives /sign-in → /otp);
// any other destination is a full page load into the signed-in app (index.html).

/** A screen the auth page renders (`/login` only ever forwards to `/sign-in`). */
export type AuthScreen = Exclude<AuthScreenPath, '/login'>;

const SIGN_IN_SCREENS: readonly AuthScreen[] = ['/sign-in', '/sign-in-2', '/sign-in-3'];

/** Where an href leads from the auth page: one of its screens (with the href to show), or another page. */
export type AuthTarget = { screen: AuthScreen; href: string } | { page: string };

/** `/sign-in?redirect=…` and the like: an auth screen's href, carrying `redirect` when there is one. */
export function screenHref(screen: AuthScreenPath, search: { redirect?: string | undefined } = {}): string {
  return search.redirect ? `${screen}?redirect=${encodeURIComponent(search.redirect)}` : screen;
}

/**
 * The routing rules of the auth page: `/login` goes to `/sign-in` keeping `redirect`; a visitor
 * who is signed in already goes from a sign-in screen to where sign-in would have gone; a path that is not an
 * auth screen is a page of the signed-in app.
 */
export function resolveAuthHref(href: string, signedIn: () => boolean = isAuthenticated): AuthTarget {
  const url = new URL(href, 'http://auth.invalid');
  const screen = authScreenOf(url.pathname);
  if (!screen) return { page: href };
  const redirect = url.searchParams.get('redirect') ?? undefined;
  if (screen === '/login') return resolveAuthHref(screenHref('/sign-in', { redirect }), signedIn);
  if (SIGN_IN_SCREENS.includes(screen) && signedIn()) return { page: safeRedirect(redirect) };
  return { screen, href: screen + url.search + url.hash };
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const currentHref = () => window.location.pathname + window.location.search + window.location.hash;

function leaveFor(page: string, replace: boolean): void {
  if (replace) window.location.replace(page);
  else window.location.assign(page);
}

/** Navigates from the auth page: to another auth screen in place, elsewhere with a page load. */
export function goTo(href: string, { replace = false }: { replace?: boolean } = {}): void {
  const target = resolveAuthHref(href);
  if ('page' in target) return leaveFor(target.page, replace);
  if (replace) window.history.replaceState(null, '', target.href);
  else {
    window.history.pushState(null, '', target.href);
    window.scrollTo(0, 0);
  }
  notify();
}

/** Applies the routing rules to the address the page was loaded at; false when the page is leaving. */
export function startAuthNavigation(): boolean {
  const target = resolveAuthHref(currentHref());
  if ('page' in target) {
    leaveFor(target.page, true);
    return false;
  }
  if (target.href !== currentHref()) window.history.replaceState(null, '', target.href);
  window.addEventListener('popstate', () => {
    const back = resolveAuthHref(currentHref());
    if ('page' in back) leaveFor(back.page, true);
    else notify();
  });
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The screen shown at the current address and its search parameters; re-renders on every move. */
export function useAuthLocation(): { screen: AuthScreen; search: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  return useMemo(() => {
    const url = new URL(href, 'http://auth.invalid');
    const screen = authScreenOf(url.pathname);
    return {
      screen: !screen || screen === '/login' ? '/sign-in' : screen,
      search: url.searchParams,
    };
  }, [href]);
}
