import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { APPROVALS_LIST, ApprovalRecord, ApprovalRequest } from '@meridian/contract/approvals';
import type { Db } from '../db/database.ts';
import { approvalRequests } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { decisionsOf, toRecord, toRequest, type Decider } from './records.ts';

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

/** One request of the client (404 otherwise), as the caller sees it. */
export async function getRequest(
  db: Db,
  clientRef: number,
  urn: string,
  who: Decider | null,
): Promise<ApprovalRequest> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.clientRef, clientRef), eq(approvalRequests.urn, urn)));
  if (!row) throw notFound(`There is no approval request ${urn}`);
  return toRequest(row, await decisionsOf(db, clientRef, [row.id]), who);
}

/** The PENDING requests this member can decide now, oldest first (the inbox). */
export async function inbox(db: Db, who: Decider): Promise<ApprovalRequest[]> {
  const clientRef = who.actor.clientRef;
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.clientRef, clientRef),
        eq(approvalRequests.status, 'PENDING'),
        // The current step's roles name the member's role (jsonb: steps[current_step].roles ? role).
        sql`(${approvalRequests.steps} -> ${approvalRequests.currentStep} -> 'roles') ? ${who.role}`,
      ),
    )
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id))
    .limit(1000);
  const decisions = await decisionsOf(
    db,
    clientRef,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRequest(r, decisions, who)).filter((r) => r.can_decide);
}
