/**
 * The payout benchmark's SQL (payout-lists.ts): the statements src/payouts/queries.ts runs, rendered by drizzle
 * from the same builders, the naive queries for contrast, the auth guard's session lookup, and the check of the
 * seeded rows' invariants.
 */
import type { Db } from '../src/db/database.ts';
import type { ListFilter } from '../src/lists/list-query.ts';
import { payoutPageQuery, seqIntervalQuery } from '../src/payouts/queries.ts';
import type { Exec, Row } from './seed-payouts.ts';

const PAGE_COLUMNS = [
  'id',
  'urn',
  'client_ref',
  'seq',
  'account_ref',
  'beneficiary_ref',
  'customer_reference_number',
  'bank_reference_number',
  'beneficiary_code',
  'beneficiary_name',
  'beneficiary_account_number',
  'ifsc',
  'upi_id',
  'amount',
  'transfer_type',
  'purpose_message',
  'status',
  'status_message',
  'rail_due_at',
  'created_at',
  'updated_at',
]
  .map((c) => `"payouts"."${c}"`)
  .concat('"accounts"."account_number"')
  .join(', ');
const FROM_PAGE =
  'from "payouts" inner join "accounts" on ("accounts"."client_ref" = "payouts"."client_ref" and ' +
  '"accounts"."id" = "payouts"."account_ref")';
export const NAIVE_PAGE = `select ${PAGE_COLUMNS} ${FROM_PAGE} where "payouts"."client_ref" = $1 and "payouts"."created_at" >= $2 and "payouts"."created_at" < $3 order by "payouts"."created_at" desc offset $4 limit $5`;
export const NAIVE_COUNT =
  'select count(*)::int from "payouts" where "payouts"."client_ref" = $1 and "payouts"."created_at" >= $2 and "payouts"."created_at" < $3';
/** What the auth guard (liveSession) runs on a session-cache miss (first call of a token, after a change). */
export const SESSION_LOOKUP =
  'select "auth_sessions"."id", "auth_sessions"."session_id", "auth_sessions"."user_ref", "auth_sessions"."ip", ' +
  '"auth_sessions"."user_agent", "auth_sessions"."created_at", "auth_sessions"."expires_at", "auth_sessions"."revoked_at", ' +
  '"auth_sessions"."revoked_reason", "users"."id", "users"."public_id", "users"."client_ref", "users"."email", ' +
  '"users"."name", "users"."password_hash", "users"."phone", "users"."mfa_preference", "users"."scopes", ' +
  '"users"."created_at", "users"."updated_at", "clients"."id", "clients"."client_id", "clients"."company_common_name", ' +
  '"clients"."kind", "clients"."created_at" from "auth_sessions" inner join "users" on "auth_sessions"."user_ref" = "users"."id" ' +
  'inner join "clients" on "users"."client_ref" = "clients"."id" where ("auth_sessions"."session_id" = $1 and ' +
  '"auth_sessions"."revoked_at" is null and "auth_sessions"."expires_at" > $2) limit $3';

/**
 * The statements src/payouts/queries.ts runs, rendered by drizzle from the same builders (`.toSQL()`), so the
 * direct SQL can never drift from the API's.
 */
export const pageSql = (db: Db, clientRef: number, f: ListFilter) =>
  payoutPageQuery(db, clientRef, f).toSQL();
export const intervalSql = (db: Db, clientRef: number, f: ListFilter) =>
  seqIntervalQuery(db, clientRef, f.from, f.to).toSQL();

/** listPayouts() of queries.ts without a search: one statement. */
export async function directList(exec: Exec, db: Db, clientRef: number, f: ListFilter): Promise<Row[]> {
  const q = pageSql(db, clientRef, f);
  return exec(q.sql, q.params);
}

/** countPayouts() of queries.ts without a search: one statement, two index probes. */
export async function directCount(exec: Exec, db: Db, clientRef: number, f: ListFilter): Promise<number> {
  const q = intervalSql(db, clientRef, f);
  const [row] = await exec(q.sql, q.params);
  return row && row[0] != null && row[1] != null ? Number(row[1]) - Number(row[0]) + 1 : 0;
}

/** Checks the design's invariants over all of the client's payouts. */
export async function checkInvariants(exec: Exec, clientRef: number) {
  const [row] = await exec(
    `select count(*)::int, min(seq)::int, max(seq)::int, count(*) filter (where created_at < prev)::int,
       (select value::int from client_sequences where client_ref = $1 and name = 'payouts'),
       min(created_at), max(created_at)
     from (select seq, created_at, lag(created_at) over (order by seq) as prev from payouts where client_ref = $1) s`,
    [clientRef],
  );
  const [count, lo, hi, backwards, sequence, oldest, newest] = row!;
  const ok = lo === 1 && hi === count && backwards === 0 && sequence === count;
  return { ok, count, lo, hi, backwards, sequence, oldest, newest };
}
