import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The API reference a person reads: `/docs` renders the OpenAPI document with Redoc, bundled from npm and served
 * by the product (no CDN). It works under the product's strict CSP: the page has no inline script (Redoc's
 * standalone bundle finds the `<redoc spec-url>` element by itself), Redoc's styles are `<style>` elements
 * (`style-src 'unsafe-inline'`), and its search, which would start a Web Worker from a `blob:` URL that
 * `script-src 'self'` refuses, is turned off (`disable-search`; the sidebar groups the operations by tag).
 * `/docs/json` is the raw document, with `servers` naming the origin the reader used when PUBLIC_URL is unset.
 */
const REDOC_PATH = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * Redoc's "API docs by Redocly" badge loads its logo from Redocly's CDN, which the CSP (`img-src 'self' data:`)
 * refuses with a console error: the served bundle carries a small inline logo instead (nothing leaves the page).
 */
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23e4434c'/%3E%3C/svg%3E";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Meridian API reference</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <redoc spec-url="/docs/json" disable-search expand-responses="200,201" path-in-middle-panel hide-hostname></redoc>
    <script src="/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

/** The documentation pages: not operations of the API (hidden from the document), open to anyone. */
const HIDDEN_PUBLIC = { schema: { hide: true }, config: { permission: 'public' } } as const;

export function registerDocs(app: FastifyInstance, opts: { publicUrl: string | undefined }): void {
  let redoc: Buffer | undefined;
  app.get('/docs', HIDDEN_PUBLIC, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/docs/', HIDDEN_PUBLIC, async (_request, reply) => reply.redirect('/docs'));
  app.get('/docs/redoc.standalone.js', HIDDEN_PUBLIC, async (_request, reply) => {
    redoc ??= Buffer.from(readFileSync(REDOC_PATH, 'utf8').replaceAll(CDN_LOGO, LOCAL_LOGO));
    return reply.type('application/javascript; charset=utf-8').send(redoc);
  });
  app.get('/docs/json', HIDDEN_PUBLIC, async (request) => {
    const doc = app.swagger();
    if (opts.publicUrl) return doc;
    return {
      ...doc,
      servers: [{ url: `${request.protocol}://${request.host}`, description: 'This Meridian server' }],
    };
  });
}
