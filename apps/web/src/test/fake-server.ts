import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (req: FakeRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Installs a fake `fetch` answering `"METHOD /path"` routes; unknown routes answer 404. Every call is recorded
 * in `calls`. Returns the routes map so tests can swap handlers.
 */
export function installFakeServer(routes: Record<string, Handler> = {}) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const req: FakeRequest = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(req) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { routes, calls, fetchMock };
}

/** An RSA-OAEP (SHA-256) key pair like the server's, with the public key as SPKI PEM. */
export async function rsaKeyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  async function decrypt(base64: string): Promise<string> {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(
      await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes),
    );
  }
  return { pem, decrypt };
}
