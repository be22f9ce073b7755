import { eq } from 'drizzle-orm';
import type { FeatureFlags } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import { clientFeatures } from '../db/schema.ts';
import { companyOf } from '../db/tenants.ts';
import { AppError } from '../http/errors.ts';

/**
 * A company's switches (the same in both modes; `clientRef`: the company or one of its modes); a company without a
 * row gets the defaults (dashboard payouts on, bulk off).
 */
export async function featureFlags(db: Db, clientRef: number): Promise<FeatureFlags> {
  const companyRef = await companyOf(db, clientRef);
  const [row] = await db.select().from(clientFeatures).where(eq(clientFeatures.clientRef, companyRef));
  return {
    frontend_payout: row?.frontendPayout ?? true,
    bulk_frontend_payout: row?.bulkFrontendPayout ?? false,
  };
}

export async function setFeatureFlags(db: Db, clientRef: number, flags: FeatureFlags): Promise<void> {
  const values = { frontendPayout: flags.frontend_payout, bulkFrontendPayout: flags.bulk_frontend_payout };
  await db
    .insert(clientFeatures)
    .values({ clientRef: await companyOf(db, clientRef), ...values })
    .onConflictDoUpdate({ target: clientFeatures.clientRef, set: values });
}

/** Dashboard payouts need the flag; the API itself is not gated. */
export async function requireFrontendPayout(db: Db, clientRef: number): Promise<void> {
  if (!(await featureFlags(db, clientRef)).frontend_payout)
    throw new AppError(
      403,
      'feature_disabled',
      'Payouts from the dashboard are not enabled for your account',
    );
}

/** Bulk payouts from the dashboard (validate and submit) need the client's `bulk_frontend_payout` flag. */
export async function requireBulkFrontendPayout(db: Db, clientRef: number): Promise<void> {
  if (!(await featureFlags(db, clientRef)).bulk_frontend_payout)
    throw new AppError(
      403,
      'feature_disabled',
      'Bulk payouts are not enabled for your account: ask Meridian to turn on bulk payouts from the dashboard',
    );
}
