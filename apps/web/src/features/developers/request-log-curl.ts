import type { RequestLogDetails } from '@meridian/contract/developers';
import { API_HOSTS, PROVIDER, type ApiHost } from '@/lib/env';
import { queryString, storedBody } from './request-log-body';

/** What a recorded request needs to be replayed with curl. */
export type CurlRequest = Pick<
  RequestLogDetails,
  'method' | 'path' | 'query' | 'channel' | 'idempotency_key' | 'request_body'
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

/**
 * A curl command that repeats a recorded request at the API host the web app calls, with no secret in it: the
 * credentials are shell variables to fill in (`$KEY_ID:$KEY_SECRET` for an API key, `$TOKEN` for a dashboard
 * session), and the query and body are sent as they were stored, their masked fields masked and their
 * omitted fields left out. A body the log cut or did not store (not JSON) cannot be repeated whole: a comment
 * line above the command says what to complete.
 */
export function buildCurl(request: CurlRequest, options: CurlOptions = {}): string {
  const hosts = options.hosts ?? API_HOSTS;
  const origin = options.origin ?? window.location.origin;
  const base = hosts[hostOf(request.path)] || origin;
  const method = request.method.toUpperCase();
  const stored = storedBody(request.request_body);
  const data =
    stored.kind === 'json'
      ? JSON.stringify(stored.value)
      : stored.kind === 'cut'
        ? (stored.preview ?? '')
        : null;

  const url = shellQuote(base + request.path + queryString(request.query));
  const head = method !== 'GET' || data !== null ? `curl -X ${method} ${url}` : `curl ${url}`;
  const args: string[] = [];
  if (request.channel === 'api_key') {
    args.push('-u "$KEY_ID:$KEY_SECRET"');
  } else {
    args.push('-H "Authorization: Bearer $TOKEN"');
    args.push(
      options.clientId ? `-H ${shellQuote(`client_id: ${options.clientId}`)}` : '-H "client_id: $CLIENT_ID"',
    );
  }
  if (data !== null) args.push(`-H ${shellQuote('Content-Type: application/json')}`);
  if (request.idempotency_key) {
    args.push(`-H ${shellQuote(`Idempotency-Key: ${request.idempotency_key}`)}`);
  }
  if (data !== null) args.push(`-d ${shellQuote(data)}`);

  const command = [head, ...args].join(' \\\n  ');
  if (stored.kind === 'cut') {
    const size = stored.bytes === null ? '' : ` of ${stored.bytes} bytes`;
    return `# The request body${size} was cut when it was recorded: complete the -d body before sending.\n${command}`;
  }
  if (stored.kind === 'omitted') {
    return `# The request's ${stored.type} body was not recorded: add it (e.g. -F for a file) before sending.\n${command}`;
  }
  return command;
}
