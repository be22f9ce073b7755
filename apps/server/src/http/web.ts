import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { ErrorResponse } from '@meridian/contract';
import { authScreenOf } from '@meridian/contract/screens';

const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

/** The web app's two pages: the signed-in app, and the public auth screens without the app's code. */
const APP_PAGE = 'index.html';
const AUTH_PAGE = 'auth.html';
/**
 * Copies of the app page made at build time for each route with a static URL (apps/web/build/route-pages.ts):
 * `pages/flow/payouts.html` also preloads the /flow/payouts screen's own code.
 */
const ROUTE_PAGES_DIR = 'pages';

/** Hashed build files never change: a year, immutable. Everything else (the pages) is revalidated each load. */
const cacheControlFor = (path: string) =>
  path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * The security headers that only a document (a page, a worker) obeys: a script, stylesheet or font of the
 * build (no worker among them) answers without them (nosniff, CORP and HSTS stay). Each weighs on every request of a first visit (~0.45 KB
 * of the ~1 KB of headers of an asset over HTTP/1.1); the pages keep them all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const SUBRESOURCE = /\.(js|css|woff2)(\.br|\.gz)?$/;

/** The URL paths that have a page of their own in the build (`/flow/payouts` for pages/flow/payouts.html). */
export function routePagePaths(webDist: string): Set<string> {
  const dir = join(webDist, ROUTE_PAGES_DIR);
  if (!existsSync(dir)) return new Set();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  return new Set(
    files.map(
      (f) =>
        `/${f
          .split(sep)
          .join('/')
          .replace(/\.html$/, '')}`,
    ),
  );
}

/**
 * The page a browser navigation to `url` gets: auth.html for the auth screens; for the app, the route's own
 * page when the build made one (its code preloaded), else index.html (the app's router takes it from there).
 */
export function pageFor(url: string, routePages: ReadonlySet<string> = new Set()): string {
  const path = url.split('?')[0] ?? '';
  if (authScreenOf(path)) return AUTH_PAGE;
  const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return routePages.has(route) ? `${ROUTE_PAGES_DIR}${route}.html` : APP_PAGE;
}

/**
 * Serves the web app's production build when it exists: each file in the variant the request accepts (the
 * build writes brotli `.br` and gzip `.gz` files beside them; `Vary: Accept-Encoding`), hashed assets
 * immutable for a year, the pages revalidated on every load. HTML navigations to any other path get a page
 * (`pageFor`); every other unknown path is the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { webDist: string | null | undefined; isApi: (url: string) => boolean },
): Promise<void> {
  const isApi = opts.isApi;
  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  const hasWeb = !!webDist && existsSync(join(webDist, APP_PAGE));
  const routePages = hasWeb ? routePagePaths(webDist) : new Set<string>();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route per file of the build (exact routes, no file-system lookup for an unknown path), but not for its
      // `.br`/`.gz` copies: preCompressed finds those beside the file it serves. Two thirds fewer routes to add
      // at every start (~1,200 → ~420).
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
        if (SUBRESOURCE.test(path))
          for (const name of DOCUMENT_ONLY_HEADERS) {
            reply.removeHeader(name);
            reply.raw.removeHeader(name);
          }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const accepts = request.headers.accept ?? '';
    if (hasWeb && request.method === 'GET' && !isApi(request.url) && accepts.includes('text/html')) {
      return reply.sendFile(pageFor(request.url, routePages));
    }
    const body: ErrorResponse = {
      status: 404,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      error: 'not_found',
      request_id: request.id,
    };
    return reply.status(404).send(body);
  });
}
