// What a browser receives for the first view of a screen, measured on the wire: starts the real server on the
// production build (apps/web/dist), loads /sign-in, then /flow and /flow/payouts signed in, each with an empty
// cache in headless Chromium, and sums the encoded bytes of every response (DevTools protocol
// Network.loadingFinished.encodedDataLength: headers plus the body as sent, compressed when it was) by type,
// with the request count, the compression of the static files and the longest chain of requests after the
// HTML (each request counted one step after the document, stylesheet or script that asked for it).
// Usage: npm run size -w apps/web [-- --check]   (--check: exit 1 when a view is over a budget)
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_USER, startProductionServer } from './production-server.mjs';

const KB = 1024;
/**
 * Budgets (issue 14: scripts and styles, and requests, as received; issue 8: JavaScript of /sign-in and /flow).
 * `assets` is scripts + styles; `total` (everything: documents, fonts, API answers) is printed, and can be
 * given a budget too.
 * @type {{ path: string, signedIn: boolean, budgets: { scriptsKb?: number, assetsKb?: number, totalKb?: number, requests: number } }[]}
 */
const VIEWS = [
  { path: '/sign-in', signedIn: false, budgets: { scriptsKb: 100, assetsKb: 110, requests: 15 } },
  { path: '/flow', signedIn: true, budgets: { scriptsKb: 180, requests: 30 } },
  { path: '/flow/payouts', signedIn: true, budgets: { assetsKb: 250, requests: 30 } },
];

const TYPES = /** @type {const} */ (['document', 'scripts', 'styles', 'fonts', 'api', 'other']);
/** @typedef {typeof TYPES[number]} Kind */

/** @param {string} cdpType @param {string} mime @returns {Kind} */
function kindOf(cdpType, mime) {
  if (cdpType === 'Document') return 'document';
  if (cdpType === 'Script' || /javascript/.test(mime)) return 'scripts';
  if (cdpType === 'Stylesheet' || mime === 'text/css') return 'styles';
  if (cdpType === 'Font' || mime.startsWith('font/')) return 'fonts';
  if (cdpType === 'Fetch' || cdpType === 'XHR' || cdpType === 'EventSource') return 'api';
  return 'other';
}

/**
 * The URLs of the resources that started a request: the document or stylesheet that names it, or every script
 * on the (async) call stack that sent it.
 * @param {any} initiator @returns {string[]}
 */
function initiatorUrls(initiator) {
  const urls = initiator?.url ? [initiator.url] : [];
  for (let stack = initiator?.stack; stack; stack = stack.parent)
    for (const frame of stack.callFrames ?? []) if (frame.url) urls.push(frame.url);
  return urls.map((u) => u.split('#')[0]).filter((u) => u !== 'about:client');
}

/**
 * Records every request of a page through the DevTools protocol.
 * @param {import('playwright-core').BrowserContext} context @param {import('playwright-core').Page} page
 */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  /** @type {Map<string, { url: string, type: string, mime: string, encoding: string, bytes: number, depth: number, done: boolean }>} */
  const requests = new Map();
  /** @type {Map<string, number>} */
  const depthOfUrl = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    const entry = {
      url: e.request.url,
      type: e.type ?? 'Other',
      mime: '',
      encoding: '',
      bytes: 0,
      depth: 0,
      done: false,
    };
    if (e.type !== 'Document') {
      // One step after the deepest resource that had to arrive first. A dynamic import() names no initiator
      // ("about:client"): it counts one step after the deepest script that had arrived by then (an upper bound).
      const known = initiatorUrls(e.initiator).flatMap((u) => depthOfUrl.get(u) ?? []);
      const arrived = [...requests.values()].filter((r) => r.done && kindOf(r.type, r.mime) === 'scripts');
      entry.depth = 1 + Math.max(0, ...(known.length > 0 ? known : arrived.map((r) => r.depth)));
    }
    if (!depthOfUrl.has(entry.url)) depthOfUrl.set(entry.url, entry.depth);
    requests.set(e.requestId, entry);
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = requests.get(e.requestId);
    if (!entry) return;
    entry.mime = e.response.mimeType ?? '';
    const headers = Object.fromEntries(
      Object.entries(e.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    entry.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = requests.get(e.requestId);
    if (!entry) return;
    entry.bytes = e.encodedDataLength;
    entry.done = true;
  });
  await cdp.send('Network.enable');
  return () => [...requests.values()];
}

