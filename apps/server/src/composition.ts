import { expireDueRequests, type ApprovalExecutors } from './approvals/engine.ts';
import { apiKeyExecutor } from './api-keys/approval.ts';
import { beneficiaryExecutor } from './beneficiaries/approval.ts';
import { callbackExecutor } from './callbacks/approval.ts';
import { ipAllowlistExecutor } from './ip-allowlist/approval.ts';
import { roleGrantExecutor } from './team/approval.ts';
import { approvalRuleExecutor } from './approvals/rules-approval.ts';
import { creditLoadExecutor } from './operations/approval.ts';
import { bulkApprovalExecutor } from './bulk/approval.ts';
import { overdueBulks } from './bulk/service.ts';
import { overdueDeliveries } from './callbacks/delivery.ts';
import { staleReplays } from './callbacks/replays.ts';
import { REQUEST_LOG_RETENTION_DAYS } from '@meridian/contract/developers';
import type { Db } from './db/database.ts';
import { sweepExpiredCalls } from './fabric/expiry.ts';
import type { FabricProduct } from './fabric/product.ts';
import type { SweepTask } from './jobs/sweep.ts';
import { overduePresentations } from './mandates/presentations.ts';
import { expireMandates } from './mandates/service.ts';
import { expireDueLinks } from './payment-links/service.ts';
import { payoutApprovalExecutor } from './payouts/approval.ts';
import { overduePayouts, type PayoutTransitions } from './payouts/advance.ts';
import { lostReports, purgeExpiredReports } from './reports/build.ts';
import { runDueSchedules } from './reports/schedules.ts';
import { REPORT_SOURCES } from './reports/sources/index.ts';
import { dropExpiredPartitions, ensurePartitions } from './request-log/partitions.ts';
import { runDueCycles, syncSettlementWithPayout } from './settlements/service.ts';

/*
 * The wiring between domains, given to the workers and the seed by the composition (server.ts): a domain never
 * registers itself into another's module state, and the sweeper imports no domain.
 */

/** What happens beside a payout's rail step: a SETTLEMENT payout's settlement follows it. */
export const PAYOUT_TRANSITIONS: PayoutTransitions = { SETTLEMENT: syncSettlementWithPayout };

/**
 * What runs when a held action is approved, rejected or expires, by action (approvals/engine.ts): each domain that
 * holds actions gives its executor here, so the engine imports none of them.
 */
export function approvalExecutors(opts: { railTimeScale: number }): ApprovalExecutors {
  return {
    payout: payoutApprovalExecutor(opts),
    bulk: bulkApprovalExecutor(),
    // Settings changes (approvals/settings.ts): made once approved, nothing to undo otherwise.
    beneficiary: beneficiaryExecutor,
    api_key: apiKeyExecutor,
    callback: callbackExecutor,
    ip_allowlist: ipAllowlistExecutor,
    role_grant: roleGrantExecutor,
    approval_rule: approvalRuleExecutor,
    credit_load: creditLoadExecutor,
  };
}

export type SweepOptions = {
  railTimeScale: number;
  /** Fabric's products: the sweeper completes their expired PENDING calls (`FabricProduct.expire`). */
  fabricProducts: readonly FabricProduct[];
  /** The provider slug (report search keys name it). */
  product: string;
  /** REQUEST_LOG_RETENTION_DAYS: the request log's days older than this are dropped (default 30). */
  requestLogRetentionDays?: number;
};

/**
 * The minute sweeper's tasks, in order: it re-sends work whose job was lost (callback replays, bulks, rail steps,
 * callback attempts, report builds) and does what has come due (fabric calls and mandates that expired,
 * settlement cycles and report schedules to run, report files to purge, payment links past their expiry).
 */
export function sweepTasks(db: Db, opts: SweepOptions): SweepTask[] {
  return [
    expiredApprovalsTask(db, approvalExecutors(opts)),
    stalledReplaysTask(db),
    lostBulksTask(db),
    overdueRailAndCallbacksTask(db),
    expiredFabricCallsTask(db, opts.fabricProducts),
    dueSettlementCyclesTask(db, opts.railTimeScale),
    expiredMandatesTask(db),
    lostReportBuildsTask(db),
    dueReportSchedulesTask(db, opts.product),
    expiredReportFilesTask(db),
    expiredPaymentLinksTask(db),
    requestLogPartitionsTask(db, opts.requestLogRetentionDays ?? REQUEST_LOG_RETENTION_DAYS),
  ];
}

/** Effects with no rail steps and no callbacks, for a task that sends other work. */
const NO_WORK = { rail: [], callbacks: [] };

/** Requests nobody decided in time end EXPIRED; what they held is rejected ("Approval expired"). */
const expiredApprovalsTask = (db: Db, executors: ApprovalExecutors): SweepTask => ({
  name: 'expired approval requests',
  run: async ({ runEffects, log }) => {
    const done = await expireDueRequests(db, executors);
    await runEffects(done.effects);
    if (done.expired) log('sweeper expired approval requests', { requests: done.expired });
  },
});

