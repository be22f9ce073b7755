import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FabricProductSlug } from '@meridian/contract/fabric';
import type { LiveModeAnswer } from '@meridian/contract/modes';
import type {
  CompanyMeter as CompanyMeterSchema,
  CreditAdjustment,
  CreditAdjustmentResult,
  UpdateCompanyMeter,
} from '@meridian/contract/accounts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { adjustCredits } from '../credits/credits.ts';
import { companyPrices, setCompanyPrices } from '../credits/meters.ts';
import type { Db } from '../db/database.ts';
import { clients } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import type { FabricRegistry } from '../fabric/registry.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { companyByClientId } from './queries.ts';

/**
 * Meridian operations' writes on a company: credit loads and unloads, its API meter, its live mode. Each is audited
 * in THAT company's audit log, with the operations user's e-mail as the actor (the user belongs to Meridian's own
 * client, so no user_ref is kept there).
 */
type CompanyMeter = z.infer<typeof CompanyMeterSchema>;

const inCompanyLog = (ops: Actor, companyRef: number): Actor => ({
  clientRef: companyRef,
  userRef: null,
  email: ops.email,
  meta: ops.meta,
  ...(ops.onBehalfOf ? { onBehalfOf: ops.onBehalfOf } : {}),
});

/**
 * A LOAD or UNLOAD with its reason, inside the caller's transaction (the idempotency record's). The reference is
 * new unless given (the demo seed's fixed one): an operation with that reference applied before is 409.
 */
export async function adjustCompanyCredits(
  tx: Db,
  ops: Actor,
  kind: 'LOAD' | 'UNLOAD',
  input: CreditAdjustment,
  reference = newId('CRO'),
): Promise<z.infer<typeof CreditAdjustmentResult>> {
  const company = await companyByClientId(tx, input.client_id);
  const applied = await adjustCredits(tx, {
    clientRef: company.id,
    kind,
    credits: input.credits,
    reason: input.reason,
    reference,
    actor: ops.email,
  });
  // A new reference is never applied twice (the API's replays are answered by the idempotency record).
  if (!applied)
    throw new AppError(409, 'already_applied', `The credit operation ${reference} was already applied`);
  await auditBy(
    tx,
    inCompanyLog(ops, company.id),
    kind === 'LOAD' ? 'credits.loaded' : 'credits.unloaded',
    company.clientId,
    { credits: input.credits, reason: input.reason, balance_after: applied.balance, reference },
  );
  return {
    client_id: company.clientId,
    credits: applied.balance,
    operation: {
      kind,
      credits: kind === 'LOAD' ? input.credits : -input.credits,
      balance_after: applied.balance,
      reference,
      reason: input.reason,
      actor: ops.email,
      livemode: (await tenantOf(tx, company.id)).livemode,
      created_at: applied.at.toISOString(),
    },
  };
}

function meterOf(
  clientId: string,
  registry: FabricRegistry,
  own: Partial<Record<FabricProductSlug, number>>,
): CompanyMeter {
  return {
    client_id: clientId,
    data: registry.products.map((p) => {
      const price = own[p.slug];
      return {
        product: p.slug,
        price: price ?? p.price,
        default_price: p.price,
        is_default: price === undefined,
      };
    }),
  };
}

/** Every offered product's price for the company: its own where set, else the product's default. */
export async function companyMeter(
  db: Db,
  registry: FabricRegistry,
  clientId: string,
): Promise<CompanyMeter> {
  const company = await companyByClientId(db, clientId);
  return meterOf(company.clientId, registry, await companyPrices(db, company.id));
}

/**
 * Sets the company's prices (null: back to the default) inside the caller's transaction; a product this server
 * does not offer is 400. Audited with each changed product's price before and after (null = the default).
 */
export async function updateCompanyMeter(
  tx: Db,
  ops: Actor,
  registry: FabricRegistry,
  clientId: string,
  input: z.infer<typeof UpdateCompanyMeter>,
): Promise<CompanyMeter> {
  const company = await companyByClientId(tx, clientId);
  const entries = Object.entries(input.prices) as [FabricProductSlug, number | null | undefined][];
  const unknown = entries.filter(([slug]) => !registry.get(slug)).map(([slug]) => slug);
  if (unknown.length)
    throw badRequest(
      `Unknown product: ${unknown.join(', ')}`,
      Object.fromEntries(unknown.map((slug) => [`prices.${slug}`, 'is not a product of this server'])),
    );
  const before = await companyPrices(tx, company.id);
  const changes = Object.fromEntries(
    entries.filter(([slug, price]) => price !== undefined && (before[slug] ?? null) !== price),
  ) as Partial<Record<FabricProductSlug, number | null>>;
  const changed = Object.keys(changes) as FabricProductSlug[];
  if (changed.length) {
    await setCompanyPrices(tx, { clientRef: company.id, prices: changes, actor: ops.email });
    await auditBy(tx, inCompanyLog(ops, company.id), 'credits.meter_updated', company.clientId, {
      before: Object.fromEntries(changed.map((slug) => [slug, before[slug] ?? null])),
      after: changes,
      default_prices: Object.fromEntries(changed.map((slug) => [slug, registry.get(slug)!.price])),
    });
  }
  return meterOf(company.clientId, registry, await companyPrices(tx, company.id));
}

/**
 * Opens or closes a company's live mode, inside the caller's transaction; audited `company.live_mode_enabled` or
 * `company.live_mode_disabled` (no mode: it is the company's) when it changes, and a no-op when it is already so.
 * The `clients_notify` trigger drops every process's cached sessions and keys of the company, so its members' next
 * live call sees the change (the caller awaits the caches before answering).
 */
export async function setLiveMode(
  tx: Db,
  ops: Actor,
  clientId: string,
  enabled: boolean,
): Promise<LiveModeAnswer> {
  const company = await companyByClientId(tx, clientId);
  if (company.liveModeEnabled !== enabled) {
    await tx.update(clients).set({ liveModeEnabled: enabled }).where(eq(clients.id, company.id));
    await auditBy(
      tx,
      { ...inCompanyLog(ops, company.id), companyRef: company.id, livemode: null },
      enabled ? 'company.live_mode_enabled' : 'company.live_mode_disabled',
      company.clientId,
      { live_mode_enabled: enabled, before: company.liveModeEnabled },
    );
  }
  return { client_id: company.clientId, company_name: company.name, live_mode_enabled: enabled };
}
