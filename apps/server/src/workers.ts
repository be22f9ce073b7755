import type { PgBoss } from 'pg-boss';
import { attemptDelivery, overdueDeliveries, type DeliveryOptions } from './callbacks/delivery.ts';
import type { Db } from './db/database.ts';
import { ensureQueue } from './jobs/boss.ts';
import { advancePayout, overduePayouts } from './payouts/service.ts';
import type { EffectRunner, Effects } from './jobs/effects.ts';

const RAIL_QUEUE = 'rail.payout-step';
const CALLBACK_QUEUE = 'callbacks.deliver';
const SWEEP_QUEUE = 'flow.sweep';

type RailJob = { urn: string };
type CallbackJob = { deliveryId: number; attempt: number };
type Log = (msg: string, data?: object) => void;

export type WorkerOptions = { railTimeScale: number; delivery: DeliveryOptions; log: Log };

/** Sends the jobs for committed work. Singleton keys make a second send of the same step a no-op. */
function effectRunner(boss: PgBoss | null): EffectRunner {
  return async (effects: Effects) => {
    if (!boss) return;
    for (const r of effects.rail)
      await boss.send(RAIL_QUEUE, { urn: r.urn } satisfies RailJob, {
        startAfter: r.at,
        singletonKey: `${r.urn}@${r.at.getTime()}`,
      });
    for (const id of effects.callbacks)
      await boss.send(CALLBACK_QUEUE, { deliveryId: id, attempt: 1 } satisfies CallbackJob, {
        singletonKey: `${id}#1`,
      });
  };
}

/**
 * The sandbox rail's worker (payout steps), the callback worker (one attempt per job, the next attempt
 * scheduled with backoff) and a sweeper that re-sends overdue work every minute. Every handler is idempotent.
 */
export async function registerWorkers(boss: PgBoss, db: Db, opts: WorkerOptions): Promise<EffectRunner> {
  const run = effectRunner(boss);
  await ensureQueue(boss, RAIL_QUEUE, { retryLimit: 10, retryDelay: 2 });
  await ensureQueue(boss, CALLBACK_QUEUE, { retryLimit: 3, retryDelay: 5, expireInSeconds: 60 });
  await ensureQueue(boss, SWEEP_QUEUE, { retryLimit: 1 });

  const polling = { pollingIntervalSeconds: 0.5, batchSize: 10 };
  await boss.work<RailJob>(RAIL_QUEUE, polling, async (jobs) => {
    for (const job of jobs) {
      const { effects, status } = await advancePayout(db, job.data.urn, {
        railTimeScale: opts.railTimeScale,
      });
      await run(effects);
      opts.log('rail step', { urn: job.data.urn, status });
    }
  });
  await boss.work<CallbackJob>(CALLBACK_QUEUE, polling, async (jobs) => {
    await Promise.all(
      jobs.map(async (job) => {
        const outcome = await attemptDelivery(db, job.data.deliveryId, job.data.attempt, opts.delivery);
        if (outcome.kind === 'retry')
          await boss.send(
            CALLBACK_QUEUE,
            { deliveryId: job.data.deliveryId, attempt: outcome.attempt } satisfies CallbackJob,
            { startAfter: outcome.at, singletonKey: `${job.data.deliveryId}#${outcome.attempt}` },
          );
      }),
    );
  });
  await boss.work(SWEEP_QUEUE, async () => {
    const rail = await overduePayouts(db);
    const deliveries = await overdueDeliveries(db);
    await run({ rail, callbacks: [] });
    for (const d of deliveries)
      await boss.send(
        CALLBACK_QUEUE,
        { deliveryId: d.id, attempt: d.attemptCount + 1 } satisfies CallbackJob,
        { singletonKey: `${d.id}#${d.attemptCount + 1}` },
      );
    if (rail.length || deliveries.length)
      opts.log('sweeper re-sent overdue work', { payouts: rail.length, callbacks: deliveries.length });
  });
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  return run;
}