const stalledReplaysTask = (db: Db): SweepTask => ({
  name: 'stalled callback replays',
  run: async ({ runEffects }) => {
    const replays = await staleReplays(db);
    await runEffects({
      ...NO_WORK,
      callbackReplays: replays.map((r) => ({
        clientRef: r.clientRef,
        replayId: r.replayId,
        at: r.updatedAt,
      })),
    });
  },
});

const lostBulksTask = (db: Db): SweepTask => ({
  name: 'lost bulk payouts',
  run: async ({ runEffects, log }) => {
    const lost = await overdueBulks(db);
    await runEffects({
      ...NO_WORK,
      bulks: lost.map((b) => ({ clientRef: b.clientRef, urn: b.urn, lease: b.leaseUntil })),
    });
    if (lost.length) log('sweeper re-sent bulk payouts', { bulks: lost.length });
  },
});

const overdueRailAndCallbacksTask = (db: Db): SweepTask => ({
  name: 'overdue rail steps and callbacks',
  run: async ({ runEffects, log }) => {
    const rail = [...(await overduePayouts(db)), ...(await overduePresentations(db))];
    const deliveries = await overdueDeliveries(db);
    // A delivery goes on from its last attempt.
    const callbacks = deliveries.map((d) => ({
      clientRef: d.clientRef,
      id: d.id,
      attempt: d.attemptCount + 1,
    }));
    await runEffects({ rail, callbacks });
    if (rail.length || deliveries.length)
      log('sweeper re-sent overdue work', { payouts: rail.length, callbacks: deliveries.length });
  },
});

/** Consents and OTPs whose time ran out end FAILURE (CONSENT_EXPIRED, OTP_EXPIRED), with callbacks. */
const expiredFabricCallsTask = (db: Db, products: readonly FabricProduct[]): SweepTask => ({
  name: 'expired fabric calls',
  run: async ({ runEffects, log }) => {
    const expired = await sweepExpiredCalls(db, products);
    await runEffects(expired.effects);
    if (expired.completed) log('sweeper expired fabric calls', { calls: expired.completed });
  },
});

/** Cycles whose run time has passed run (one transaction each); their payouts go to the rail. */
const dueSettlementCyclesTask = (db: Db, railTimeScale: number): SweepTask => ({
  name: 'due settlement cycles',
  run: async ({ runEffects, log }) => {
    const settled = await runDueCycles(db, { railTimeScale, log });
    await runEffects(settled.effects);
    if (settled.runs) log('sweeper ran settlement cycles', { runs: settled.runs });
  },
});

/** E-mandates not authorised in time, or past their end date, end EXPIRED (with callbacks). */
const expiredMandatesTask = (db: Db): SweepTask => ({
  name: 'expired mandates',
  run: async ({ runEffects, log }) => {
    const mandates = await expireMandates(db);
    await runEffects(mandates.effects);
    if (mandates.expired) log('sweeper expired mandates', { mandates: mandates.expired });
  },
});

/** Reports whose build died (lease ran out) or whose job was lost are queued again. */
const lostReportBuildsTask = (db: Db): SweepTask => ({
  name: 'lost report builds',
  run: async ({ runEffects }) => {
    await runEffects({ ...NO_WORK, reports: await lostReports(db) });
  },
});

const dueReportSchedulesTask = (db: Db, product: string): SweepTask => ({
  name: 'due report schedules',
  run: async ({ runEffects, log }) => {
    const scheduled = await runDueSchedules(db, { sources: REPORT_SOURCES, product, log });
    await runEffects(scheduled.effects);
    if (scheduled.runs) log('sweeper ran report schedules', { runs: scheduled.runs });
  },
});

const expiredReportFilesTask = (db: Db): SweepTask => ({
  name: 'expired report files',
  run: async ({ log }) => {
    const purged = await purgeExpiredReports(db);
    if (purged) log('sweeper expired reports', { reports: purged });
  },
});

/** Payment links past their expiry end EXPIRED, with callbacks. */
const expiredPaymentLinksTask = (db: Db): SweepTask => ({
  name: 'expired payment links',
  run: async ({ runEffects, log }) => {
    const links = await expireDueLinks(db);
    await runEffects(links.effects);
    if (links.expired) log('sweeper expired payment links', { links: links.expired });
  },
});

/** The request log's partitions of today and the next days exist; days older than the retention go whole. */
const requestLogPartitionsTask = (db: Db, retentionDays: number): SweepTask => ({
  name: 'request log partitions',
  run: async ({ log }) => {
    await ensurePartitions(db);
    const dropped = await dropExpiredPartitions(db, retentionDays);
    if (dropped.length) log('sweeper dropped request log days', { partitions: dropped });
  },
});
