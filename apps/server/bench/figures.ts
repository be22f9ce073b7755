/**
 * Timing and printing for the payout benchmark (payout-lists.ts): latency statistics of repeated runs, number
 * formats, aligned tables and query plans.
 */
import { loadavg } from 'node:os';
import type { Exec } from './seed-payouts.ts';

// ---------------------------------------------------------------------------------------------------------
// Timing

export type Stats = { p50: number; p95: number; min: number; max: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p95: percentile(s, 0.95), min: s[0]!, max: s.at(-1)! };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * `warmup` runs, then `rounds` timed rounds; in each round the candidates run one after the other (so drift hits
 * them alike).
 */
export async function measure(
  fns: (() => Promise<unknown>)[],
  { warmup, rounds }: { warmup: number; rounds: number },
): Promise<Stats[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) for (const [k, fn] of fns.entries()) samples[k]!.push(await time(fn));
  return samples.map(stats);
}

// ---------------------------------------------------------------------------------------------------------
// Output

export const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
export const fmtInt = (n: number) => n.toLocaleString('en-US');
export const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(1));
const pad = (s: string, w: number) => s.padEnd(w);
export const lpad = (s: string, w: number) => s.padStart(w);

/** Prints an aligned table: the first `alignLeft` columns left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][], alignLeft = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < alignLeft ? pad(c, widths[i]!) : lpad(c, widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Prints the plan of a statement as it ran (EXPLAIN ANALYZE, BUFFERS). */
export async function explain(exec: Exec, title: string, text: string, params: unknown[]) {
  const rows = await exec(`explain (analyze, buffers) ${text}`, params);
  console.log(`\n  ${title}`);
  for (const [line] of rows) console.log(`    ${String(line)}`);
}
