import { and, between, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { REQUEST_LOGS_LIST, RequestLogDetails, RequestLogRecord } from '@meridian/contract/developers';
import type { Db } from '../db/database.ts';
import { requestLog } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { notFound } from '../http/errors.ts';
import type { ListScope } from '../lists/register-list.ts';

type Row = typeof requestLog.$inferSelect;
type SearchKey = (typeof REQUEST_LOGS_LIST)['searchKeys'][number]['key'];
export type RequestLogParams = { status_class?: string; method?: string; channel?: string };

/**
 * The search keys: `request_id` and `idempotency_key` exactly, `resource` (the rows whose resources hold the urn
 * or beneficiary code; GIN index), `route` (the registered route, or the path as called), `actor` (a member's
 * e-mail in any case, or an API key id).
 */
const SEARCH: Record<SearchKey, (v: string) => SQL | undefined> = {
  request_id: (v) => eq(requestLog.requestId, v),
  // `<> '{}'` lets the planner use the partial GIN index (only rows that name a resource are in it).
  resource: (v) =>
    sql`${requestLog.resources} <> '{}'::text[] AND ${requestLog.resources} @> ARRAY[${v}]::text[]`,
  idempotency_key: (v) => eq(requestLog.idempotencyKey, v),
  route: (v) => or(eq(requestLog.route, v), eq(requestLog.path, v)),
  // `api_key:key_…` as the audit log names a key finds the key's requests too
  actor: (v) => {
    const key = v.replace(/^api_key:/, '');
    return or(eq(requestLog.actor, key), eq(sql`lower(${requestLog.actor})`, v.toLowerCase()));
  },
};

/** `2xx` → 200…299. */
const statusClass = (v: string) => {
  const hundreds = Number(v[0]) * 100;
  return between(requestLog.status, hundreds, hundreds + 99);
};

const where = ({ clientRef, filter, params }: ListScope<RequestLogParams>) =>
  and(
    eq(requestLog.clientRef, clientRef),
    gte(requestLog.createdAt, filter.from),
    lt(requestLog.createdAt, filter.to),
    filter.search ? SEARCH[filter.search.key as SearchKey](filter.search.value) : undefined,
    params.status_class ? statusClass(params.status_class) : undefined,
    params.method ? eq(requestLog.method, params.method) : undefined,
    params.channel ? eq(requestLog.channel, params.channel) : undefined,
  );

export const toRequestLogRecord = (r: Row): RequestLogRecord => ({
  request_id: r.requestId,
  created_at: r.createdAt.toISOString(),
  method: r.method,
  route: r.route,
  path: r.path,
  status: r.status,
  duration_ms: Math.round(r.durationMs * 1000) / 1000,
  channel: r.channel === 'api_key' ? 'api_key' : 'dashboard',
  actor: r.actor,
  api_key_id: r.apiKeyId,
  ip: r.ip,
  idempotency_key: r.idempotencyKey,
  resources: r.resources,
  livemode: livemodeOf(r.clientRef),
});

/** The list's columns: the bodies are read by the details only. */
const LIST_COLUMNS = {
  id: requestLog.id,
  clientRef: requestLog.clientRef,
  createdAt: requestLog.createdAt,
  requestId: requestLog.requestId,
  method: requestLog.method,
  route: requestLog.route,
  path: requestLog.path,
  status: requestLog.status,
  durationMs: requestLog.durationMs,
  channel: requestLog.channel,
  actor: requestLog.actor,
  userRef: requestLog.userRef,
  apiKeyId: requestLog.apiKeyId,
  ip: requestLog.ip,
  idempotencyKey: requestLog.idempotencyKey,
  truncated: requestLog.truncated,
  resources: requestLog.resources,
};

export async function listRequestLogs(
  db: Db,
  scope: ListScope<RequestLogParams>,
): Promise<RequestLogRecord[]> {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(requestLog)
    .where(where(scope))
    .orderBy(desc(requestLog.createdAt), desc(requestLog.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toRequestLogRecord({ ...r, query: null, requestBody: null, responseBody: null }));
}

export async function countRequestLogs(db: Db, scope: ListScope<RequestLogParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestLog)
    .where(where(scope));
  return row?.n ?? 0;
}

/** One request of the client with its masked query and bodies; null when the client has none of that id. */
export async function findRequestLog(
  db: Db,
  clientRef: number,
  requestId: string,
): Promise<RequestLogDetails | null> {
  const [row] = await db
    .select()
    .from(requestLog)
    .where(and(eq(requestLog.clientRef, clientRef), eq(requestLog.requestId, requestId)))
    .orderBy(desc(requestLog.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    ...toRequestLogRecord(row),
    query: row.query ?? null,
    request_body: row.requestBody ?? null,
    response_body: row.responseBody ?? null,
    truncated: row.truncated,
  };
}

/** The same, or a 404 that says nothing of another client's requests. */
export async function getRequestLog(
  db: Db,
  clientRef: number,
  requestId: string,
): Promise<RequestLogDetails> {
  const found = await findRequestLog(db, clientRef, requestId);
  if (!found) throw notFound(`No request ${requestId} in your request log`);
  return found;
}
