// Plain constants without zod (like messages.ts): the web app's auth entry and the server both read them.

/**
 * The public screens of the web app (spec §2). They are a page of their own, `auth.html`, which loads without
 * the signed-in app's code: the server answers these paths with it and every other page path with
 * `index.html`. `/login` is on the list because the auth page sends it on to `/sign-in`.
 */
export const AUTH_SCREEN_PATHS = [
  '/sign-in',
  '/sign-in-2',
  '/sign-in-3',
  '/otp',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
] as const;

export type AuthScreenPath = (typeof AUTH_SCREEN_PATHS)[number];

/** The auth screen a URL path (without query; one trailing slash allowed) shows, or null for any other path. */
export function authScreenOf(pathname: string): AuthScreenPath | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (AUTH_SCREEN_PATHS as readonly string[]).includes(path) ? (path as AuthScreenPath) : null;
}
