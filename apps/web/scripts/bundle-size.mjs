// What a browser receives for the first visit of a screen, measured on the wire: starts the real server on the
// production build (apps/web/dist), loads /sign-in, then /flow and /flow/payouts signed in, each with an empty
// cache in headless Chromium, waits after the load until the network has been quiet for IDLE_MS (so what loads
// when the browser is idle — prefetched routes, on-demand chunks fetched in requestIdleCallback — is counted: it
// crosses the wire on the first visit too), and sums the encoded bytes of every response (DevTools protocol
// Network.loadingFinished.encodedDataLength: headers plus the body as sent, compressed when it was) by type,
// with the request count, the compression of the static files and the longest chain of requests after the
// HTML (each request counted one step after the document, stylesheet or script that asked for it).
// Usage: npm run size -w apps/web [-- --check] [-- --verbose]
//   --check: exit 1 when a view is over a budget; --verbose: list every request of every view (a view over a
//   budget always lists its requests). In the list, "idle" marks a request sent after the first view was shown.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_USER, startProductionServer } from './production-server.mjs';

const KB = 1024;
/** How long the network must stay quiet (no request under way, none started) before a view counts as loaded. */
const IDLE_MS = 3000;
/** A view whose network never settles is measured as it stands after this long. */
const SETTLE_LIMIT_MS = 30_000;
/**
 * Budgets (issue 14: scripts and styles, and requests, as received; issue 8: JavaScript of /sign-in and /flow;
 * issue 24: everything a cold first visit of /flow/payouts transfers, idle-loaded chunks included).
 * `assets` is scripts + styles; `total` is everything: documents, scripts, styles, fonts, API answers.
 * @type {{ path: string, signedIn: boolean, budgets: { scriptsKb?: number, assetsKb?: number, totalKb?: number, requests: number } }[]}
 */
