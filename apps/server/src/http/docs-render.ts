/**
 * The API reference rendered to HTML ahead of the reader (Redoc's server-side rendering), so that `/docs` shows
 * it as soon as the page arrives instead of laying out ~250 operations in the browser first (5–30 s). The page
 * then loads Redoc's bundle and hydrates the markup (menu, tabs, expandable schemas) after its first frame;
 * until then the reference reads and scrolls, and `<html data-reference>` says `static`, then `ready`.
 *
 * Written once per document, named by the document's hash, with brotli and gzip copies beside each file:
 * `<key>.html` (the whole page) and `<key>.json` (the document the page was rendered from, which the page
 * hydrates with). Made by the web build (apps/web/scripts/build-reference.mjs) and, when the API has changed
 * since, by the server in a child process on the first visit (docs.ts). As a script:
 * `node apps/server/src/http/docs-render.ts <document.json> <directory>`.
 *
 * React, styled-components and Redoc's library are loaded only here: never in the serving process.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Redoc's options, the same on the server and in the browser (they must render the same markup). */
export const REFERENCE_OPTIONS = {
  disableSearch: true,
  expandResponses: '200,201',
  pathInMiddlePanel: true,
  hideHostname: true,
} as const;

/**
 * Redoc's "API docs by Redocly" badge loads its logo from Redocly's CDN, which the CSP (`img-src 'self' data:`)
 * refuses: the served bundle and the rendered page carry a small inline logo instead.
 */
export const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
export const LOCAL_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23e4434c'/%3E%3C/svg%3E";

/**
 * The document as the reference shows it. `servers` names the origin (the reader's, or PUBLIC_URL), which the
 * reference never shows (`hideHostname`): one fixed entry, so the page is the same on every origin.
 */
export function referenceDocument(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, servers: [{ url: '/', description: 'This Meridian server' }] };
}

/** The name of a document's rendered reference: its hash. */
export function referenceKey(doc: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(referenceDocument(doc)))
    .digest('hex')
    .slice(0, 16);
}

/** What this module uses of React, react-dom/server, styled-components and Redoc's library. */
interface Renderers {
  createElement(type: unknown, props: Record<string, unknown>): unknown;
  renderToString(element: unknown): string;
  ServerStyleSheet: new () => {
    collectStyles(element: unknown): unknown;
    getStyleTags(): string;
    seal(): void;
  };
  Redoc: unknown;
  createStore(spec: unknown, specUrl: string, options: unknown): Promise<unknown>;
}

function loadRenderers(): Renderers {
  const require = createRequire(import.meta.url);
  const react = require('react') as Pick<Renderers, 'createElement'>;
  const server = require('react-dom/server') as Pick<Renderers, 'renderToString'>;
  const styled = require('styled-components') as Pick<Renderers, 'ServerStyleSheet'>;
  const redoc = require('redoc') as Pick<Renderers, 'Redoc' | 'createStore'>;
  return {
    createElement: react.createElement,
    renderToString: server.renderToString,
    ServerStyleSheet: styled.ServerStyleSheet,
    Redoc: redoc.Redoc,
    createStore: redoc.createStore,
  };
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The whole page: Redoc's markup and styles, then the two scripts (no inline script: the CSP allows none). */
export async function renderReferencePage(doc: Record<string, unknown>, key: string): Promise<string> {
  const r = loadRenderers();
  const store = await r.createStore(referenceDocument(doc), '/docs/json', REFERENCE_OPTIONS);
  const sheet = new r.ServerStyleSheet();
  let markup: string;
  let styles: string;
  try {
    markup = r.renderToString(sheet.collectStyles(r.createElement(r.Redoc, { store })));
    styles = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
  return `<!doctype html>
<html lang="en" data-reference="static">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Meridian API reference</title>
    <link rel="icon" href="data:," />
    ${styles.replaceAll(CDN_LOGO, LOCAL_LOGO)}
  </head>
  <body>
    <div id="redoc" data-document="/docs/reference/${key}.json" data-options="${escapeAttribute(JSON.stringify(REFERENCE_OPTIONS))}">${markup.replaceAll(CDN_LOGO, LOCAL_LOGO)}</div>
    <script src="/docs/redoc.standalone.js" defer></script>
    <script src="/docs/reference.js" defer></script>
  </body>
</html>
`;
}

/** Writes a file and its brotli and gzip copies, each under a temporary name first (readers never see half). */
function writeCompressed(path: string, text: string): void {
  const raw = Buffer.from(text);
  const variants: [string, Buffer][] = [
    [
      '.br',
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ],
    ['.gz', gzipSync(raw, { level: 9 })],
    ['', raw],
  ];
  // The plain file last: docs.ts takes its presence to mean that the set is complete.
  for (const [suffix, bytes] of variants) {
    const tmp = `${path}${suffix}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, `${path}${suffix}`);
  }
}

/** Renders a document's reference into `dir` (`<key>.html`, `<key>.json` and their copies); answers the key. */
export async function writeReference(doc: Record<string, unknown>, dir: string): Promise<string> {
  const key = referenceKey(doc);
  const page = await renderReferencePage(doc, key);
  mkdirSync(dir, { recursive: true });
  writeCompressed(join(dir, `${key}.json`), JSON.stringify(referenceDocument(doc)));
  writeCompressed(join(dir, `${key}.html`), page);
  return key;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [documentPath, dir] = process.argv.slice(2);
  if (!documentPath || !dir) throw new Error('usage: docs-render.ts <document.json> <directory>');
  const doc = JSON.parse(readFileSync(documentPath, 'utf8')) as Record<string, unknown>;
  await writeReference(doc, dir);
}
