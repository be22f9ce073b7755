import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { openSessionCache, type LiveSessionCache } from './db/session-cache.ts';
import type { SessionModes } from './auth/guard-types.ts';
import type { Config } from './config/config.ts';
import { loadKeys, type KeyMaterial } from './config/keys.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { buildApp } from './app.ts';
import type { EffectRunner } from './jobs/effects.ts';
import { approvalExecutors, PAYOUT_TRANSITIONS, sweepTasks } from './composition.ts';
import {
  emailSenderFromConfig,
  smsSenderFromConfig,
  type EmailSender,
  type SmsSender,
} from './notify/senders.ts';
import { seedDemo } from './seed/demo.ts';
import { loadTenants } from './db/tenants.ts';
import { seedDemoTwoFactor } from './seed/demo-two-factor.ts';
import { recordSeedRun, seedFinished, seedRun } from './seed/seed-runs.ts';
import { openFabricEventHub } from './fabric/events.ts';
import { PRODUCTS } from './fabric/products/index.ts';
import type { FabricProduct } from './fabric/product.ts';
import { clearProcessCaches } from './lib/process-cache.ts';
import { setCoolingOffPolicy } from './beneficiaries/cooling-off.ts';
import { openReplicaRouter } from './db/replica.ts';
import { setEngineIdleMs } from './lib/engine.ts';

export type Server = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** The job queue, once `jobs` has resolved (null before, and with JOBS=off). */
  readonly boss: PgBoss | null;
  /**
   * Resolves once the job queue and its workers run (at once with JOBS=off). The app can listen before: work a
   * request hands to the jobs meanwhile waits for them. Rejects when the queue cannot start.
   */
  jobs: Promise<void>;
  /** This process's cache of checked sessions (its figures: `stats()`). */
  sessions: LiveSessionCache<SessionModes>;
  close(): Promise<void>;
};

export type ServerOverrides = {
  keys?: KeyMaterial;
  sms?: SmsSender;
  email?: EmailSender;
  /** Use this database instead of opening one from the config (tests). */
  handle?: DatabaseHandle;
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Fabric's products instead of products/index.ts (tests). */
  fabricProducts?: readonly FabricProduct[];
};

/**
 * Composes the product: database (migrated), demo seed, jobs and the HTTP app, with the wiring between domains
 * (composition.ts) handed to the seed and the workers. Does not listen.
 */
export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<Server> {
  setCoolingOffPolicy(config);
  setEngineIdleMs(config.ENGINE_IDLE_MS);
  clearProcessCaches();
  const { phase, phases } = phaseClock();
  const keys = overrides.keys ?? loadKeys(config);
  phase('keys');
  const handle =
    overrides.handle ??
    (await openDatabase({
      url: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      dataDir: config.DATA_DIR,
    }));
  phase('database');
  const demo = await seedDemoIfDue(config, handle, overrides.fabricProducts ?? PRODUCTS);
  phase('seed');
  await loadTenants(handle.db);

  let appLog: FastifyBaseLogger | undefined = undefined; // the listener's reports before the app exists are not logged
  const { sessions, fabricEvents } = await openListeners(config, handle, () => appLog, phase);

  // The jobs start after the app is built, beside the listener (`jobs` below): work handed to them before waits
  // for them to run. With JOBS=off committed work waits for the sweeper of a process that runs jobs.
  let run: EffectRunner = async () => {};
  let jobsStarted: Promise<void> = Promise.resolve();
  const runEffects: EffectRunner = async (effects) => {
    await jobsStarted;
    return run(effects);
  };
  const sms = overrides.sms ?? smsSenderFromConfig(config);
  const email = overrides.email ?? emailSenderFromConfig(config);
  const app = await buildApp({
    ...appParts(config, handle, overrides, (msg, data) => appLog?.info(data ?? {}, msg)),
    runEffects,
    keys,
    sms,
    email,
    sessions,
    fabricEvents,
  });
  appLog = app.log;
  phase('app');
  // The demo's authenticator-app user, enrolled through the two-factor service (it needs the server's keys).
  if (demo.now) await seedDemoTwoFactor({ db: handle.db, config, keys, sessions, sms, email });
  phase('two-factor seed');

  let boss: PgBoss | null = null;
  jobsStarted = (async () => {
    const jobs = await startJobs(config, handle, app, overrides, (started) => (boss = started));
    if (jobs) run = jobs;
    // The seed's work goes to this process's own workers; a process without them leaves it to a sweeper.
    if (config.JOBS === 'on' && demo.seeded) await run(demo.seeded.effects);
    // Recorded once its work is handed to the jobs (with JOBS=off the sweeper sends it).
    if (demo.now && demo.run) await recordSeedRun(handle.db, demo.run);
    phase('jobs');
    app.log.debug({ phases_ms: phases }, 'server composed');
  })();
  // Awaited by whoever holds the server (main.ts exits when it rejects); never an unhandled rejection here.
  jobsStarted.catch(() => {});

  return {
    app,
    handle,
    get boss() {
      return boss;
    },
    jobs: jobsStarted,
    sessions,
    async close() {
      await jobsStarted.catch(() => {});
      await app.close();
      await fabricEvents.close();
      if (boss) await boss.stop({ graceful: true, timeout: 5000 });
      await sessions.close();
      await handle.close();
    },
  };
}

/**
 * This process's listeners of the database: the cache of checked sessions and fabric's event hub (which wakes the
 * event streams when any process commits a call: LISTEN/NOTIFY). They log through the app's logger once it exists.
 */
