import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorResponse } from '@meridian/contract';
import { authScreenOf } from '@meridian/contract/screens';

const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

/** The web app's two pages: the signed-in app, and the public auth screens without the app's code. */
const APP_PAGE = 'index.html';
const AUTH_PAGE = 'auth.html';

/** Hashed build files never change: a year, immutable. Everything else (the pages) is revalidated each load. */
const cacheControlFor = (path: string) =>
  path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** The page a browser navigation to `url` gets: auth.html for the auth screens, index.html for the rest. */
export function pageFor(url: string): string {
  return authScreenOf(url.split('?')[0] ?? '') ? AUTH_PAGE : APP_PAGE;
}

/**
 * Serves the web app's production build when it exists: each file in the variant the request accepts (the
 * build writes brotli `.br` and gzip `.gz` files beside them; `Vary: Accept-Encoding`), hashed assets
 * immutable for a year, the pages revalidated on every load. HTML navigations to any other path get a page
 * (auth.html for the auth screens, else index.html: the app's router takes it from there); every other
 * unknown path is the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { webDist: string | null | undefined; isApi: (url: string) => boolean },
): Promise<void> {
  const isApi = opts.isApi;
  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  const hasWeb = !!webDist && existsSync(join(webDist, APP_PAGE));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const accepts = request.headers.accept ?? '';
    if (hasWeb && request.method === 'GET' && !isApi(request.url) && accepts.includes('text/html')) {
      return reply.sendFile(pageFor(request.url));
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
