import pg from 'pg';
import { isTransactionPooled, type Db } from './database.ts';

/** What drizzle's query builders offer once their values are `sql.placeholder(name)`s. */
type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };
type Statement<R> = ReturnType<Preparable<R>['prepare']>;

/**
 * A hot path's statement, built once per database instead of per call: drizzle's query building (walking the
 * SQL tree, escaping names) cost 15–20 % of a list request's CPU. The statement's values are
 * `sql.placeholder(…)`s, filled by each call (still through the columns' encoders: a Date becomes a timestamp).
 *
 * On PostgreSQL it is a named prepared statement (parsed once per connection) unless the pool reaches the
 * primary through a transaction-mode pooler (DATABASE_DIRECT_URL set), where a statement prepared on one
 * server connection may be executed on another: there it is sent unnamed each time. `name` must be unique in
 * the process.
 */
export function prepared<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db) => Preparable<R>,
  opts: {
    /**
     * Always sent unnamed, so that PostgreSQL plans each execution with its values: for a statement whose best
     * plan depends on them (a LIKE prefix's index range is derived from the pattern itself, which a generic plan
     * does not know). Only drizzle's query building is saved.
     */
    planEach?: boolean;
  } = {},
): (db: Db, values: V) => Promise<R> {
  const built = new WeakMap<Db, Statement<R>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      const client = (db as { $client?: unknown }).$client;
      const named = !opts.planEach && !(client instanceof pg.Pool && isTransactionPooled(client));
      statement = build(db).prepare(named ? name : '');
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}