/** @param {import('playwright-core').Browser} browser @param {string} origin */
async function signedInState(browser, origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/flow$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Loads one view cold (new context: empty HTTP cache) and waits until the network has been idle for 500 ms.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {typeof VIEWS[number]} view
 * @param {Awaited<ReturnType<typeof signedInState>> | undefined} state
 */
async function measure(browser, origin, view, state) {
  const context = await browser.newContext(state ? { storageState: state } : {});
  const page = await context.newPage();
  const requests = await recordNetwork(context, page);
  await page.goto(origin + view.path, { waitUntil: 'networkidle' });
  const finalPath = new URL(page.url()).pathname;
  if (finalPath !== view.path) throw new Error(`${view.path} ended on ${finalPath}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const all = requests().filter((r) => !r.url.startsWith('data:'));
  await context.close();
  return all;
}

const kb = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);

/** @param {ReturnType<Awaited<ReturnType<typeof recordNetwork>>>} requests */
function summarise(requests) {
  /** @type {Record<Kind, number>} */
  const bytes = { document: 0, scripts: 0, styles: 0, fonts: 0, api: 0, other: 0 };
  for (const r of requests) bytes[kindOf(r.type, r.mime)] += r.bytes;
  const statics = requests.filter((r) =>
    ['scripts', 'styles', 'fonts', 'document'].includes(kindOf(r.type, r.mime)),
  );
  // Fonts (woff2) are compressed by their format: the question is whether text goes out compressed.
  const texts = statics.filter((r) => kindOf(r.type, r.mime) !== 'fonts');
  const compressed = texts.filter((r) => r.encoding !== '');
  const encodings = [...new Set(compressed.map((r) => r.encoding))].join('+') || 'none';
  const assetDepth = Math.max(0, ...statics.map((r) => r.depth));
  const depth = Math.max(0, ...requests.map((r) => r.depth));
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return {
    bytes,
    total,
    count: requests.length,
    compressed: `${compressed.length}/${texts.length} ${encodings}`,
    assetDepth,
    depth,
  };
}

const check = process.argv.includes('--check');
const verbose = process.argv.includes('--verbose');
const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const failures = [];
try {
  const state = VIEWS.some((v) => v.signedIn) ? await signedInState(browser, server.origin) : undefined;
  const header = [
    'view',
    'requests',
    'document',
    'scripts',
    'styles',
    'fonts',
    'api',
    'other',
    'total KB',
    'compressed',
    'trips',
  ];
  const rows = [];
  for (const view of VIEWS) {
    const requests = await measure(browser, server.origin, view, view.signedIn ? state : undefined);
    const s = summarise(requests);
    rows.push([
      view.path,
      String(s.count),
      ...TYPES.map((t) => kb(s.bytes[t])),
      kb(s.total),
      s.compressed,
      `${s.assetDepth}/${s.depth}`,
    ]);
    const { budgets } = view;
    const assets = s.bytes.scripts + s.bytes.styles;
    /** @type {[string, number, number | undefined, (n: number) => string][]} */
    const limits = [
      ['JavaScript', s.bytes.scripts, budgets.scriptsKb && budgets.scriptsKb * KB, (n) => `${kb(n)} KB`],
      ['scripts + styles', assets, budgets.assetsKb && budgets.assetsKb * KB, (n) => `${kb(n)} KB`],
      ['everything', s.total, budgets.totalKb && budgets.totalKb * KB, (n) => `${kb(n)} KB`],
      ['requests', s.count, budgets.requests, (n) => String(n)],
    ];
    for (const [what, value, limit, show] of limits) {
      if (limit === undefined) continue;
      const ok = value <= limit;
      console.log(
        `${view.path} ${what}: ${show(value)} (budget ${show(limit)}) ${ok ? 'OK' : 'OVER BUDGET'}`,
      );
      if (!ok) failures.push(`${view.path} ${what}`);
    }
    if (verbose) {
      for (const r of requests.sort((a, b) => b.bytes - a.bytes)) {
        console.log(
          `  ${kb(r.bytes).padStart(7)} KB  ${kindOf(r.type, r.mime).padEnd(8)} d${r.depth} ${r.encoding.padEnd(4)} ${r.url.replace(server.origin, '')}`,
        );
      }
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nBytes received by Chromium, cold cache (KB; encoded, as on the wire):\n${line(header)}`);
  for (const row of rows) console.log(line(row));
  console.log(
    'compressed: documents, scripts and styles sent with a content-encoding; trips: longest request chain after the HTML, for static files / for everything (API included)',
  );
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length > 0) {
  console.log(`\nOver budget: ${failures.join(', ')}`);
  if (check) process.exitCode = 1;
}
