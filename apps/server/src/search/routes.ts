import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GlobalSearchQuery, GlobalSearchResponse } from '@meridian/contract';
import { authOf, defaultPermission } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkTimeZone, DEFAULT_TIME_ZONE } from '../lists/list-query.ts';
import { globalSearch, type Searcher } from './registry.ts';
import { readFrom } from '../db/replica.ts';

export type SearchRouteDeps = RouteDeps & {
  /** Every kind of record the search finds, in the order of the answer. */
  searchers: readonly Searcher[];
};

/** GET /{provider}/read/search/global: the command palette's search over every registered kind of record. */
export const searchRoutes: FastifyPluginAsyncZod<SearchRouteDeps> = async (app, deps) => {
  // The global search finds payments records: flow.read.
  defaultPermission(app, 'flow.read');
  const product = deps.config.PROVIDER;

  app.get(
    `/${product}/read/search/global`,
    {
      schema: {
        tags: ['search'],
        summary:
          'Find your records by reference: payouts (urn, UTR, customer reference), beneficiaries (code, name, account number)',
        querystring: GlobalSearchQuery,
        description:
          "The dashboard's command-palette search: `q` is matched against the references of the caller's own records of every searchable kind, at most `limit` per kind. Dates in the answer are shown in `time_zone` (default Asia/Kolkata; an unknown zone is a 400).",
        response: { 200: GlobalSearchResponse },
      },
    },
    async (request) => {
      const { q, limit, time_zone } = request.query;
      const scope = {
        clientRef: authOf(request).clientRef,
        q,
        limit,
        timeZone: checkTimeZone(time_zone || DEFAULT_TIME_ZONE),
        product,
      };
      // The search tolerates a moment's staleness: from the replica when there is one (db/replica.ts).
      const data = await readFrom(deps.db, request, (db) => globalSearch(db, deps.searchers, scope));
      return { data };
    },
  );
};
