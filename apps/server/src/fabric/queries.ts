import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  FABRIC_PRODUCTS,
  type FabricCall,
  type FabricCallDetails,
  type FabricEvent,
  type FabricProductSlug,
  type FabricSummary,
} from '@meridian/contract/fabric';
import type { Db } from '../db/database.ts';
import { fabricCalls } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { ListScope } from '../lists/register-list.ts';
import { companyUrnOf, toFabricCall, toFabricCallDetails } from './calls.ts';

/** A log's scope: the caller's client, the resolved filter and the list's status filter (FABRIC_LISTS). */
type Scope = ListScope<{ status?: string | undefined }>;

/** The search key (provider prefix removed) → its condition; `company_urn` is the caller's own company. */
function searchCondition(key: string, value: string, companyUrn: string): SQL {
  switch (key) {
    case 'customer_reference_number':
    case 'customer_reference_id':
      return eq(fabricCalls.customerReferenceNumber, value);
    case 'urn':
      return eq(fabricCalls.urn, value);
    case 'reference_id':
      return eq(fabricCalls.referenceId, value);
    case 'transaction_id':
      return eq(fabricCalls.transactionId, value);
    case 'initiation_transaction_id':
      return eq(fabricCalls.initiationTransactionId, value);
    case 'company_urn':
      // Every row of the list is the caller's company's: all of them match its urn, none another's.
      return value === companyUrn ? sql`true` : sql`false`;
    default:
      throw new Error(`no fabric search key ${key}`);
  }
}

const where = (slug: FabricProductSlug, { clientRef, filter, params }: Scope, companyUrn: string) =>
  and(
    eq(fabricCalls.clientRef, clientRef),
    eq(fabricCalls.product, slug),
    params.status ? eq(fabricCalls.status, params.status) : undefined,
    gte(fabricCalls.createdAt, filter.from),
    lt(fabricCalls.createdAt, filter.to),
    filter.search ? searchCondition(filter.search.key, filter.search.value, companyUrn) : undefined,
  );

/** A page of the client's calls of one product, newest first. */
export async function listFabricCalls(db: Db, slug: FabricProductSlug, scope: Scope): Promise<FabricCall[]> {
  const companyUrn = await companyUrnOf(db, scope.clientRef);
  const rows = await db
    .select()
    .from(fabricCalls)
    .where(where(slug, scope, companyUrn))
    .orderBy(desc(fabricCalls.createdAt), desc(fabricCalls.seq))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toFabricCall(r, companyUrn));
}

export async function countFabricCalls(db: Db, slug: FabricProductSlug, scope: Scope): Promise<number> {
  const companyUrn = await companyUrnOf(db, scope.clientRef);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fabricCalls)
    .where(where(slug, scope, companyUrn));
  return row?.n ?? 0;
}

/** One of the client's calls of this product, with its masked request and response (404 otherwise). */
export async function fabricCallDetails(
  db: Db,
  clientRef: number,
  slug: FabricProductSlug,
  urn: string,
): Promise<FabricCallDetails> {
  const [row] = await db
    .select()
    .from(fabricCalls)
    .where(
      and(eq(fabricCalls.clientRef, clientRef), eq(fabricCalls.urn, urn), eq(fabricCalls.product, slug)),
    );
  if (!row) throw notFound(`No ${slug} call with urn ${urn}`);
  return toFabricCallDetails(row, await companyUrnOf(db, clientRef));
}

/** Today (from `since`, the start of the user's day) per product, and the credits left. */
export async function fabricSummary(
  db: Db,
  clientRef: number,
  since: Date,
  credits: number,
): Promise<FabricSummary> {
  const rows = await db
    .select({
      product: fabricCalls.product,
      calls: sql<number>`count(*)::int`,
      success: sql<number>`(count(*) FILTER (WHERE ${fabricCalls.status} = 'SUCCESS'))::int`,
      credits: sql<number>`coalesce(sum(${fabricCalls.credits}), 0)::int`,
    })
    .from(fabricCalls)
    .where(and(eq(fabricCalls.clientRef, clientRef), gte(fabricCalls.createdAt, since)))
    .groupBy(fabricCalls.product);
  const byProduct = new Map(rows.map((r) => [r.product, r]));
  return {
    credits,
    today: FABRIC_PRODUCTS.map((product) => {
      const r = byProduct.get(product);
      return { product, calls: r?.calls ?? 0, success: r?.success ?? 0, credits: r?.credits ?? 0 };
    }),
  };
}

/**
 * The client's events after `afterId` (a call's creation or its latest update, by `event_seq`), oldest first.
 * A call updated since is sent once, as it is now (`call.updated`): the stream carries states, not a journal.
 */
export async function fabricEventsAfter(
  db: Db,
  clientRef: number,
  afterId: number,
  limit = 100,
): Promise<FabricEvent[]> {
  const rows = await db
    .select()
    .from(fabricCalls)
    .where(and(eq(fabricCalls.clientRef, clientRef), gt(fabricCalls.eventSeq, afterId)))
    .orderBy(asc(fabricCalls.eventSeq))
    .limit(limit);
  if (!rows.length) return [];
  const companyUrn = await companyUrnOf(db, clientRef);
  return rows.map((r) => ({
    id: String(r.eventSeq),
    type: r.eventSeq === r.seq ? 'call.created' : 'call.updated',
    call: toFabricCall(r, companyUrn),
  }));
}

/** The id of the client's latest event (0 when none): where a stream without Last-Event-ID starts. */
export async function latestFabricEventId(db: Db, clientRef: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${fabricCalls.eventSeq})` })
    .from(fabricCalls)
    .where(eq(fabricCalls.clientRef, clientRef));
  return Number(row?.max ?? 0);
}
