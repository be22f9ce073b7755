import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/database.ts';
import {
  accountNumbers,
  accounts,
  apiKeys,
  approvalDecisions,
  approvalRequests,
  approvalRules,
  auditLog,
  beneficiaries,
  bulkFiles,
  bulkLineItems,
  bulks,
  callbackAttempts,
  callbackConfigs,
  callbackDeliveries,
  callbackReplays,
  clientFeatures,
  clientSequences,
  companyMeters,
  creditAccounts,
  creditOperations,
  events,
  fabricCalls,
  idempotencyKeys,
  invitations,
  ipAllowlistEntries,
  ledgerEntries,
  ledgerPostings,
  mandateEvents,
  mandatePresentations,
  mandates,
  paymentLinkAttempts,
  paymentLinks,
  payoutEvents,
  payouts,
  reportChunks,
  reports,
  reportSchedules,
  requestLog,
  roles,
  savedViews,
  settlementAccounts,
  settlementCycles,
  settlements,
  supportTickets,
  users,
  validations,
  virtualAccountCredits,
  virtualAccounts,
} from '../db/schema.ts';
import { TEST_MODE_CREDITS } from '../db/tenants.ts';

/**
 * What "Delete all test data" does to a company's test tenant, table by table. Every table with a `client_ref`
 * is in exactly one list below (test/test-data.test.ts checks the schema, so a new table cannot be forgotten).
 */

/** Test data: every row of the test tenant is deleted, children before their parents (the order of the deletes). */
export const TEST_DATA_TABLES: readonly PgTable[] = [
  approvalDecisions,
  approvalRequests,
  bulkLineItems,
  bulkFiles,
  bulks,
  paymentLinkAttempts,
  paymentLinks,
  mandatePresentations,
  mandateEvents,
  mandates,
  settlements,
  virtualAccountCredits,
  virtualAccounts,
  payoutEvents,
  payouts,
  validations,
  beneficiaries,
  ledgerPostings,
  ledgerEntries,
  callbackAttempts,
  callbackDeliveries,
  callbackReplays,
  events,
  fabricCalls,
  creditOperations,
  reportChunks,
  reports,
  idempotencyKeys,
  requestLog,
];

/**
 * The ledger's accounts: a virtual account's ledger account and its number go with it; the current accounts
 * stay (their numbers too) with a balance of 0, which is the sum of their postings once the postings are gone.
 */
export const LEDGER_ACCOUNT_TABLES: readonly PgTable[] = [accounts, accountNumbers];

/**
 * The test configuration, kept: keys, callback URLs, approval rules, report schedules, saved views, meters, the
 * settlement account and cycles, the numbering (fabric's `event_seq` resume must never replay an id), and the
 * credit account (back to the test allowance).
 */
export const TEST_CONFIG_TABLES: readonly PgTable[] = [
  apiKeys,
  callbackConfigs,
  approvalRules,
  reportSchedules,
  savedViews,
  companyMeters,
  settlementAccounts,
  settlementCycles,
  clientSequences,
  creditAccounts,
];

/** What both modes share: keyed on the company, never on its test tenant, so never touched here. */
export const COMPANY_TABLES: readonly PgTable[] = [
  users,
  roles,
  invitations,
  auditLog,
  ipAllowlistEntries,
  supportTickets,
  clientFeatures,
];

const nameOf = (table: PgTable) => getTableConfig(table).name;

/** Deletes the tenant's rows of one table; answers how many. */
async function deleteRows(tx: Db, table: PgTable, tenantRef: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`WITH d AS (DELETE FROM ${table} WHERE client_ref = ${tenantRef} RETURNING 1) SELECT count(*) AS n FROM d`,
  );
  return Number(row?.n ?? 0);
}

/** The virtual accounts' ledger accounts and their numbers (after their postings and virtual accounts). */
async function deleteVirtualLedgerAccounts(
  tx: Db,
  tenantRef: number,
): Promise<{ accounts: number; account_numbers: number }> {
  const gone = await tx
    .delete(accounts)
    .where(and(eq(accounts.clientRef, tenantRef), ne(accounts.kind, 'client_current')))
    .returning({ number: accounts.accountNumber });
  const numbers = gone.map((a) => a.number);
  const freed = numbers.length
    ? await tx
        .delete(accountNumbers)
        .where(and(eq(accountNumbers.clientRef, tenantRef), inArray(accountNumbers.accountNumber, numbers)))
        .returning({ number: accountNumbers.accountNumber })
    : [];
  return { accounts: gone.length, account_numbers: freed.length };
}

/** The current accounts at 0 (no postings left) and the fabric credits back to the test allowance. */
async function resetBalances(tx: Db, tenantRef: number): Promise<void> {
  await tx
    .update(accounts)
    .set({ balance: 0n, updatedAt: sql`now()` })
    .where(and(eq(accounts.clientRef, tenantRef), eq(accounts.kind, 'client_current')));
  await tx
    .insert(creditAccounts)
    .values({ clientRef: tenantRef, balance: TEST_MODE_CREDITS })
    .onConflictDoUpdate({
      target: creditAccounts.clientRef,
      set: { balance: TEST_MODE_CREDITS, updatedAt: sql`now()` },
    });
}

/**
 * Deletes a test tenant's data inside the caller's transaction (which has locked the tenant's row, so no test
 * write lands in between): every table of `TEST_DATA_TABLES`, the virtual ledger accounts, then the balances
 * reset. Answers the rows deleted per table (tables with none left out).
 */
export async function deleteTenantData(tx: Db, tenantRef: number): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const table of TEST_DATA_TABLES) deleted[nameOf(table)] = await deleteRows(tx, table, tenantRef);
  Object.assign(deleted, await deleteVirtualLedgerAccounts(tx, tenantRef));
  await resetBalances(tx, tenantRef);
  return Object.fromEntries(Object.entries(deleted).filter(([, n]) => n > 0));
}
