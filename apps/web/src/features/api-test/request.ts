import { MODE_HEADER, type Mode } from '@/lib/mode';
import type { ApiOperation } from './openapi';

/** Values of an operation's parameters, by location and name (already converted from the form). */
export interface ParameterValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

/** The credentials of a call: none, the signed-in session (token + client id) or an API key. */
export type Credentials =
  | { mode: 'none' }
  /** `dataMode`: the dashboard's mode (test mode's session names it in `Meridian-Mode`; live needs nothing). */
  | { mode: 'session'; token: string; clientId: string | undefined; dataMode?: Mode }
  | { mode: 'apiKey'; keyId: string; keySecret: string };

/** One request, as sent and as copied: method, path + query, headers (without credentials) and body. */
export interface BuiltRequest {
  method: string;
  /** Path with the query string, relative to the API host (`/v2/auth/user?x=1`). */
  path: string;
  headers: Array<[string, string]>;
  body?: string;
}

const scalar = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The request an operation makes with these values: path parameters substituted (URI-encoded), query
 * parameters appended (arrays repeated), header parameters and, with a body, `Content-Type` and the JSON text.
 * `Accept` asks for JSON unless the operation's path names another format (templates, exports, downloads).
 */
export function buildRequest(op: ApiOperation, values: ParameterValues, body?: unknown): BuiltRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(scalar(values.path[name] ?? '')),
  );
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const v = values.query[p.name];
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) query.append(p.name, scalar(item));
  }
  const qs = query.toString();
  const headers: Array<[string, string]> = [['Accept', acceptFor(op)]];
  for (const p of op.parameters.filter((p) => p.in === 'header')) {
    const v = values.header[p.name];
    if (v !== undefined && v !== null && v !== '') headers.push([p.name, scalar(v)]);
  }
  const built: BuiltRequest = { method: op.method, path: qs ? `${path}?${qs}` : path, headers };
  if (body !== undefined && op.body) {
    headers.push(['Content-Type', 'application/json']);
    built.body = JSON.stringify(body);
  }
  return built;
}

function acceptFor(op: ApiOperation): string {
  if (/\/export\b|\.csv$|\/download\//.test(op.path)) return '*/*';
  if (/\.xlsx$/.test(op.path)) return '*/*';
  return 'application/json';
}

/**
 * The headers the credentials add: `Authorization` (Bearer or Basic) and, for a session, `client_id` and, in test
 * mode, `Meridian-Mode: test`.
 */
export function credentialHeaders(credentials: Credentials): Array<[string, string]> {
  switch (credentials.mode) {
    case 'none':
      return [];
    case 'session':
      return [
        ['Authorization', `Bearer ${credentials.token}`],
        ...(credentials.clientId ? ([['client_id', credentials.clientId]] as Array<[string, string]>) : []),
        ...(credentials.dataMode === 'test' ? ([[MODE_HEADER, 'test']] as Array<[string, string]>) : []),
      ];
    case 'apiKey':
      return [['Authorization', `Basic ${base64(`${credentials.keyId}:${credentials.keySecret}`)}`]];
  }
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * One shell word in single quotes: safe for every character (`$`, backslashes, newlines, `!` in a script); a
 * single quote closes the quotes, adds an escaped one and reopens them (`'it'\''s'`).
 */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The request as a `curl` command that works as-is in a POSIX shell (one option per line). `base` is the API
 * host as an absolute URL (the page's origin when the API is served from it).
 */
export function toCurl(request: BuiltRequest, base: string, credentials: Credentials): string {
  const url = `${base.replace(/\/+$/, '')}${request.path}`;
  const parts = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(url)}`];
  const named = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const fromCredentials = credentialHeaders(credentials).filter(([name]) => !named.has(name.toLowerCase()));
  for (const [name, value] of [...fromCredentials, ...request.headers])
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`--data-raw ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}

/**
 * The amount a money-moving request carries, for its confirmation: the first `amount` (or `…_amount`) field
 * found in the body, breadth-first, as text; undefined when there is none.
 */
export function amountOf(body: unknown): string | undefined {
  const queue: unknown[] = [body];
  while (queue.length) {
    const node = queue.shift();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      queue.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (/(^|_)amount$/.test(key) && (typeof value === 'string' || typeof value === 'number'))
        return String(value);
    }
    queue.push(...Object.values(node));
  }
  return undefined;
}