const VIEWS = [
  { path: '/sign-in', signedIn: false, budgets: { scriptsKb: 100, assetsKb: 110, requests: 15 } },
  { path: '/flow', signedIn: true, budgets: { scriptsKb: 180, requests: 30 } },
  { path: '/flow/payouts', signedIn: true, budgets: { assetsKb: 250, totalKb: 250, requests: 30 } },
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
 * A request of a page as recorded: `depth` is its step in the chain of requests after the HTML; `idle` whether it
 * was sent after the first view was shown.
 * @typedef {{ url: string, type: string, mime: string, encoding: string, bytes: number, depth: number, done: boolean, idle: boolean }} Recorded
 */
/**
 * When the last request started or ended; whether the first view has been shown (later requests are "idle").
 * @typedef {{ last: number, shown: boolean }} Activity
 */

/**
 * Records a request about to be sent (Network.requestWillBeSent), one step after the deepest resource that had to
 * arrive first.
 * @param {any} e @param {Map<string, Recorded>} requests @param {Map<string, number>} depthOfUrl
 * @param {Activity} activity
 */
function recordRequest(e, requests, depthOfUrl, activity) {
  activity.last = Date.now();
  // A redirect sends a new request under the same id: the redirect's answer was received already.
  const redirected = requests.get(e.requestId);
  if (redirected && e.redirectResponse) {
    redirected.bytes = e.redirectResponse.encodedDataLength ?? 0;
    redirected.done = true;
    requests.set(`${e.requestId}:redirect:${requests.size}`, redirected);
  }
  /** @type {Recorded} */
  const entry = {
    url: e.request.url,
    type: e.type ?? 'Other',
    mime: '',
    encoding: '',
    bytes: 0,
    depth: 0,
    done: false,
    idle: activity.shown,
  };
  if (e.type !== 'Document') {
    // A dynamic import() names no initiator ("about:client"): it counts one step after the deepest script that
    // had arrived by then (an upper bound).
    const known = initiatorUrls(e.initiator).flatMap((u) => depthOfUrl.get(u) ?? []);
    const arrived = [...requests.values()].filter((r) => r.done && kindOf(r.type, r.mime) === 'scripts');
    entry.depth = 1 + Math.max(0, ...(known.length > 0 ? known : arrived.map((r) => r.depth)));
  }
  if (!depthOfUrl.has(entry.url)) depthOfUrl.set(entry.url, entry.depth);
  requests.set(e.requestId, entry);
}

/**
 * Records every request of a page through the DevTools protocol.
 * @param {import('playwright-core').BrowserContext} context @param {import('playwright-core').Page} page
 */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  /** @type {Map<string, Recorded>} */
  const requests = new Map();
  /** @type {Activity} */
  const activity = { last: Date.now(), shown: false };
  /** @type {Map<string, number>} */
  const depthOfUrl = new Map();
  cdp.on('Network.requestWillBeSent', (e) => recordRequest(e, requests, depthOfUrl, activity));
  cdp.on('Network.responseReceived', (e) => {
    const entry = requests.get(e.requestId);
    if (!entry) return;
    entry.mime = e.response.mimeType ?? '';
    const headers = Object.fromEntries(
      Object.entries(e.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    entry.encoding = headers['content-encoding'] ?? '';
    // What had arrived with the headers: the count for a request that fails or is cancelled later.
    entry.bytes = e.response.encodedDataLength ?? 0;
  });
  cdp.on('Network.loadingFinished', (e) => {
    activity.last = Date.now();
    const entry = requests.get(e.requestId);
    if (!entry) return;
    entry.bytes = e.encodedDataLength;
    entry.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    activity.last = Date.now();
    const entry = requests.get(e.requestId);
    if (entry) entry.done = true;
  });
  await cdp.send('Network.enable');
  return {
    list: () => [...requests.values()],
    /** From now on, requests are marked as sent after the first view. */
    markShown: () => {
      activity.shown = true;
    },
    /** Resolves once no request (a stream excepted) is under way and none has started or ended for IDLE_MS. */
    async settled() {
      const deadline = Date.now() + SETTLE_LIMIT_MS;
      for (;;) {
        const busy = [...requests.values()].some((r) => !r.done && r.type !== 'EventSource');
        if (!busy && Date.now() - activity.last >= IDLE_MS) return;
        if (Date.now() > deadline) {
          console.log(`  (network still busy after ${SETTLE_LIMIT_MS / 1000} s: measured as it stands)`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
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
 * Loads one view cold (new context: empty HTTP cache), waits for its heading, then until the network has been
 * quiet for IDLE_MS.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {typeof VIEWS[number]} view
 * @param {Awaited<ReturnType<typeof signedInState>> | undefined} state
 */
async function measure(browser, origin, view, state) {
  const context = await browser.newContext(state ? { storageState: state } : {});
  const page = await context.newPage();
  const network = await recordNetwork(context, page);
  await page.goto(origin + view.path, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  network.markShown();
  await network.settled();
  const finalPath = new URL(page.url()).pathname;
  if (finalPath !== view.path) throw new Error(`${view.path} ended on ${finalPath}`);
  const all = network.list().filter((r) => !r.url.startsWith('data:'));
  await context.close();
  return all;
}

const kb = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);

/** @param {ReturnType<Awaited<ReturnType<typeof recordNetwork>>['list']>} requests */
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
    let over = false;
    for (const [what, value, limit, show] of limits) {
      if (limit === undefined) continue;
      const ok = value <= limit;
      console.log(
        `${view.path} ${what}: ${show(value)} (budget ${show(limit)}) ${ok ? 'OK' : 'OVER BUDGET'}`,
      );
      if (!ok) failures.push(`${view.path} ${what}`);
      over ||= !ok;
    }
    const idle = requests.filter((r) => r.idle);
    console.log(
      `${view.path} after the first view: ${idle.length} requests, ${kb(idle.reduce((a, r) => a + r.bytes, 0))} KB`,
    );
    if (verbose || over) {
      for (const r of requests.sort((a, b) => b.bytes - a.bytes)) {
        console.log(
          `  ${kb(r.bytes).padStart(7)} KB  ${kindOf(r.type, r.mime).padEnd(8)} d${r.depth} ${r.encoding.padEnd(4)} ${r.idle ? 'idle' : '    '} ${r.url.replace(server.origin, '')}`,
        );
      }
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\nBytes received by Chromium, cold cache, until the network was quiet for ${IDLE_MS / 1000} s (KB; encoded, as on the wire):\n${line(header)}`,
  );
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
