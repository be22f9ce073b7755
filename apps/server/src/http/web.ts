import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorResponse } from '@meridian/contract';

const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');

/**
 * Serves the web app's production build when it exists (hashed assets immutable for a year, HTML revalidated),
 * with an SPA fallback for HTML navigations; every other unknown path is the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { webDist: string | null | undefined; isApi: (url: string) => boolean },
): Promise<void> {
  const isApi = opts.isApi;
  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const accepts = request.headers.accept ?? '';
    if (hasWeb && request.method === 'GET' && !isApi(request.url) && accepts.includes('text/html')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
