import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { APPROVALS_LIST, ApprovalRecord } from '@meridian/contract/approvals';
import type { Db } from '../db/database.ts';
import { approvalRequests } from '../db/schema.ts';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { decisionsOf, toRecord } from './engine.ts';

type Scope = ListScope<FilterParams<typeof APPROVALS_LIST>>;

/** A client's requests made in the filter's days (index (client_ref, status, created_at) with a status). */
function where({ clientRef, filter, params }: Scope): SQL | undefined {
  const search = filter.search;
  return and(
    eq(approvalRequests.clientRef, clientRef),
    gte(approvalRequests.createdAt, filter.from),
    lt(approvalRequests.createdAt, filter.to),
    search?.key === 'urn' ? eq(approvalRequests.urn, search.value) : undefined,
    search?.key === 'resource_urn' ? eq(approvalRequests.resourceUrn, search.value) : undefined,
    search?.key === 'requested_by'
      ? sql`lower(${approvalRequests.requestedBy}) = lower(${search.value})`
      : undefined,
    params.status ? eq(approvalRequests.status, params.status) : undefined,
    params.action ? eq(approvalRequests.action, params.action) : undefined,
  );
}

/** Newest first, with their decisions. */
export async function listRequests(db: Db, scope: Scope): Promise<ApprovalRecord[]> {
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(where(scope))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  const decisions = await decisionsOf(
    db,
    scope.clientRef,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRecord(r, decisions));
}

export async function countRequests(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(where(scope));
  return row?.n ?? 0;
}
