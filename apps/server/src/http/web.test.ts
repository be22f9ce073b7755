import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { pageFor, registerWeb, routePagePaths } from './web.ts';

// The web build as the server meets it: two pages and a hashed script, each with its brotli and gzip files.
const dist = mkdtempSync(join(tmpdir(), 'meridian-web-'));
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>app</title><script type="module" src="/assets/app-1.js"></script>',
  'auth.html': '<!doctype html><title>auth</title>',
  'pages/flow/payouts.html':
    '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/p.js">',
  'assets/app-1.js': SCRIPT,
};
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'pages', 'flow'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  }
  app = Fastify();
  await registerCompression(app);
  app.get('/v2/data', async () => ({
    rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: 'row' })),
  }));
  await registerWeb(app, { webDist: dist, isApi: (url) => url.startsWith('/v2/') });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('pageFor', () => {
  const routePages = new Set(['/flow', '/flow/payouts']);

  it('is auth.html for the auth screens', () => {
    for (const url of ['/sign-in', '/sign-in/', '/otp?redirect=%2Fflow', '/login', '/reset-password?token=x'])
      expect(pageFor(url, routePages)).toBe('auth.html');
  });

  it("is the route's own page where the build made one, else index.html", () => {
    expect(pageFor('/flow/payouts?offset=10', routePages)).toBe('pages/flow/payouts.html');
    expect(pageFor('/flow/', routePages)).toBe('pages/flow.html');
    for (const url of ['/', '/flow/payouts/x', '/changelog/v3', '/sign-in-9', '/settings/sign-in', '/../etc'])
      expect(pageFor(url, routePages)).toBe('index.html');
  });

  it('finds the route pages of a build by their paths', () => {
    expect([...routePagePaths(dist)]).toEqual(['/flow/payouts']);
  });
});

describe('web delivery', () => {
  it('sends the brotli file to a browser that accepts it, immutable for a year, varying on Accept-Encoding', async () => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends gzip where brotli is not accepted, and the file itself where nothing is', async () => {
    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers page navigations with auth.html for the auth screens and index.html otherwise, revalidated', async () => {
    const signIn = await get('/sign-in?redirect=%2Fflow', { ...html, 'accept-encoding': 'br' });
    expect(signIn.headers['content-encoding']).toBe('br');
    expect(signIn.headers['cache-control']).toBe('no-cache');
    expect(signIn.rawPayload.equals(brotliCompressSync(files['auth.html']!))).toBe(true);
    expect((await get('/login', html)).body).toBe(files['auth.html']);
    const routePage = await get('/flow/payouts?offset=10', html);
    expect(routePage.body).toBe(files['pages/flow/payouts.html']);
    expect(routePage.headers['cache-control']).toBe('no-cache');
    const appPage = await get('/flow/beneficiaries', html);
    expect(appPage.body).toBe(files['index.html']);
    expect(appPage.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the JSON 404 for API paths and for requests that do not ask for HTML', async () => {
    expect((await get('/v2/nope', html)).statusCode).toBe(404);
    const missing = await get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('security headers of the build files', () => {
  // As the server's security headers are set on every answer, before the route runs.
  const SECURITY = {
    'content-security-policy': "default-src 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };
  let secured: FastifyInstance;
  beforeAll(async () => {
    secured = Fastify();
    secured.addHook('onRequest', (_request, reply, done) => {
      reply.headers(SECURITY);
      done();
    });
    await registerWeb(secured, { webDist: dist, isApi: (url) => url.startsWith('/v2/') });
  });
  afterAll(() => secured.close());

  it('a hashed script goes without the headers only a document obeys; a page keeps them all', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const script = await secured.inject({
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-security-policy']).toBeUndefined();
      expect(script.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(script.headers['x-frame-options']).toBeUndefined();
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(script.headers['strict-transport-security']).toMatch(/max-age/);
    }
    const page = await secured.inject({ url: '/flow/payouts', headers: html });
    for (const [name, value] of Object.entries(SECURITY)) expect(page.headers[name]).toBe(value);
  });
});
