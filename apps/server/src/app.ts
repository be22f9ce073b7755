import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './http/context.ts';
import type { LiveSessionCache } from './db/session-cache.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { auditLogRoutes } from './audit-log/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { twoFactorRoutes } from './auth/two-factor-routes.ts';
import { beneficiaryRoutes } from './beneficiaries/routes.ts';
import { bulkRoutes } from './bulk/routes.ts';
import { beneficiarySearcher } from './beneficiaries/search.ts';
import { callbackRoutes } from './callbacks/routes.ts';
import { creditRoutes } from './credits/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { openFabricEventHub, type FabricEventHub } from './fabric/events.ts';
import type { FabricProduct } from './fabric/product.ts';
import { PRODUCTS } from './fabric/products/index.ts';
import { fabricRegistry } from './fabric/registry.ts';
import { fabricCallRoutes, fabricHostedRoutes, fabricReadRoutes } from './fabric/routes.ts';
import { fabricStreamRoutes } from './fabric/stream-routes.ts';
import { sandboxReceiverRoutes } from './callbacks/sandbox-receiver.ts';
import { featureRoutes } from './features/routes.ts';
import { makeApiKeyAuthenticator } from './api-keys/guard.ts';
import { actorOf, authenticateSecuredRoutes, authOf, makeGuard } from './auth/guard.ts';
import type { SessionModes } from './auth/guard-types.ts';
import type { RouteDeps } from './http/route-deps.ts';
import { answerFrameworkError, apiMatcher, registerHttpBasics } from './http/setup.ts';
import { registerWeb } from './http/web.ts';
import { registerReplicaRouting, type ReplicaRouter } from './db/replica.ts';
import { ipAllowlistRoutes } from './ip-allowlist/routes.ts';
import type { EffectRunner } from './jobs/effects.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { closeEngines } from './lib/engine.ts';
import { newId } from './lib/ids.ts';
import { mandateHostedRoutes } from './mandates/hosted.ts';
import { mandateRoutes } from './mandates/routes.ts';
import { mandateSearcher } from './mandates/search.ts';
import { modeRoutes } from './modes/routes.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { operationsRoutes } from './operations/routes.ts';
import { payPageRoutes } from './payment-links/pay-page.ts';
import { paymentLinkRoutes } from './payment-links/routes.ts';
import { paymentLinkSearcher } from './payment-links/search.ts';
import { payoutRoutes } from './payouts/routes.ts';
import { payoutSearcher } from './payouts/search.ts';
import { searchRoutes } from './search/routes.ts';
import { reportRoutes, reportScheduleRoutes } from './reports/routes.ts';
import { registerRequestLog } from './request-log/http.ts';
import { requestLogRoutes } from './request-log/routes.ts';
import { savedViewRoutes } from './saved-views/routes.ts';
import { createReport } from './reports/engine.ts';
import { REPORT_SOURCES } from './reports/sources/index.ts';
import { statementRoutes } from './reports/statement-routes.ts';
import { apiUsageRoutes } from './fabric/usage-routes.ts';
import { settlementRoutes } from './settlements/routes.ts';
import { supportOperationsRoutes, supportRoutes } from './support/routes.ts';
import { teamRoutes } from './team/routes.ts';
import { traceRoutes } from './trace/routes.ts';
import { approvalRoutes } from './approvals/routes.ts';
import type { ApprovalExecutors } from './approvals/engine.ts';
import { userRoutes } from './users/routes.ts';
import { validationRoutes } from './validations/routes.ts';
import { virtualAccountRoutes } from './virtual-accounts/routes.ts';

export type AppOptions = AppDeps & {
  sessions: LiveSessionCache<SessionModes>;
  runEffects: EffectRunner;
  databaseKind: 'pglite' | 'postgresql';
  /** Folder of the web app's production build; served with an SPA fallback when it exists. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Fabric's products (default: products/index.ts); tests register their own. */
  fabricProducts?: readonly FabricProduct[];
  /** Wakes fabric's event streams (server.ts opens one that LISTENs); default: polling only. */
  fabricEvents?: FabricEventHub;
  /** What runs when a held action is approved, rejected or expires (composition.ts); default: none. */
  approvalExecutors?: ApprovalExecutors;
  /** Reads tolerant of staleness go to this replica (DATABASE_REPLICA_URL); default: all on the primary. */
  replica?: ReplicaRouter;
};

