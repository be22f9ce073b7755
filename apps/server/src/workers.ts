import type { PgBoss } from 'pg-boss';
import { processBulk } from './bulk/service.ts';
import { attemptDelivery, type DeliveryOptions } from './callbacks/delivery.ts';
import { runReplay } from './callbacks/replays.ts';
import type { Db } from './db/database.ts';
import { ensureQueue } from './jobs/boss.ts';
import { runSweep, type SweepTask } from './jobs/sweep.ts';
import { advancePresentation, PRESENTATION_PREFIX } from './mandates/presentations.ts';
import { advancePayout, type PayoutTransitions } from './payouts/advance.ts';
import { buildReport, nextQueued, type BuildOutcome } from './reports/build.ts';
import { noticeScheduledReport } from './reports/schedules.ts';
import type { EmailSender } from './notify/senders.ts';
import { REPORT_SOURCES } from './reports/sources/index.ts';
import { MAX_RUNNING_REPORTS } from '@meridian/contract/reports';
import type { EffectRunner, Effects } from './jobs/effects.ts';

const RAIL_QUEUE = 'rail.payout-step';
const CALLBACK_QUEUE = 'callbacks.deliver';
const SWEEP_QUEUE = 'flow.sweep';
const BULK_QUEUE = 'bulk.process';
const REPLAY_QUEUE = 'callbacks.replay';
const REPORT_QUEUE = 'reports.build';

/**
 * Job payloads name the client, so a handler touches one client's rows. A job queued before they did (no
 * `clientRef`) is dropped: its row is still due, and the sweeper sends it again, with its client, within a minute.
 */
type RailJob = { clientRef: number; urn: string };
type CallbackJob = { clientRef: number; deliveryId: number; attempt: number };
type BulkJob = { clientRef: number; urn: string };
type ReplayJob = { clientRef: number; replayId: string };
type ReportJob = { clientRef: number; urn: string };
const hasClient = (data: { clientRef?: unknown }) => typeof data.clientRef === 'number';
type Log = (msg: string, data?: object) => void;

export type WorkerOptions = {
  railTimeScale: number;
  delivery: DeliveryOptions;
  log: Log;
  /** What other domains do when a payout's rail step moves it (composition.ts). */
  payoutTransitions: PayoutTransitions;
  /** What the minute sweeper runs, in order (composition.ts). */
  sweepTasks: readonly SweepTask[];
  /** The provider slug (report search keys name it). */
  product: string;
  /** Scheduled reports e-mail their creator when ready or failed (with a link under `publicUrl`). */
  email?: EmailSender;
  publicUrl?: string | undefined;
};

/** Sends the jobs for committed work. Singleton keys make a second send of the same step a no-op. */
export function effectRunner(boss: PgBoss | null): EffectRunner {
  return async (effects: Effects) => {
    if (!boss) return;
    for (const r of effects.rail)
      await boss.send(RAIL_QUEUE, { clientRef: r.clientRef, urn: r.urn } satisfies RailJob, {
        startAfter: r.at,
        singletonKey: `${r.urn}@${r.at.getTime()}`,
      });
    for (const d of effects.callbacks) await sendAttempt(boss, { ...d, attempt: d.attempt ?? 1 });
    for (const b of effects.bulks ?? []) await sendBulk(boss, b);
    for (const r of effects.callbackReplays ?? []) await sendReplay(boss, r);
    for (const r of effects.reports ?? []) await sendReport(boss, r);
  };
}

/** Queues a report's build (a report sent twice builds once: the second job finds it taken or finished). */
function sendReport(boss: PgBoss, r: ReportJob) {
  return boss.send(REPORT_QUEUE, { clientRef: r.clientRef, urn: r.urn } satisfies ReportJob);
}

/** Queues a bulk's job; `lease` (the re-send of a bulk whose lease ran out) makes each re-send its own job. */
function sendBulk(boss: PgBoss, b: BulkJob & { lease?: Date | null }) {
  return boss.send(BULK_QUEUE, { clientRef: b.clientRef, urn: b.urn } satisfies BulkJob, {
    singletonKey: `${b.urn}@${b.lease?.getTime() ?? 0}`,
  });
}

/** Queues a replay of failed callbacks; `at` (the re-send of a stalled one) makes each re-send its own job. */
function sendReplay(boss: PgBoss, r: ReplayJob & { at?: Date }) {
  return boss.send(REPLAY_QUEUE, { clientRef: r.clientRef, replayId: r.replayId } satisfies ReplayJob, {
    singletonKey: `${r.replayId}@${r.at?.getTime() ?? 0}`,
  });
}

/** Queues attempt `attempt` of a delivery (at most once per delivery and attempt). */
function sendAttempt(boss: PgBoss, d: { clientRef: number; id: number; attempt: number; at?: Date }) {
  return boss.send(
    CALLBACK_QUEUE,
    { clientRef: d.clientRef, deliveryId: d.id, attempt: d.attempt } satisfies CallbackJob,
    { singletonKey: `${d.clientRef}:${d.id}#${d.attempt}`, ...(d.at ? { startAfter: d.at } : {}) },
  );
}

/**
 * The sandbox rail's worker (payout steps), the callback worker (one attempt per job, the next attempt
 * scheduled with backoff), the bulk, replay and report workers, and the minute sweeper, which runs the tasks it
 * is given (re-sends of lost work, expiries, due cycles and schedules). Every handler is idempotent.
 */
