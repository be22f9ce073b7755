import { unionAll } from 'drizzle-orm/pg-core';
import type { GlobalSearchResult, SearchRoute } from '@meridian/contract';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { dayIn } from '../lists/list-query.ts';

/** What every searcher gets: the caller's client (every read is scoped to it), the query and the limit. */
export type SearchScope = {
  clientRef: number;
  /** Trimmed, 2–100 characters, no control characters (contract `GlobalSearchQuery`). */
  q: string;
  /** At most this many results of the searcher's kind. */
  limit: number;
  /** The user's time zone: a result's list link opens on the record's day there. */
  timeZone: string;
  /** The provider slug (`meridian`): search keys such as `meridian_urn` carry it. */
  product: string;
};

/**
 * One kind of record the global search finds. A domain exports its searcher and the server's composition
 * registers it (src/app.ts); the search endpoint runs every registered searcher and never names a domain.
 * A searcher answers only its client's records, at most `scope.limit`, best first, and costs a few index probes
 * (prefix or exact matches on indexed columns): it must never scan a client's table.
 */
export type Searcher = {
  /** The `type` of its results, e.g. `payout`. */
  type: string;
  search: (db: Db, scope: SearchScope) => Promise<GlobalSearchResult[]>;
};

/**
 * The probes of one searcher (one per field it matches) as one query: `UNION ALL` of them (each keeps its own
 * order and limit), the only one, or null when the search term fits none.
 */
export function unionOfProbes<P extends Parameters<typeof unionAll>[0]>(probes: readonly P[]): P | null {
  const [first, second, ...rest] = probes;
  if (!first) return null;
  // unionAll's types want each operand's exact select; the probes of one searcher all select the same columns.
  const union = unionAll as unknown as (...selects: P[]) => P;
  return second ? union(first, second, ...rest) : first;
}

/** Each record once, as the first probe that found it says (rows of several probes can name the same one). */
export function firstOfEach<R>(rows: readonly R[], key: (row: R) => string): R[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const k = key(row);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * What a searcher's statement binds: the client, the limit and each probe's value by the probe's name (values, or
 * placeholders that each execution fills).
 */
export type ProbeBinding = {
  clientRef: number | Placeholder;
  limit: number | Placeholder;
  values: Readonly<Record<string, string | Placeholder>>;
};

/** A statement drizzle can prepare (a select, a union of selects). */
type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/**
 * A searcher's statement: `valuesOf` names the probes a query can be, each with its value (in order); `build`
 * makes their statement. Each combination of probes is built once, with placeholders (drizzle's query building
 * was about a quarter of a search's CPU), and sent unnamed, so that PostgreSQL still plans every search with its
 * values (db/prepared.ts `planEach`: a LIKE prefix's index range is derived from the pattern). `query` renders
 * the statement with the values (the benchmark's EXPLAIN).
 */
export function probeStatement<Q extends Preparable<unknown>>(
  name: string,
  valuesOf: (q: string) => Record<string, string>,
  build: (db: Db, binding: ProbeBinding) => Q | null,
) {
  type R = Q extends Preparable<infer Rows> ? Rows : never;
  const statements = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<R>>();
  return {
    query: (db: Db, scope: SearchScope) =>
      build(db, { clientRef: scope.clientRef, limit: scope.limit, values: valuesOf(scope.q) }),
    async run(db: Db, scope: SearchScope): Promise<R | []> {
      const values = valuesOf(scope.q);
      const names = Object.keys(values);
      if (!names.length) return [];
      const key = names.join('+');
      let statement = statements.get(key);
      if (!statement) {
        const binding: ProbeBinding = {
          clientRef: sql.placeholder('clientRef'),
          limit: sql.placeholder('limit'),
          values: Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])),
        };
        const make = (db: Db) => build(db, binding) as Preparable<R>;
        statement = prepared<Record<string, unknown>, R>(`${name}:${key}`, make, { planEach: true });
        statements.set(key, statement);
      }
      return statement(db, { clientRef: scope.clientRef, limit: scope.limit, ...values });
    },
  };
}

/** `value%` for LIKE, with LIKE's own characters (`%`, `_`, `\`) matched literally. */
export const likePrefix = (value: string): string => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The link to a list screen filtered to one record on the day it was created (in the user's time zone), with
 * its details dialog open (`selected`).
 */
export function listRoute(
  to: string,
  scope: Pick<SearchScope, 'timeZone'>,
  record: { searchKey: string; value: string; createdAt: Date; selected: string },
): SearchRoute {
  const day = dayIn(scope.timeZone, 0, record.createdAt.getTime());
  return {
    to,
    search: {
      start_date: day,
      end_date: day,
      search_key: record.searchKey,
      search_value: record.value,
      selected: record.selected,
    },
  };
}

/**
 * Runs every searcher at once (each is one statement; on PostgreSQL they go to separate pool connections) and
 * answers their results in registration order, each kind capped at the limit.
 */
export async function globalSearch(
  db: Db,
  searchers: readonly Searcher[],
  scope: SearchScope,
): Promise<GlobalSearchResult[]> {
  const found = await Promise.all(searchers.map((s) => s.search(db, scope)));
  return found.flatMap((results) => results.slice(0, scope.limit));
}
