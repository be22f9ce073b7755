import { eq } from 'drizzle-orm';
import type { CompanyModes, TestDataDeleted } from '@meridian/contract/modes';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { clients } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { flush as flushRequestLog } from '../request-log/recorder.ts';
import { deleteTenantData } from './test-data.ts';

/**
 * A company's two modes: whether Meridian operations opened its live mode, whether it has a test mode, and
 * "Delete all test data".
 */

const TEST_MODE_UNAVAILABLE = () =>
  new AppError(403, 'test_mode_unavailable', 'Your company has no test mode: use live mode');

/** The modes the company has, read fresh (the switch and the closed-live notice show them). */
export async function companyModes(db: Db, companyRef: number): Promise<CompanyModes> {
  const [company] = await db
    .select({ open: clients.liveModeEnabled })
    .from(clients)
    .where(eq(clients.id, companyRef));
  const [test] = await db.select({ id: clients.id }).from(clients).where(eq(clients.companyRef, companyRef));
  return { live_mode_enabled: company?.open ?? false, test_mode_available: test !== undefined };
}

/**
 * Deletes every record of the company's test mode in one transaction, keeping its configuration (test-data.ts);
 * live data is never touched. The test tenant's row is locked first (`FOR UPDATE`, which also holds off every
 * test write that would reference it until the end). Audited `company.test_data_deleted` in test mode with the
 * counts. 403 `test_mode_unavailable` for a company without a test mode.
 */
export async function deleteTestData(db: Db, actor: Actor, companyRef: number): Promise<TestDataDeleted> {
  // The request log's lines this process still holds are written first: the test calls just made go too.
  await flushRequestLog();
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyRef, companyRef))
      .for('update');
    if (!test) throw TEST_MODE_UNAVAILABLE();
    const deleted = await deleteTenantData(tx, test.id);
    const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    const [company] = await tx
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(eq(clients.id, companyRef));
    await auditBy(
      tx,
      { ...actor, clientRef: test.id, companyRef, livemode: false },
      'company.test_data_deleted',
      company!.clientId,
      { deleted, total },
    );
    return { deleted, total };
  });
}
