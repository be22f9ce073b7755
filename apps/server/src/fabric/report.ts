import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ApiUsageDay, ApiUsageRow } from '@meridian/contract/reports';
import type { Db } from '../db/database.ts';
import { fabricCalls } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { companyUrnOf, toFabricCall } from './calls.ts';

/**
 * Fabric calls across products: the fabric report (every KYC call, masked as the logs are), API usage (each call
 * is a metered API call; its API is `/v2/fabric/{product}`) and calls per day per API for the usage chart.
 */
export type FabricReportScope = {
  clientRef: number;
  filter: Pick<ListFilter, 'from' | 'to' | 'search' | 'timeZone'>;
  product?: string | undefined;
  status?: string | undefined;
};

/** The API a call used, as API usage names it. */
export const apiNameOf = (product: string) => `/v2/fabric/${product}`;
/** `api_name` as typed: the path, or just the product (`text-match`). */
const productOfApiName = (v: string) => v.trim().replace(/^\/?v2\/fabric\//, '');

function searchCondition(key: string, value: string): SQL {
  switch (key) {
    case 'urn':
      return eq(fabricCalls.urn, value);
    case 'customer_reference_number':
      return eq(fabricCalls.customerReferenceNumber, value);
    case 'api_name':
      return eq(fabricCalls.product, productOfApiName(value));
    default:
      throw new Error(`no fabric report search key ${key}`);
  }
}

const where = (s: FabricReportScope) =>
  and(
    eq(fabricCalls.clientRef, s.clientRef),
    gte(fabricCalls.createdAt, s.filter.from),
    lt(fabricCalls.createdAt, s.filter.to),
    s.product ? eq(fabricCalls.product, s.product) : undefined,
    s.status ? eq(fabricCalls.status, s.status) : undefined,
    s.filter.search ? searchCondition(s.filter.search.key, s.filter.search.value) : undefined,
  );

export async function countFabricReport(db: Db, s: FabricReportScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fabricCalls)
    .where(where(s));
  return row?.n ?? 0;
}

/** Every call of the filter in keyset pages, as the logs show it (masked), newest first. */
export async function* fabricReportPages(db: Db, s: FabricReportScope, pageSize: number) {
  const companyUrn = await companyUrnOf(db, s.clientRef);
  yield* keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({ call: fabricCalls, ...cursorColumns(fabricCalls.createdAt, fabricCalls.id) })
      .from(fabricCalls)
      .where(and(where(s), afterCursor(fabricCalls.createdAt, fabricCalls.id, cursor)))
      .orderBy(desc(fabricCalls.createdAt), desc(fabricCalls.id))
      .limit(limit);
    return rows.map((r) => ({
      ...toFabricCall(r.call, companyUrn),
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}

const toUsage = (c: typeof fabricCalls.$inferSelect): ApiUsageRow => ({
  urn: c.urn,
  api_name: apiNameOf(c.product),
  product: c.product,
  status: c.status,
  credits: c.credits,
  channel: c.channel,
  latency_ms: c.latencyMs,
  customer_reference_number: c.customerReferenceNumber,
  livemode: livemodeOf(c.clientRef),
  created_at: c.createdAt.toISOString(),
});

/** A page of API usage (the list screen), newest first. */
export async function listApiUsage(
  db: Db,
  s: FabricReportScope & { filter: ListFilter },
): Promise<ApiUsageRow[]> {
  const rows = await db
    .select()
    .from(fabricCalls)
    .where(where(s))
    .orderBy(desc(fabricCalls.createdAt), desc(fabricCalls.id))
    .limit(s.filter.limit)
    .offset(s.filter.offset);
  return rows.map(toUsage);
}

/** Every metered call of the filter in keyset pages (the API usage report). */
export function apiUsagePages(db: Db, s: FabricReportScope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({ call: fabricCalls, ...cursorColumns(fabricCalls.createdAt, fabricCalls.id) })
      .from(fabricCalls)
      .where(and(where(s), afterCursor(fabricCalls.createdAt, fabricCalls.id, cursor)))
      .orderBy(desc(fabricCalls.createdAt), desc(fabricCalls.id))
      .limit(limit);
    return rows.map((r) => ({ ...toUsage(r.call), cursorAt: r.cursorAt, cursorId: r.cursorId }));
  });
}

/** Calls and credits per day (in the filter's zone) per API, oldest day first: the usage chart. */
export async function apiUsageByDay(db: Db, s: FabricReportScope): Promise<ApiUsageDay[]> {
  const day = sql<string>`to_char(${fabricCalls.createdAt} AT TIME ZONE ${s.filter.timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      product: fabricCalls.product,
      calls: sql<number>`count(*)::int`,
      credits: sql<number>`coalesce(sum(${fabricCalls.credits}), 0)::int`,
    })
    .from(fabricCalls)
    .where(where(s))
    // By position: the day expression carries the zone as a parameter, and two parameters are not one expression.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((r) => ({
    date: r.date,
    api_name: apiNameOf(r.product),
    calls: r.calls,
    credits: r.credits,
  }));
}
