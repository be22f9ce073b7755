import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Company, CreditOperationRow } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { clients, creditAccounts, creditOperations, users } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { notFound } from '../http/errors.ts';

/**
 * Meridian operations' reads across every client (companies, their credit operations). These are the only
 * queries of the server that are not scoped to the caller's client: they sit behind the `ops` role.
 */
export type CompanyFilter = {
  search?: string | undefined;
  consumerType?: Company['consumer_type'] | undefined;
};
export type Page = { limit: number; offset: number };

function companyWhere(f: CompanyFilter): SQL | undefined {
  const search = f.search?.trim();
  return and(
    // Companies only: a company's test mode is a tenant under it, not a client of Meridian.
    isNull(clients.companyRef),
    search
      ? or(
          sql`strpos(lower(${clients.companyCommonName}), lower(${search})) > 0`,
          eq(clients.clientId, search),
        )
      : undefined,
    f.consumerType ? eq(clients.kind, f.consumerType) : undefined,
  );
}

/** Every client Meridian has, newest first, with its credits (0 before any load) and its number of users. */
export async function listCompanies(db: Db, f: CompanyFilter, page: Page): Promise<Company[]> {
  const rows = await db
    .select({
      clientId: clients.clientId,
      name: clients.companyCommonName,
      urn: clients.companyUrn,
      kind: clients.kind,
      createdAt: clients.createdAt,
      liveModeEnabled: clients.liveModeEnabled,
      credits: sql<string | number>`coalesce(${creditAccounts.balance}, 0)`,
      users: sql<string | number>`(SELECT count(*) FROM ${users} WHERE ${users.clientRef} = ${clients.id})`,
    })
    .from(clients)
    .leftJoin(creditAccounts, eq(creditAccounts.clientRef, clients.id))
    .where(companyWhere(f))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    client_id: r.clientId,
    company_name: r.name,
    company_urn: r.urn,
    consumer_type: r.kind === 'internal' ? 'internal' : 'customer',
    credits: Number(r.credits),
    users: Number(r.users),
    live_mode_enabled: r.liveModeEnabled,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function countCompanies(db: Db, f: CompanyFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<string | number>`count(*)` })
    .from(clients)
    .where(companyWhere(f));
  return Number(row?.count ?? 0);
}

/** A client by its public id, or 404. */
export async function companyByClientId(
  db: Db,
  clientId: string,
): Promise<{ id: number; clientId: string; name: string; liveModeEnabled: boolean }> {
  const [row] = await db
    .select({
      id: clients.id,
      clientId: clients.clientId,
      name: clients.companyCommonName,
      liveModeEnabled: clients.liveModeEnabled,
    })
    .from(clients)
    .where(and(eq(clients.clientId, clientId), isNull(clients.companyRef)));
  if (!row) throw notFound(`No company with client_id ${clientId}`);
  return row;
}

export const toCreditOperationRow = (r: typeof creditOperations.$inferSelect): CreditOperationRow => ({
  kind: r.kind as CreditOperationRow['kind'],
  credits: r.credits,
  balance_after: r.balanceAfter,
  reference: r.reference,
  reason: r.reason,
  actor: r.actor,
  livemode: livemodeOf(r.clientRef),
  created_at: r.createdAt.toISOString(),
});

/** A client's credit operations, newest first (by the client's created_at index). */
export async function listCreditOperations(
  db: Db,
  clientRef: number,
  page: Page,
): Promise<CreditOperationRow[]> {
  await tenantOf(db, clientRef); // a staff member's request meets only the staff's own tenant
  const rows = await db
    .select()
    .from(creditOperations)
    .where(eq(creditOperations.clientRef, clientRef))
    .orderBy(desc(creditOperations.createdAt), desc(creditOperations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toCreditOperationRow);
}

export async function countCreditOperations(db: Db, clientRef: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string | number>`count(*)` })
    .from(creditOperations)
    .where(eq(creditOperations.clientRef, clientRef));
  return Number(row?.count ?? 0);
}
