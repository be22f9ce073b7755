import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './context.ts';
import type { EffectRunner } from '../jobs/effects.ts';

/** What every domain's route plugin receives. */
export type RouteDeps = AppDeps & {
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The origin links in e-mails point at (PUBLIC_URL, else the request's own origin). */
  publicUrl: (request: FastifyRequest) => string;
  /** Starts the jobs for work a transaction has committed (rail steps, callback deliveries). */
  runEffects: EffectRunner;
};
