import { setFlagsFromString } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

/**
 * Gives the memory a start (or a burst of work) leaves behind back to the operating system. V8 grows its young
 * generation to its maximum while the server loads its modules and seeds (~130 MB of a ~300 MB process) and keeps
 * it until its own memory reducer runs, which an idle server may not trigger for a long time. A memory-reducing
 * full collection ("last resort": it also shrinks the heap's spaces) brings an idle API process from ~300 MB to
 * ~130 MB; it takes tens of milliseconds, so it runs only when the process is idle.
 */
type Gc = (options?: {
  type?: 'major' | 'minor';
  execution?: 'sync' | 'async';
  flavor?: 'regular' | 'last-resort';
}) => void;

let gc: Gc | null = null;
function collector(): Gc {
  if (!gc) {
    // V8 hands its collector to contexts created after --expose-gc; the process's own global stays as it was.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  return gc;
}

/** A memory-reducing full collection now. */
export function trimMemory(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * Every `intervalMs` (the first time after `firstAfterMs`), trims (trimMemory) when the event loop was idle over
 * the interval (utilisation below `maxUtilization`) and it is the first check (what the start left behind), or
 * the heap grew by more than `slackBytes` since the last trim (garbage counts as used until it is collected, so
 * the heap's size is what tells). Answers a function that stops it.
 */
export function trimWhenIdle(opts: {
  intervalMs: number;
  /** The first check, sooner (e.g. what the start left behind); default `intervalMs`. */
  firstAfterMs?: number;
  maxUtilization?: number;
  slackBytes?: number;
  /** Told each trim's figures (RSS and heap before and after, in MB). */
  log?: (figures: Record<string, number>) => void;
}): () => void {
  const maxUtilization = opts.maxUtilization ?? 0.05;
  const slack = opts.slackBytes ?? 16 * 1024 * 1024;
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  let last = performance.eventLoopUtilization();
  /** The heap's size after the last trim (null: none yet). */
  let trimmedHeap: number | null = null;
  const check = () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const before = process.memoryUsage();
    if (busy <= maxUtilization && (trimmedHeap === null || before.heapTotal > trimmedHeap + slack)) {
      trimMemory();
      const after = process.memoryUsage();
      trimmedHeap = after.heapTotal;
      opts.log?.({
        rss_before_mb: mb(before.rss),
        rss_after_mb: mb(after.rss),
        heap_before_mb: mb(before.heapTotal),
        heap_after_mb: mb(after.heapTotal),
      });
      last = performance.eventLoopUtilization(); // the collection itself is not work
    }
  };
  // Until the first trim, checks every `firstAfterMs` (a start may keep the loop busy for a while); then every
  // `intervalMs`.
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(
      () => {
        check();
        schedule();
      },
      trimmedHeap === null ? (opts.firstAfterMs ?? opts.intervalMs) : opts.intervalMs,
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
