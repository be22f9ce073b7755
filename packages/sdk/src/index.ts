import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen.ts';

export type { components, operations, paths, webhooks } from './schema.gen.ts';

/** How the client authenticates: a dashboard session (bearer + client_id) or an API key (HTTP Basic). */
export type Credentials =
  | { kind: 'session'; accessToken: string; clientId: string }
  | { kind: 'apiKey'; keyId: string; keySecret: string };

/**
 * A typed client of the Meridian API (openapi-fetch over the generated `paths`): every path, parameter, body
 * and answer is checked by TypeScript. `setCredentials` switches credentials (e.g. after signing in).
 */
export function createMeridianClient(opts: {
  baseUrl: string;
  credentials?: Credentials;
  fetch?: typeof fetch;
}): Client<paths> & {
  setCredentials(credentials: Credentials | undefined): void;
} {
  let credentials = opts.credentials;
  const auth: Middleware = {
    onRequest({ request }) {
      if (!credentials || request.headers.has('authorization')) return request;
      if (credentials.kind === 'session') {
        request.headers.set('authorization', `Bearer ${credentials.accessToken}`);
        request.headers.set('client_id', credentials.clientId);
      } else {
        const basic = btoa(`${credentials.keyId}:${credentials.keySecret}`);
        request.headers.set('authorization', `Basic ${basic}`);
      }
      return request;
    },
  };
  const client = createClient<paths>({ baseUrl: opts.baseUrl, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  client.use(auth);
  return Object.assign(client, {
    setCredentials(next: Credentials | undefined) {
      credentials = next;
    },
  });
}
