/** Where sign-in lands when no usable `redirect` was given. */
export const DEFAULT_REDIRECT = '/flow';

const AUTH_PATHS = [
  '/sign-in',
  '/sign-in-2',
  '/sign-in-3',
  '/otp',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
];

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
  const path = value.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.includes(path)) return fallback;
  return value;
}

/** Search params of the sign-in screens. */
export interface RedirectSearch {
  redirect?: string;
}

/** `/sign-in?redirect=<path and query>` for the given location (by default the current one). */
export function signInHref(
  location: { pathname: string; search: string } = window.location,
  signInPath = '/sign-in',
): string {
  const here = location.pathname + location.search;
  const path = location.pathname;
  if (AUTH_PATHS.includes(path) || path === '/') return signInPath;
  return `${signInPath}?redirect=${encodeURIComponent(here)}`;
}

/**
 * A `validateSearch` that keeps the named params when they are text (numbers, which the router's JSON search
 * parser makes of digit-only values, are turned back into text) and drops anything else, so a bad URL
 * degrades instead of failing the route. Plain code rather than zod: these routes are on the sign-in bundle.
 */
export function textSearch<K extends string>(
  ...keys: K[]
): (search: Record<string, unknown>) => Partial<Record<K, string>> {
  return (search) => {
    const out: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string') out[key] = value;
      else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
    }
    return out;
  };
}

/** Search of the sign-in screens: an optional `redirect`. */
export const redirectSearch: (search: Record<string, unknown>) => RedirectSearch = textSearch('redirect');
