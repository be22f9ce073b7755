import type { RequestLogDetails } from '@meridian/contract/developers';
import { API_HOSTS, PROVIDER, type ApiHost } from '@/lib/env';

/** What a recorded request needs to be replayed with curl. */
export type CurlRequest = Pick<
  RequestLogDetails,
  'method' | 'path' | 'query' | 'channel' | 'idempotency_key' | 'request_body' | 'truncated'
>;

export interface CurlOptions {
  /** The API host of each kind, as the web app calls them ('' is the page's own origin). */
  hosts?: Readonly<Record<ApiHost, string>>;
  /** The page's origin, for a host configured as '' (the server serves the app and the API). */
  origin?: string;
  /** The signed-in member's client id (the dashboard's `client_id` header); a placeholder when unknown. */
  clientId?: string | null;
}

/** Quotes a word for a POSIX shell: single quotes, each `'` inside closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Which of the web app's hosts serves a path: the read API, bulk, auth (sign-in, MFA, passwords), else the API base. */
export function hostOf(path: string): ApiHost {
  if (path.startsWith(`/${PROVIDER}/read/`)) return 'read';
  if (path.startsWith(`/${PROVIDER}/bulk/`)) return 'bulk';
  if (path.startsWith('/v2/auth/') || path.startsWith('/v2/mfa/') || path.startsWith('/excalibur/')) {
    return 'auth';
  }
  return 'api';
}

/** The recorded query as a query string: arrays repeat their key, objects are written as JSON. */
function queryString(query: CurlRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A curl command that repeats a recorded request at the API host the web app calls, with no secret in it: the
 * credentials are shell variables to fill in (`$KEY_ID:$KEY_SECRET` for an API key, `$TOKEN` for a dashboard
 * session), and the query and body are sent as they were stored, their masked fields masked and their
 * omitted fields left out. An entry whose bodies were cut when recorded says so on a comment line above the
 * command.
 */
export function buildCurl(request: CurlRequest, options: CurlOptions = {}): string {
  const hosts = options.hosts ?? API_HOSTS;
  const origin = options.origin ?? window.location.origin;
  const base = hosts[hostOf(request.path)] || origin;
  const method = request.method.toUpperCase();
  const hasBody = request.request_body !== null && request.request_body !== undefined;

  const url = shellQuote(base + request.path + queryString(request.query));
  const head = method !== 'GET' || hasBody ? `curl -X ${method} ${url}` : `curl ${url}`;
  const args: string[] = [];
  if (request.channel === 'api_key') {
    args.push('-u "$KEY_ID:$KEY_SECRET"');
  } else {
    args.push('-H "Authorization: Bearer $TOKEN"');
    args.push(
      options.clientId ? `-H ${shellQuote(`client_id: ${options.clientId}`)}` : '-H "client_id: $CLIENT_ID"',
    );
  }
  if (hasBody) args.push(`-H ${shellQuote('Content-Type: application/json')}`);
  if (request.idempotency_key) {
    args.push(`-H ${shellQuote(`Idempotency-Key: ${request.idempotency_key}`)}`);
  }
  if (hasBody) {
    const body =
      typeof request.request_body === 'string' ? request.request_body : JSON.stringify(request.request_body);
    args.push(`-d ${shellQuote(body)}`);
  }

  const command = [head, ...args].join(' \\\n  ');
  return request.truncated && hasBody
    ? `# A body of this request was cut when it was recorded: check that the -d body is whole before sending.\n${command}`
    : command;
}
