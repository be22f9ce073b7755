import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { openSessionCache, type LiveSessionCache } from './db/session-cache.ts';
import type { AuthContext } from './auth/guard-types.ts';
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
  sessions: LiveSessionCache<AuthContext>;
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
  // Each phase's duration, logged at debug level once the app's logger exists (what a start spends its time on).
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - phaseStart) * 10) / 10;
    phaseStart = now;
  };
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
  // The demo seed, skipped in one query when the same seed (code and options) finished before (seed-runs.ts).
  const products = overrides.fabricProducts ?? PRODUCTS;
  const demoRun = config.SEED_DEMO
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
  const seedDemoNow = demoRun !== null && !(await seedFinished(handle.db, demoRun));
  const seeded = seedDemoNow
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
  phase('seed');

  let appLog: FastifyBaseLogger | undefined = undefined; // the listener's reports before the app exists are not logged
  const sessions = await openSessionCache<AuthContext>(handle, {
    // Never longer than an access token lives.
    ttlSeconds: Math.min(config.SESSION_CACHE_SECONDS, config.ACCESS_TOKEN_TTL_SECONDS),
    log: (level, msg, data) => appLog?.[level](data ?? {}, msg),
  });
  phase('sessions');

  // Wakes fabric's event streams in this process when any process commits a call (LISTEN/NOTIFY).
  const fabricEvents = await openFabricEventHub(handle, {
    log: (msg, err) => appLog?.warn({ err }, msg),
  });
  phase('fabric events');

  // The jobs start after the app is built, beside the listener (`jobs` below): work handed to them before waits
  // for them to run. With JOBS=off committed work waits for the sweeper of a process that runs jobs.
  let run: EffectRunner = async () => {};
  let jobsStarted: Promise<void> = Promise.resolve();
  const runEffects: EffectRunner = async (effects) => {
    await jobsStarted;
    return run(effects);
  };
  const app = await buildApp({
    runEffects,
    db: handle.db,
    config,
    keys,
    sms: overrides.sms ?? smsSenderFromConfig(config),
    email: overrides.email ?? emailSenderFromConfig(config),
    sessions,
    databaseKind: handle.kind,
    webDist: overrides.webDist,
    logger: overrides.logger,
    fabricEvents,
    approvalExecutors: approvalExecutors({ railTimeScale: config.RAIL_TIME_SCALE }),
    ...(config.DATABASE_REPLICA_URL && handle.kind === 'postgresql' && config.SERVE === 'all'
      ? {
          replica: openReplicaRouter(handle, {
            url: config.DATABASE_REPLICA_URL,
            maxLagMs: config.REPLICA_MAX_LAG_MS,
            log: (msg, data) => appLog?.info(data ?? {}, msg),
          }),
        }
      : {}),
    ...(overrides.fabricProducts ? { fabricProducts: overrides.fabricProducts } : {}),
  });
  appLog = app.log;
  phase('app');
  // The demo's authenticator-app user, enrolled through the two-factor service (it needs the server's keys).
  if (seedDemoNow)
    await seedDemoTwoFactor({
      db: handle.db,
      config,
      keys,
      sessions,
      sms: overrides.sms ?? smsSenderFromConfig(config),
      email: overrides.email ?? emailSenderFromConfig(config),
    });

  phase('two-factor seed');

  let boss: PgBoss | null = null;
  /** The job queue and its workers (~100 ms of database round trips), started once the app is built. */
  async function startJobs(): Promise<void> {
    if (config.JOBS === 'on') {
      // The job queue and its workers are imported only by a process that runs jobs (not an API-only one).
      const [{ startBoss }, { registerMaintenance }, { registerWorkers }] = await Promise.all([
        import('./jobs/boss.ts'),
        import('./jobs/maintenance.ts'),
        import('./workers.ts'),
      ]);
      boss = await startBoss(handle, (err) => app.log.error({ err }, 'job queue error'));
      const log = (msg: string, data?: object) => app.log.info(data ?? {}, msg);
      await registerMaintenance(boss, handle.db, log);
      run = await registerWorkers(boss, handle.db, {
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
      if (seeded) await run(seeded.effects);
    } else if (config.JOBS === 'send') {
      // Queues the jobs of this process's committed work at once; the worker processes run them.
      const [{ startBoss }, { effectRunner }] = await Promise.all([
        import('./jobs/boss.ts'),
        import('./workers.ts'),
      ]);
      boss = await startBoss(handle, (err) => app.log.error({ err }, 'job queue error'), { sendOnly: true });
      run = effectRunner(boss);
    }
    // Recorded once its work is handed to the jobs (with JOBS=off the sweeper sends it).
    if (seedDemoNow && demoRun) await recordSeedRun(handle.db, demoRun);
    phase('jobs');
    app.log.debug({ phases_ms: phases }, 'server composed');
  }
  jobsStarted = startJobs();
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
