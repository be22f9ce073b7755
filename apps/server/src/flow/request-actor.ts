import type { FastifyRequest } from 'fastify';
import { authOf, metaOf } from '../http/guard.ts';
import type { Actor } from './actor.ts';

/** The signed-in caller as the actor of a flow write. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return { clientRef: auth.clientRef, userRef: auth.userRef, email: auth.email, meta: metaOf(request) };
}
