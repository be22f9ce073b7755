/** Cookies written by the app: path '/', SameSite=Strict, Secure on https. Names are taken as given. */

/** The attributes every app cookie carries; Secure only on https. */
export function cookieAttributes(
  protocol: string = typeof location === 'undefined' ? 'http:' : location.protocol,
): string {
  return `Path=/; SameSite=Strict${protocol === 'https:' ? '; Secure' : ''}`;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Without `maxAgeSeconds` the cookie lasts for the browser session. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;
  document.cookie = `${name}=${encodeURIComponent(value)}${maxAge}; ${cookieAttributes()}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; ${cookieAttributes()}`;
}

/** Names of all cookies visible to scripts on this page (HttpOnly cookies are not). */
export function cookieNames(): string[] {
  if (typeof document === 'undefined' || document.cookie === '') return [];
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
}

/** Deletes every script-visible cookie of this origin. */
export function clearLocalCookies(): void {
  for (const name of cookieNames()) deleteCookie(name);
}