/**
 * Every schema is zod's, for every route: given as the compilers' factories, Fastify's own compilers (ajv,
 * fast-json-stringify) are never loaded (~60 ms of a start). Fastify types the factories for ajv's compile.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The HTTP application: shared plumbing, every domain's routes, then the web app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const isApi = apiMatcher(opts.config.PROVIDER);
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.TRUST_PROXY,
    genReqId: () => newId('REQ'),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('auth', null);
  await registerHttpBasics(app, isApi, {
    provider: opts.config.PROVIDER,
    publicUrl: opts.config.PUBLIC_URL,
  });

  app.get('/health', { schema: { hide: true }, config: { permission: 'public' } }, async () => ({
    status: 'ok',
    database: opts.databaseKind,
    env: opts.config.APP_ENV,
    ...(opts.replica ? { replica: opts.replica.status() } : {}),
  }));
  // A worker process (SERVE=health) runs the jobs and answers only its health check.
  if (opts.config.SERVE === 'health') return app;
  // Before any route: a write notes its LSN for the caller's reads from the replica (db/replica.ts).
  if (opts.replica) registerReplicaRouting(app, opts.db, opts.replica);

  const guards = makeGuard({
    ...opts,
    authenticateKey: makeApiKeyAuthenticator({ db: opts.db, sessions: opts.sessions }),
  });
  const deps = routeDeps(opts, guards.requireAuth);
  // Every route documented as needing the session checks it before reading its input (auth/guard.ts).
  authenticateSecuredRoutes(app, guards);
  // Every request of a client's caller is recorded after its answer, off the request's path (request-log/).
  await registerRequestLog(app, { db: opts.db, config: opts.config });
  for (const routes of DOMAIN_ROUTES) await app.register(routes, deps);
  // The mandate authorisation page a customer opens (public: the token is the capability).
  await app.register(mandateHostedRoutes, {
    db: opts.db,
    provider: opts.config.PROVIDER,
    runEffects: opts.runEffects,
  });
  // The public pay page of payment links (no sign-in: the token is the capability).
  await app.register(payPageRoutes, { db: opts.db, runEffects: opts.runEffects });
  await registerFabricAndCredits(app, deps, opts);
  // The command palette's global search: each domain with records to find registers its searcher here.
  await app.register(searchRoutes, {
    ...deps,
    searchers: [payoutSearcher, beneficiarySearcher, mandateSearcher, paymentLinkSearcher],
  });
  if (opts.config.NODE_ENV !== 'production') await app.register(sandboxReceiverRoutes, deps);

  await registerWeb(app, { webDist: opts.webDist, isApi });
  return app;
}

/** The route plugins that take only the shared dependencies, in the order they are registered. */
const DOMAIN_ROUTES = [
  authRoutes,
  onboardingRoutes,
  userRoutes,
  teamRoutes,
  twoFactorRoutes,
  ledgerRoutes,
  featureRoutes,
  modeRoutes,
  beneficiaryRoutes,
  payoutRoutes,
  validationRoutes,
  callbackRoutes,
  eventRoutes,
  settlementRoutes,
  virtualAccountRoutes,
  mandateRoutes,
  paymentLinkRoutes,
  bulkRoutes,
  ipAllowlistRoutes,
  auditLogRoutes,
  supportRoutes,
  supportOperationsRoutes,
  savedViewRoutes,
  reportRoutes,
  reportScheduleRoutes,
  statementRoutes,
  apiUsageRoutes,
  requestLogRoutes,
  traceRoutes,
];

/** What every domain's route plugin receives: the app's dependencies, the session check, and the report queue. */
function routeDeps(opts: AppOptions, requireAuth: RouteDeps['requireAuth']): RouteDeps {
  return {
    ...opts,
    requireAuth,
    publicUrl: (request) => opts.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
    queueReport: async (request, report) => {
      const { report: item, effects } = await opts.db.transaction((tx) =>
        createReport(tx, actorOf(request), report, {
          sources: REPORT_SOURCES,
          product: opts.config.PROVIDER,
          permissions: authOf(request).permissions,
        }),
      );
      await opts.runEffects(effects);
      return item.report_urn;
    },
  };
}

/**
 * Approvals, API keys, credits and operations, then fabric: the products' public endpoints, their logs, the event
 * stream and the hosted pages, with the event hub and the engines closed with the server.
 */
async function registerFabricAndCredits(app: FastifyInstance, deps: RouteDeps, opts: AppOptions) {
  const registry = fabricRegistry(opts.fabricProducts ?? PRODUCTS);
  let events = opts.fabricEvents;
  if (!events) {
    const own = await openFabricEventHub(null);
    app.addHook('onClose', () => own.close());
    events = own;
  }
  const hub = events;
  // Engine processes (face model, OCR) are started by their first call and end when idle; stop them with the server.
  app.addHook('onClose', closeEngines);
  // Open streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => hub.endStreams());
  await app.register(approvalRoutes, { ...deps, executors: opts.approvalExecutors ?? {} });
  await app.register(apiKeyRoutes, deps);
  await app.register(creditRoutes, { ...deps, prices: () => registry.prices() });
  await app.register(operationsRoutes, { ...deps, registry });
  for (const routes of [fabricCallRoutes, fabricReadRoutes, fabricStreamRoutes, fabricHostedRoutes])
    await app.register(routes, { ...deps, registry, events: hub });
}
