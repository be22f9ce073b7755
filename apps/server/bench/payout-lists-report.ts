/**
 * What the payout benchmark (payout-lists.ts) prints once it has measured: the results beside the direct SQL,
 * the contrast table, and the Goals table (the lists', the count's and the global search's goals).
 */
import type { SessionCacheStats } from '../src/db/session-cache.ts';
import { fmtInt, fmtMs, loadText, table, type Stats } from './figures.ts';
import type { SearchCase } from './global-search.ts';

const SEARCH_GOAL_MS = 50;
const GOAL_RATIO = 2;
const GOAL_MS = 10;
const BIG_COUNT = 200_000;

/** One case measured through the API and as direct SQL. */
export type CaseResult = { c: { name: string; rows: string }; api: Stats; sql: Stats };

/** The cases, the session cache's figures before and after them, and the contrast rows. */
export function printResults(
  results: CaseResult[],
  cache: { before: SessionCacheStats; after: SessionCacheStats; ttlSeconds: number },
  contrast: [string, Stats][],
) {
  console.log(
    `\nResults (ms; API = GET through app.inject with bearer token + client_id; SQL = same statements)`,
  );
  table(
    ['case', 'range rows', 'API p50', 'API p95', 'SQL p50', 'SQL p95', 'API/SQL p50', 'API/SQL p95'],
    results.map(({ c, api: a, sql: s }) => [
      c.name,
      c.rows,
      fmtMs(a.p50),
      fmtMs(a.p95),
      fmtMs(s.p50),
      fmtMs(s.p95),
      `${(a.p50 / s.p50).toFixed(2)}×`,
      `${(a.p95 / s.p95).toFixed(2)}×`,
    ]),
  );
  const { before, after } = cache;
  console.log(
    `  guard: session cache ${after.enabled ? `on (SESSION_CACHE_SECONDS=${cache.ttlSeconds})` : 'OFF'}; ` +
      `over these API calls ${fmtInt(after.hits - before.hits)} hits, ` +
      `${fmtInt(after.misses - before.misses)} misses (a miss verifies the token and reads the session)`,
  );
  console.log('\nFor contrast and scale (SQL on the same driver, except the last two rows)');
  table(
    ['query', 'p50', 'p95', 'max'],
    contrast.map(([name, s]) => [name, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.max)]),
  );
}

/**
 * The Goals table. `results` are the four cases in order (list at offset 0, the deep page, count 30d, count
 * 180d); `offset` is the deep page's offset, `requested` the one asked for; `big` the 180-day range's rows.
 */
export function printGoals(
  results: CaseResult[],
  { offset, requested, big }: { offset: number; requested: number; big: number },
  slowest: { c: SearchCase; stats: Stats },
) {
  const [list0, listDeep, count30, count180] = results;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const worst = results.reduce((w, x) => (x.api.p50 / x.sql.p50 > w.api.p50 / w.sql.p50 ? x : w));
  const ratioOk = results.every((x) => x.api.p50 <= GOAL_RATIO * x.sql.p50);
  console.log('\nGoals');
  table(
    ['goal', 'measured', 'verdict'],
    [
      [
        `API within ${GOAL_RATIO}× of direct SQL (p50, every case)`,
        `worst ${(worst.api.p50 / worst.sql.p50).toFixed(2)}× (${worst.c.name}); ` +
          results.map((x) => `${(x.api.p50 / x.sql.p50).toFixed(2)}×`).join(' / '),
        verdict(ratioOk),
      ],
      [
        `page at offset ${fmtInt(offset)} ≤ ${GOAL_MS} ms (API p95)`,
        `API p50 ${fmtMs(listDeep!.api.p50)}, p95 ${fmtMs(listDeep!.api.p95)}`,
        verdict(listDeep!.api.p95 <= GOAL_MS) + (offset === requested ? '' : ` (offset ${fmtInt(offset)})`),
      ],
      [
        `count over ≥ ${fmtInt(BIG_COUNT)} rows ≤ ${GOAL_MS} ms (API p95)`,
        `180d = ${fmtInt(big)} rows: p50 ${fmtMs(count180!.api.p50)}, p95 ${fmtMs(count180!.api.p95)}`,
        big >= BIG_COUNT
          ? verdict(count180!.api.p95 <= GOAL_MS)
          : `n/a (${verdict(count180!.api.p95 <= GOAL_MS)} on ${fmtInt(big)} rows)`,
      ],
      [
        `global search ≤ ${SEARCH_GOAL_MS} ms (API p95, every query)`,
        `slowest: ${slowest.c.name} p50 ${fmtMs(slowest.stats.p50)}, p95 ${fmtMs(slowest.stats.p95)}`,
        verdict(slowest.stats.p95 <= SEARCH_GOAL_MS),
      ],
    ],
    3,
  );
  console.log(`  load average at the end: ${loadText()} (other processes on the machine skew p95)`);
  console.log(
    `  (list offset 0: API p95 ${fmtMs(list0!.api.p95)} ms; count 30d: API p95 ${fmtMs(count30!.api.p95)} ms)`,
  );
}