async function openListeners(
  config: Config,
  handle: DatabaseHandle,
  appLog: () => FastifyBaseLogger | undefined,
  phase: (name: string) => void,
) {
  const sessions = await openSessionCache<SessionModes>(handle, {
    // Never longer than an access token lives.
    ttlSeconds: Math.min(config.SESSION_CACHE_SECONDS, config.ACCESS_TOKEN_TTL_SECONDS),
    log: (level, msg, data) => appLog()?.[level](data ?? {}, msg),
  });
  phase('sessions');
  const fabricEvents = await openFabricEventHub(handle, {
    log: (msg, err) => appLog()?.warn({ err }, msg),
  });
  phase('fabric events');
  return { sessions, fabricEvents };
}

/**
 * What the app takes from the config and the database beside the server's live parts: the approval executors
 * (composition.ts), and the replica router of a process that serves the API with DATABASE_REPLICA_URL.
 */
function appParts(
  config: Config,
  handle: DatabaseHandle,
  overrides: ServerOverrides,
  log: (msg: string, data?: object) => void,
) {
  return {
    db: handle.db,
    config,
    databaseKind: handle.kind,
    webDist: overrides.webDist,
    logger: overrides.logger,
    approvalExecutors: approvalExecutors({ railTimeScale: config.RAIL_TIME_SCALE }),
    ...(config.DATABASE_REPLICA_URL && handle.kind === 'postgresql' && config.SERVE === 'all'
      ? {
          replica: openReplicaRouter(handle, {
            url: config.DATABASE_REPLICA_URL,
            maxLagMs: config.REPLICA_MAX_LAG_MS,
            log,
          }),
        }
      : {}),
    ...(overrides.fabricProducts ? { fabricProducts: overrides.fabricProducts } : {}),
  };
}

/** Each phase's duration, logged at debug level once the app's logger exists (what a start spends its time on). */
function phaseClock() {
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - phaseStart) * 10) / 10;
    phaseStart = now;
  };
  return { phase, phases };
}

/**
 * The demo seed, skipped in one query when the same seed (code and options) finished before (seed-runs.ts):
 * its run (null without SEED_DEMO), whether it ran now, and the work it answered.
 */
async function seedDemoIfDue(config: Config, handle: DatabaseHandle, products: readonly FabricProduct[]) {
  const run = config.SEED_DEMO
    ? seedRun('demo', {
        port: config.PORT,
        publicUrl: config.PUBLIC_URL ?? null,
        provider: config.PROVIDER,
        railTimeScale: config.RAIL_TIME_SCALE,
        flow: config.SEED_DEMO_FLOW,
        approvals: config.SEED_DEMO_APPROVALS,
        products: products.map((p) => p.slug),
      })
    : null;
  const now = run !== null && !(await seedFinished(handle.db, run));
  const seeded = now
    ? await seedDemo(
        handle.db,
        {
          // Through the balancer when there is one (PUBLIC_URL): the seeding process may serve no API (SERVE=health).
          callbackBaseUrl: `${config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`}/${config.PROVIDER}/sandbox/webhook-receiver`,
          railTimeScale: config.RAIL_TIME_SCALE,
          full: config.SEED_DEMO_FLOW,
          approvals: config.SEED_DEMO_APPROVALS,
          payoutTransitions: PAYOUT_TRANSITIONS,
        },
        {
          products,
          calls: config.SEED_DEMO_FLOW,
          provider: config.PROVIDER,
          publicUrl: config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`,
        },
      )
    : null;
  return { run, now, seeded };
}

/**
 * The job queue and its workers (~100 ms of database round trips), started once the app is built: with JOBS=on
 * the workers (their runner answered), with JOBS=send a runner that only queues (the worker processes run the
 * jobs), with JOBS=off nothing (null). `started` hears of the queue as soon as it runs (to stop it on close).
 */
async function startJobs(
  config: Config,
  handle: DatabaseHandle,
  app: FastifyInstance,
  overrides: ServerOverrides,
  started: (boss: PgBoss) => void,
): Promise<EffectRunner | null> {
  if (config.JOBS === 'on') {
    // The job queue and its workers are imported only by a process that runs jobs (not an API-only one).
    const [{ startBoss }, { registerMaintenance }, { registerWorkers }] = await Promise.all([
      import('./jobs/boss.ts'),
      import('./jobs/maintenance.ts'),
      import('./workers.ts'),
    ]);
    const boss = await startBoss(handle, (err) => app.log.error({ err }, 'job queue error'));
    started(boss);
    const log = (msg: string, data?: object) => app.log.info(data ?? {}, msg);
    await registerMaintenance(boss, handle.db, log);
    return registerWorkers(boss, handle.db, {
      railTimeScale: config.RAIL_TIME_SCALE,
      delivery: { allowPrivate: config.CALLBACK_ALLOW_PRIVATE ?? config.NODE_ENV !== 'production' },
      log,
      payoutTransitions: PAYOUT_TRANSITIONS,
      sweepTasks: sweepTasks(handle.db, {
        railTimeScale: config.RAIL_TIME_SCALE,
        fabricProducts: overrides.fabricProducts ?? PRODUCTS,
        product: config.PROVIDER,
        requestLogRetentionDays: config.REQUEST_LOG_RETENTION_DAYS,
      }),
      product: config.PROVIDER,
      email: overrides.email ?? emailSenderFromConfig(config),
      publicUrl: config.PUBLIC_URL,
    });
  }
  if (config.JOBS === 'send') {
    // Queues the jobs of this process's committed work at once; the worker processes run them.
    const [{ startBoss }, { effectRunner }] = await Promise.all([
      import('./jobs/boss.ts'),
      import('./workers.ts'),
    ]);
    const boss = await startBoss(handle, (err) => app.log.error({ err }, 'job queue error'), {
      sendOnly: true,
    });
    started(boss);
    return effectRunner(boss);
  }
  return null;
}
