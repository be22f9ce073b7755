import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateSavedView,
  MAX_SAVED_VIEWS_PER_LIST,
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEW_SEARCH_MAX_BYTES,
  SAVED_VIEW_SEARCH_MAX_KEYS,
  SavedView,
  SavedViewIdParams,
  SavedViewsQuery,
  SavedViewsResponse,
} from '@meridian/contract/saved-views';
import { actorOf, sessionOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { createSavedView, deleteSavedView, listSavedViews } from './queries.ts';

/**
 * Saved views: the signed-in user's named filters of a list (its URL search parameters). Private to the user
 * (another user's view is a 404 like an unknown one); every change is audited. The session is checked before
 * anything else by the composition's `authenticateSecuredRoutes` (auth/guard.ts), as for every secured route.
 */
export const savedViewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // A member's own saved views.
  defaultPermission(app, 'self');
  const tags = ['saved views'];

  app.get(
    `/${deps.config.PROVIDER}/read/fetch/saved_views`,
    {
      schema: {
        tags,
        summary: 'Your saved views of a list',
        description:
          "The signed-in user's saved views of one list (`list`, its machine name, e.g. `payouts`), by name in any case, with the most a user may keep per list. Other users' views, of this client or another, are never listed.",
        querystring: SavedViewsQuery,
        response: { 200: SavedViewsResponse },
      },
    },
    async (request) => {
      const { clientRef, userRef } = sessionOf(request);
      return {
        data: await listSavedViews(deps.db, { clientRef, userRef, list: request.query.list }),
        max_views: MAX_SAVED_VIEWS_PER_LIST,
      };
    },
  );

  app.post(
    '/v2/saved_views',
    {
      schema: {
        tags,
        summary: 'Save the current filters of a list as a named view',
        description: `Saves a view of a list for the signed-in user: its name (trimmed, 1–${SAVED_VIEW_NAME_MAX} characters, one line) and the list's URL search parameters as strings (at most ${SAVED_VIEW_SEARCH_MAX_KEYS}, ${SAVED_VIEW_SEARCH_MAX_BYTES} bytes as JSON). A name the user already gave a view of that list, in any case, is a 409; a user keeps at most ${MAX_SAVED_VIEWS_PER_LIST} views per list (a 422 beyond). Audited.`,
        body: CreateSavedView,
        response: { 201: SavedView },
      },
      config: { openapi: { errors: [409, 422] } },
    },
    async (request, reply) => {
      const view = await createSavedView(deps.db, { actor: actorOf(request), ...request.body });
      return reply.status(201).send(view);
    },
  );

  app.delete(
    '/v2/saved_views/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your saved views',
        description:
          "Deletes one of the signed-in user's saved views. 404 for an unknown id, or another user's view. Audited.",
        params: SavedViewIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSavedView(deps.db, { actor: actorOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
