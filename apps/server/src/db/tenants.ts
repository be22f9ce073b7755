import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import { clients, creditAccounts } from './schema.ts';

/**
 * Tenants and modes. Every data row points at a tenant (`client_ref`): a company's row is its live mode, and its
 * test mode is a tenant of its own under it (`clients.company_ref`). A tenant's mode and company never change, so
 * this process remembers them once seen (the guard, `tenantOf`, the start's `loadTenants`) and `livemodeOf` answers
 * without a query where a record is written out.
 */
export type Tenant = { ref: number; companyRef: number; livemode: boolean };

const known = new Map<number, Tenant>();

const remember = (row: { id: number; companyRef: number | null; livemode: boolean }): Tenant => {
  const tenant = { ref: row.id, companyRef: row.companyRef ?? row.id, livemode: row.livemode };
  known.set(tenant.ref, tenant);
  return tenant;
};

const tenantColumns = { id: clients.id, companyRef: clients.companyRef, livemode: clients.livemode };

/** Remembers every tenant (at start: a few rows per company). */
export async function loadTenants(db: Db): Promise<void> {
  for (const row of await db.select(tenantColumns).from(clients)) remember(row);
}

/** A tenant's mode and company (a query the first time this process meets it). */
export async function tenantOf(db: Db, ref: number): Promise<Tenant> {
  const hit = known.get(ref);
  if (hit) return hit;
  const [row] = await db.select(tenantColumns).from(clients).where(eq(clients.id, ref));
  if (!row) throw new Error(`No tenant ${ref}`);
  return remember(row);
}

/** The company of a tenant (itself for a company): what both modes share keys on it. */
export const companyOf = async (db: Db, ref: number): Promise<number> => (await tenantOf(db, ref)).companyRef;

/** Remembers a tenant read elsewhere (the guard reads its session's or key's tenant with the caller). */
export const rememberTenant = remember;

/**
 * Whether a record of tenant `ref` is live (`livemode` in every answer, event and callback body). The tenant must
 * have been met by this process: the guard meets the caller's, `tenantOf` any other; a miss is a programming
 * error, never a guess.
 */
export function livemodeOf(ref: number): boolean {
  const tenant = known.get(ref);
  if (!tenant)
    throw new Error(`Tenant ${ref} not loaded: await tenantOf(db, ${ref}) before writing its records out`);
  return tenant.livemode;
}

/** The test allowance of fabric credits a test mode starts with (and gets back when its data is deleted). */
export const TEST_MODE_CREDITS = 100_000;

/**
 * The test-mode tenant of a company, made if missing (idempotent, race-safe: one per company by a unique index):
 * "<Company> (test mode)", its own public ids, a credit account with the test allowance.
 */
export async function ensureTestTenant(db: Db, companyRef: number): Promise<Tenant> {
  const [company] = await db.select().from(clients).where(eq(clients.id, companyRef));
  if (!company || company.companyRef !== null) throw new Error(`No company ${companyRef}`);
  await db
    .insert(clients)
    .values({
      // `CLI` + 26 characters, as every client id (migration 0023 makes the first ones the same way).
      clientId: sql`'CLI' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26))`,
      companyCommonName: `${company.companyCommonName} (test mode)`,
      kind: company.kind,
      companyRef,
      livemode: false,
    })
    .onConflictDoNothing({ target: clients.companyRef, where: sql`${clients.companyRef} IS NOT NULL` });
  const [row] = await db
    .select(tenantColumns)
    .from(clients)
    .where(and(eq(clients.companyRef, companyRef)));
  await db
    .insert(creditAccounts)
    .values({ clientRef: row!.id, balance: TEST_MODE_CREDITS })
    .onConflictDoNothing();
  return remember(row!);
}
