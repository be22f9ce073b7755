// Lighthouse (mobile, its default settings) on the production build served by the real server: /sign-in cold,
// then /flow signed in (puppeteer signs in, the HTTP cache is dropped, storage is kept). Prints performance,
// accessibility and best-practices scores, first and largest contentful paint, and any console error.
// Scores move on a busy machine: this prints them and asserts nothing.
// Usage: npm run lighthouse   (--json <file>: also write the figures as JSON)
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_USER, startProductionServer } from './production-server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/**
 * @param {import('puppeteer-core').Page} page
 * @param {string} url @param {Record<string, unknown>} flags
 */
async function audit(page, url, flags) {
  try {
    return await auditOnce(page, url, flags);
  } catch (error) {
    // Lighthouse's own advice for a failed trace (NO_NAVSTART and the like) on a busy machine: run it again.
    console.error(`${url}: ${/** @type {Error} */ (error).message}; trying once more`);
    return auditOnce(page, url, flags);
  }
}

/**
 * @param {import('puppeteer-core').Page} page
 * @param {string} url @param {Record<string, unknown>} flags
 */
async function auditOnce(page, url, flags) {
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, ...flags },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (/** @type {string} */ id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
  /** @type {{ source?: string, description?: string, url?: string }[]} */
  const items = /** @type {any} */ (lhr.audits['errors-in-console']?.details)?.items ?? [];
  return {
    url: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(ms('first-contentful-paint')),
    lcpMs: Math.round(ms('largest-contentful-paint')),
    tbtMs: Math.round(ms('total-blocking-time')),
    cls: Number(ms('cumulative-layout-shift').toFixed(3)),
    consoleErrors: items.map((i) => `${i.source ?? 'error'}: ${i.description ?? ''} ${i.url ?? ''}`.trim()),
    failedAudits: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode === 'binary' &&
          !['performance'].includes(a.id),
      )
      .map((a) => a.id),
  };
}

const jsonAt = process.argv.indexOf('--json');
const server = await startProductionServer();
const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
/** @type {Awaited<ReturnType<typeof audit>>[]} */
const results = [];
try {
  const page = await browser.newPage();
  results.push(await audit(page, `${server.origin}/sign-in`, {}));

  // Signed in: the session lives in storage; drop only the HTTP cache so /flow loads cold.
  await page.goto(`${server.origin}/sign-in`, { waitUntil: 'networkidle0' });
  await page.locator('input[name=email]').fill(DEMO_USER.email);
  await page.locator('input[name=password]').fill(DEMO_USER.password);
  await page.locator('button[type=submit]').click();
  await page.waitForFunction(() => globalThis.location.pathname === '/flow', { timeout: 30_000 });
  await page.waitForNetworkIdle();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  results.push(await audit(page, `${server.origin}/flow`, { disableStorageReset: true }));
} finally {
  await browser.close();
  await server.stop();
}

console.log('\nLighthouse 13, mobile (simulated slow 4G, 4x CPU slowdown):');
console.log('page        perf  a11y  best-pr   FCP ms   LCP ms   TBT ms    CLS  console errors');
for (const r of results) {
  console.log(
    `${r.url.padEnd(10)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ` +
      `${String(r.bestPractices).padStart(8)} ${String(r.fcpMs).padStart(8)} ${String(r.lcpMs).padStart(8)} ` +
      `${String(r.tbtMs).padStart(8)} ${r.cls.toFixed(3).padStart(6)}  ${r.consoleErrors.length}`,
  );
  for (const e of r.consoleErrors) console.log(`    console: ${e}`);
  if (r.failedAudits.length > 0) console.log(`    failed audits: ${r.failedAudits.join(', ')}`);
}
if (jsonAt > 0 && process.argv[jsonAt + 1])
  writeFileSync(process.argv[jsonAt + 1], JSON.stringify(results, null, 2));
