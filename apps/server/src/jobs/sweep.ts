import type { EffectRunner } from './effects.ts';

/** What a sweep task is given: the runner that sends the jobs of the work it found, and the log. */
export type SweepContext = {
  runEffects: EffectRunner;
  log: (msg: string, data?: object) => void;
};

/**
 * One of the minute sweeper's tasks: finds work whose job was lost or whose time has come (an overdue rail
 * step, a link past its expiry …) and does it or sends its jobs. Idempotent: run twice, or by two processes at
 * once, the work is done once. The composition names the tasks (composition.ts); the sweeper imports no domain.
 */
export type SweepTask = { name: string; run: (ctx: SweepContext) => Promise<void> };

/**
 * One sweep: the tasks in their order. A task that throws ends the sweep with an error that names it (the job
 * fails; the next minute's sweep runs every task again).
 */
export async function runSweep(tasks: readonly SweepTask[], ctx: SweepContext): Promise<void> {
  for (const task of tasks) {
    try {
      await task.run(ctx);
    } catch (err) {
      throw new Error(`sweep task "${task.name}" failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
