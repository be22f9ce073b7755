import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsGzip } from './compression.ts';
import { CDN_LOGO, LOCAL_LOGO, referenceKey } from './docs-render.ts';

/**
 * The API reference a person reads: `/docs` shows the OpenAPI document with Redoc, bundled from npm and served
 * by the product (no CDN), under the product's strict CSP (no inline script; Redoc's styles are `<style>`
 * elements, `style-src 'unsafe-inline'`; its search, which would start a Web Worker from a `blob:` URL that
 * `script-src 'self'` refuses, is turned off: the sidebar groups the operations by tag).
 *
 * - The reference rendered to HTML ahead of time (docs-render.ts) when one exists for the document this server
 *   serves: it shows as soon as it arrives, then Redoc hydrates it (`/docs/reference.js`). The web build
 *   renders it into apps/web/dist/reference; when the API has changed since (or there is no build), the first
 *   visit starts rendering it in a child process and gets the page below meanwhile.
 * - Else the page that renders the reference in the browser (`<redoc spec-url>`; Redoc's standalone bundle
 *   finds the element by itself).
 *
 * `/docs/json` is the raw document, with `servers` naming the origin the reader used when PUBLIC_URL is unset.
 */
const REDOC_PATH = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
const RENDERER = join(import.meta.dirname, 'docs-render.ts');

/** Where the web build puts the rendered reference; without a build, a folder of the machine's temp dir. */
const WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'web', 'dist');
const DEFAULT_REFERENCE_DIR = existsSync(WEB_DIST)
  ? join(WEB_DIST, 'reference')
  : join(tmpdir(), 'meridian-reference');

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

/**
 * Hydrates the rendered reference (an external file: the CSP forbids inline script). After the page's first
 * frame, so that the reference shows before Redoc takes the main thread; with the document and the options the
 * page was rendered from (on the element), so that Redoc renders the same markup. Marks
 * `<html data-reference="ready">` once done.
 */
const HYDRATE = `(function () {
  var root = document.getElementById('redoc');
  if (!root || !window.Redoc) return;
  var options = JSON.parse(root.getAttribute('data-options'));
  // Hydrated: React has taken over the last section of the reference (it hydrates in document order).
  function hydrated() {
    var sections = root.querySelectorAll('[data-section-id]');
    var last = sections[sections.length - 1];
    return !last || Object.keys(last).some(function (k) { return k.indexOf('__reactProps$') === 0; });
  }
  function whenHydrated() {
    if (hydrated()) document.documentElement.setAttribute('data-reference', 'ready');
    else setTimeout(whenHydrated, 100);
  }
  requestAnimationFrame(function () {
    setTimeout(function () {
      fetch(root.getAttribute('data-document'))
        .then(function (answer) { return answer.json(); })
        .then(function (data) {
          // Redoc's third argument is React's onRecoverableError: markup that did not match what Redoc renders.
          window.Redoc.hydrate(
            { spec: { url: '/docs/json', data: data }, menu: { activeItemIdx: -1 }, options: options },
            root,
            function (error) { console.warn('API reference: hydration', error); },
          );
          whenHydrated();
        });
    }, 0);
  });
})();
`;

/** The documentation pages: not operations of the API (hidden from the document), open to anyone. */
const HIDDEN_PUBLIC = { schema: { hide: true }, config: { permission: 'public' } } as const;

/** The variant of a precompressed file a request accepts: brotli, gzip, or the file itself. */
function encodingFor(request: FastifyRequest): { suffix: string; encoding?: string } {
  const header = request.headers['accept-encoding'] ?? '';
  if (/(^|,)\s*br\s*(,|$)/i.test(header)) return { suffix: '.br', encoding: 'br' };
  if (acceptsGzip(header)) return { suffix: '.gz', encoding: 'gzip' };
  return { suffix: '' };
}

function sendRendered(request: FastifyRequest, reply: FastifyReply, path: string, type: string) {
  const { suffix, encoding } = encodingFor(request);
  reply.type(type).header('vary', 'accept-encoding');
  // Sent as written: the compression plugin leaves an answer that names its encoding alone.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(createReadStream(`${path}${suffix}`));
}

export function registerDocs(
  app: FastifyInstance,
  opts: { publicUrl: string | undefined; referenceDir?: string | null },
): void {
  // The folder of rendered references; none (the page rendered in the browser, no render started) in tests,
  // which make many servers, unless they name one.
  const dir =
    opts.referenceDir !== undefined
      ? opts.referenceDir
      : process.env['NODE_ENV'] === 'test'
        ? null
        : DEFAULT_REFERENCE_DIR;
  let redoc: Buffer | undefined;
  let key: string | undefined;
  let rendering = false;

  /** Starts rendering the reference of this server's document in a child process (one at a time). */
  const render = (doc: Record<string, unknown>, dir: string) => {
    if (rendering) return;
    rendering = true;
    const work = mkdtempSync(join(tmpdir(), 'meridian-docs-'));
    const documentPath = join(work, 'document.json');
    writeFileSync(documentPath, JSON.stringify(doc));
    const child = spawn(process.execPath, [RENDERER, documentPath, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.once('exit', (code) => {
      rmSync(work, { recursive: true, force: true });
      if (code !== 0) app.log.warn({ code, errors }, 'rendering the API reference failed');
      rendering = false;
    });
  };

  app.get('/docs', HIDDEN_PUBLIC, async (request, reply) => {
    if (dir === null) return reply.type('text/html; charset=utf-8').send(PAGE);
    const doc = app.swagger() as unknown as Record<string, unknown>;
    // The document does not change while the process runs: its hash is taken once.
    key ??= referenceKey(doc);
    const page = join(dir, `${key}.html`);
    if (existsSync(page)) return sendRendered(request, reply, page, 'text/html; charset=utf-8');
    render(doc, dir);
    return reply.type('text/html; charset=utf-8').send(PAGE);
  });
  app.get('/docs/', HIDDEN_PUBLIC, async (_request, reply) => reply.redirect('/docs'));
  app.get<{ Params: { name: string } }>('/docs/reference/:name', HIDDEN_PUBLIC, async (request, reply) => {
    const { name } = request.params;
    if (dir === null || !/^[0-9a-f]{16}\.json$/.test(name) || !existsSync(join(dir, name)))
      return reply.callNotFound();
    return sendRendered(request, reply, join(dir, name), 'application/json; charset=utf-8');
  });
  app.get('/docs/reference.js', HIDDEN_PUBLIC, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(HYDRATE),
  );
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
