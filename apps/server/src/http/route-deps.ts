import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './context.ts';
import type { GenerateReport } from '@meridian/contract/reports';
import type { EffectRunner } from '../jobs/effects.ts';

/** Queues a report for the signed-in caller (the report engine, wired by the composition): its urn. */
export type ReportQueue = (request: FastifyRequest, report: GenerateReport) => Promise<string>;

/** What every domain's route plugin receives. */
export type RouteDeps = AppDeps & {
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The origin links in e-mails point at (PUBLIC_URL, else the request's own origin). */
  publicUrl: (request: FastifyRequest) => string;
  /** Starts the jobs for work a transaction has committed (rail steps, callback deliveries). */
  runEffects: EffectRunner;
  /** A list whose export is too big to answer at once queues its report here. */
  queueReport: ReportQueue;
};

/** The app as a domain's route plugin receives it (the zod type provider): what its registration functions take. */
export type RouteApp = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];
