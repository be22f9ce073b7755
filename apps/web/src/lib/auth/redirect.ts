import { authScreenOf } from '@meridian/contract/screens';

/** Where sign-in lands when no usable `redirect` was given. */
export const DEFAULT_REDIRECT = '/flow';

/**
 * A `redirect` search value if it is a same-origin path: it starts with '/' but not '//' or '/\' (which
 * browsers read as another host), has no control characters or whitespace (stripped by URL parsing, so
 * '/\t/evil.test' would become '//evil.test') and does not lead back into the sign-in screens.
 */
export function safeRedirect(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected here
  if (/[\u0000-\u0020\u007f]/.test(value)) return fallback;
  if (authScreenOf(pathOf(value))) return fallback;
  return value;
}

/** The path of a same-origin href (what comes before its query or hash). */
export function pathOf(href: string): string {
  return href.split(/[?#]/)[0] ?? '';
}

/** `/sign-in?redirect=<path and query>` for the given location (by default the current one). */
export function signInHref(
  location: { pathname: string; search: string } = window.location,
  signInPath = '/sign-in',
): string {
  const here = location.pathname + location.search;
  const path = location.pathname;
  if (authScreenOf(path) || path === '/') return signInPath;
  return `${signInPath}?redirect=${encodeURIComponent(here)}`;
}
