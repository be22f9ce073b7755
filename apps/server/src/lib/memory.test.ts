import { describe, expect, it } from 'vitest';
import { trimWhenIdle } from './memory.ts';

describe('memory trim when idle', () => {
  it('collects once the process is idle and reports the heap before and after', async () => {
    // Garbage that grows the heap: objects that survive a while, then are dropped.
    let keep: unknown[] = [];
    for (let i = 0; i < 200_000; i++) keep.push({ i, text: `row ${i}` });
    keep = [];
    const reports: Record<string, number>[] = [];
    const stop = trimWhenIdle({
      firstAfterMs: 50,
      intervalMs: 50,
      slackBytes: 0,
      maxUtilization: 1,
      log: (figures) => reports.push(figures),
    });
    try {
      const deadline = Date.now() + 5000;
      while (reports.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      stop();
    }
    expect(keep).toEqual([]);
    expect(reports.length).toBeGreaterThan(0);
    const [first] = reports;
    expect(first!.heap_after_mb!).toBeLessThanOrEqual(first!.heap_before_mb!);
  });

  it('does nothing while the event loop is busy', async () => {
    const reports: unknown[] = [];
    const stop = trimWhenIdle({
      firstAfterMs: 30,
      intervalMs: 30,
      slackBytes: 0,
      maxUtilization: 0,
      log: (figures) => reports.push(figures),
    });
    // Busy: the loop does work between the checks.
    const until = Date.now() + 300;
    while (Date.now() < until) {
      const end = Date.now() + 10;
      while (Date.now() < end);
      await new Promise((r) => setImmediate(r));
    }
    stop();
    expect(reports).toEqual([]);
  });
});
