import type { ApiPath } from '@/lib/api/paths';
import { API_HOSTS } from '@/lib/env';

export interface JsonAnswer<T> {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: T | null;
}

export interface JsonRequest {
  method?: 'GET' | 'POST';
  /** Query parameters (a public lookup by a link's token). */
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Let the request finish even if the page unloads meanwhile (e.g. a logout followed by a page load). */
  keepalive?: boolean;
}

/**
 * A plain JSON call to the auth host, for the auth calls that run before (or outside) a session. It never
 * throws for an HTTP status; a network failure rejects. Data calls go through `api` (lib/api) instead. The
 * path is one of the API document's (auth paths carry no provider slug and no parameters).
 */
export async function requestJson<T>(
  path: ApiPath,
  { method = 'POST', query, body, headers, keepalive }: JsonRequest = {},
): Promise<JsonAnswer<T>> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const response = await fetch(API_HOSTS.auth + path + search, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(keepalive ? { keepalive } : {}),
  });
  let parsed: T | null = null;
  try {
    const text = await response.text();
    parsed = text ? (JSON.parse(text) as T) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, ok: response.ok, body: parsed };
}

/** The text of an answer's `message` (or `response_message`), if it has one. */
export function messageOf(
  body: unknown,
  field: 'message' | 'response_message' = 'message',
): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