export async function registerWorkers(boss: PgBoss, db: Db, opts: WorkerOptions): Promise<EffectRunner> {
  const run = effectRunner(boss);
  await ensureQueue(boss, RAIL_QUEUE, { retryLimit: 10, retryDelay: 2 });
  await ensureQueue(boss, CALLBACK_QUEUE, { retryLimit: 3, retryDelay: 5, expireInSeconds: 60 });
  await ensureQueue(boss, SWEEP_QUEUE, { retryLimit: 1 });
  await ensureQueue(boss, BULK_QUEUE, { retryLimit: 10, retryDelay: 5, expireInSeconds: 900 });
  await ensureQueue(boss, REPLAY_QUEUE, { retryLimit: 10, retryDelay: 5, expireInSeconds: 900 });
  await ensureQueue(boss, REPORT_QUEUE, { retryLimit: 3, retryDelay: 10, expireInSeconds: 3600 });

  await workRail(boss, db, opts, run);
  await workCallbacks(boss, db, opts);
  await workBulks(boss, db, opts, run);
  await workReplays(boss, db, opts, run);
  await workReports(boss, db, opts);
  await boss.work(SWEEP_QUEUE, () => runSweep(opts.sweepTasks, { runEffects: run, log: opts.log }));
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  return run;
}

/** Rail steps and callback attempts are taken ten at a time. */
const polling = { pollingIntervalSeconds: 0.5, batchSize: 10 };

/** The sandbox rail's steps of payouts and mandate presentations, one job a step. */
async function workRail(boss: PgBoss, db: Db, opts: WorkerOptions, run: EffectRunner) {
  await boss.work<RailJob>(RAIL_QUEUE, polling, async (jobs) => {
    for (const job of jobs) {
      if (!hasClient(job.data)) {
        opts.log('rail step without a client dropped (the sweeper re-sends it)', { urn: job.data.urn });
        continue;
      }
      // One rail for payouts and mandate presentations: the urn's prefix says which step this is.
      const step = job.data.urn.startsWith(PRESENTATION_PREFIX) ? advancePresentation : advancePayout;
      const { effects, status } = await step(db, job.data, {
        railTimeScale: opts.railTimeScale,
        transitions: opts.payoutTransitions,
      });
      await run(effects);
      opts.log('rail step', { urn: job.data.urn, status });
    }
  });
}

/** One attempt of a callback delivery per job; the next attempt is scheduled with backoff. */
async function workCallbacks(boss: PgBoss, db: Db, opts: WorkerOptions) {
  await boss.work<CallbackJob>(CALLBACK_QUEUE, polling, async (jobs) => {
    await Promise.all(
      jobs.map(async (job) => {
        if (!hasClient(job.data)) return;
        const ref = { clientRef: job.data.clientRef, id: job.data.deliveryId };
        const outcome = await attemptDelivery(db, ref, job.data.attempt, opts.delivery);
        if (outcome.kind === 'retry')
          await sendAttempt(boss, { ...ref, attempt: outcome.attempt, at: outcome.at });
      }),
    );
  });
}

/**
 * Bulk payouts: one job processes a bulk's rows batch after batch (resumable: it carries on from the first
 * unprocessed row); a bulk whose job was lost is re-sent by the sweeper once its lease runs out.
 */
async function workBulks(boss: PgBoss, db: Db, opts: WorkerOptions, run: EffectRunner) {
  await boss.work<BulkJob>(BULK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job || !hasClient(job.data)) return;
    const status = await processBulk(db, job.data, {
      railTimeScale: opts.railTimeScale,
      // A batch's rail steps (one per payout) in one insert instead of a send each; the rest as usual.
      runEffects: async (effects) => {
        if (effects.rail.length)
          await boss.insert(
            RAIL_QUEUE,
            effects.rail.map((r) => ({
              data: { clientRef: r.clientRef, urn: r.urn } satisfies RailJob,
              startAfter: r.at,
              singletonKey: `${r.urn}@${r.at.getTime()}`,
            })),
          );
        await run({ ...effects, rail: [] });
      },
    });
    opts.log('bulk processed', { urn: job.data.urn, status });
  });
}

/**
 * Replays of failed callbacks: one job puts a range's failed deliveries back in the queue, batch after batch.
 */
async function workReplays(boss: PgBoss, db: Db, opts: WorkerOptions, run: EffectRunner) {
  await boss.work<ReplayJob>(REPLAY_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job || !hasClient(job.data)) return;
    const status = await runReplay(db, job.data, (refs) => run({ rail: [], callbacks: refs }));
    opts.log('callback replay', { replay_id: job.data.replayId, status });
  });
}

/** Reports: up to MAX_RUNNING_REPORTS builds at once in this process; a client at its limit waits for a place. */
async function workReports(boss: PgBoss, db: Db, opts: WorkerOptions) {
  await boss.work<ReportJob>(
    REPORT_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: MAX_RUNNING_REPORTS },
    async ([job]) => {
      if (!job || !hasClient(job.data)) return;
      let outcome: BuildOutcome | 'error' = 'error';
      try {
        outcome = await buildReport(db, job.data, {
          sources: REPORT_SOURCES,
          product: opts.product,
          onFinished: async (tx, report) => {
            if (report.scheduleUrn && opts.email)
              await noticeScheduledReport(tx, opts.email, report, opts.publicUrl).catch((err: unknown) =>
                opts.log('scheduled report notice failed', {
                  urn: report.urn,
                  error: (err as Error).message,
                }),
              );
          },
        });
      } finally {
        // A report that waited for a place (`waiting`: its job ends here) is sent again when a build ends.
        if (outcome !== 'waiting') {
          opts.log('report build', { urn: job.data.urn, outcome });
          for (const next of await nextQueued(db, job.data.clientRef)) await sendReport(boss, next);
        }
      }
    },
  );
}
