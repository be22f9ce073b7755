import { and, eq, isNull, like } from 'drizzle-orm';
import { systemActor } from '../audit/actor.ts';
import { createApiKey } from '../api-keys/service.ts';
import { loadCredits } from '../credits/credits.ts';
import type { Db } from '../db/database.ts';
import { demoAgo } from './demo-time.ts';
import { apiKeys, creditOperations, fabricCalls } from '../db/schema.ts';
import { callProduct } from '../fabric/pipeline.ts';
import type { FabricProduct } from '../fabric/product.ts';
import { AppError } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';

const DAY = 86_400_000;
/** Demo credits: Acme Retail makes the demo calls; Globex Labs has a small balance (isolation). */
const DEMO_CREDITS: Record<string, number> = { 'Acme Retail': 10_000, 'Globex Labs': 500 };
const DEMO_KEY_NAME = 'Demo integration';

type DemoFabricOptions = {
  products: readonly FabricProduct[];
  calls: boolean;
  provider: string;
  publicUrl: string;
  now?: number;
};
type DemoCall = { product: FabricProduct; body: unknown };

/**
 * Fabric's demo data, through the same functions the API uses: credits loaded for each customer (once), and
 * for Acme Retail an API key ("Demo integration", its secret discarded) with which every registered product is
 * called through the real pipeline (charged, logged masked, events, callbacks) with each of its `demo` requests,
 * spread over the last week. Idempotent: the load has a fixed reference; a product's demo calls are made when the
 * client has none of them yet (customer references `DEMO-…`), so a product added later gets its own.
 */
export async function seedDemoFabric(
  db: Db,
  clients: { id: number; name: string }[],
  opts: DemoFabricOptions,
): Promise<Effects> {
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const client of clients) {
    const credits = DEMO_CREDITS[client.name];
    if (!credits) continue;
    await loadDemoCredits(db, client.id, credits, now);
    if (client.name !== 'Acme Retail' || !opts.calls) continue;
    const demos = await demosToCall(db, client.id, opts.products);
    if (!demos.length) continue;
    const actor = systemActor(client.id, 'demo-seed');
    const [existing] = await db
      .select({ keyId: apiKeys.keyId })
      .from(apiKeys)
      .where(
        and(eq(apiKeys.clientRef, client.id), eq(apiKeys.name, DEMO_KEY_NAME), isNull(apiKeys.revokedAt)),
      )
      .limit(1);
    const key = existing
      ? { key_id: existing.keyId }
      : await createApiKey(db, actor, { name: DEMO_KEY_NAME });
    effects = mergeEffects(effects, await callDemos(db, actor, key.key_id, demos, opts, now));
    // The key was in use over the week its calls span: created before the first, last used by the last.
    const first = new Date(demoAgo(now, 6.5 * DAY).getTime() - 60_000);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now), lastUsedIp: '127.0.0.1', ...(existing ? {} : { createdAt: first }) })
      .where(and(eq(apiKeys.clientRef, client.id), eq(apiKeys.keyId, key.key_id)));
  }
  return effects;
}

/** The client's demo credits, loaded once (a fixed reference). */
async function loadDemoCredits(db: Db, clientRef: number, credits: number, now: number): Promise<void> {
  const [loaded] = await db
    .select({ id: creditOperations.id })
    .from(creditOperations)
    .where(
      and(
        eq(creditOperations.clientRef, clientRef),
        eq(creditOperations.idempotencyKey, 'load:DEMO-CREDITS'),
      ),
    )
    .limit(1);
  if (!loaded)
    // Loaded before the week of demo calls it pays for, so the credit history never dips below zero.
    await loadCredits(db, {
      clientRef,
      credits,
      reference: 'DEMO-CREDITS',
      actor: 'demo-seed',
      at: new Date(now - 7 * DAY),
    });
}

/** The demo requests of the products that have no demo call yet (a product added later gets its own). */
async function demosToCall(
  db: Db,
  clientRef: number,
  products: readonly FabricProduct[],
): Promise<DemoCall[]> {
  const seeded = new Set(
    (
      await db
        .selectDistinct({ product: fabricCalls.product })
        .from(fabricCalls)
        .where(and(eq(fabricCalls.clientRef, clientRef), like(fabricCalls.customerReferenceNumber, 'DEMO-%')))
    ).map((r) => r.product),
  );
  return products
    .filter((product) => !seeded.has(product.slug))
    .flatMap((product) => (product.demo ?? []).map((body) => ({ product, body })));
}

/** Each demo request through the real pipeline with the demo key, spread over the last week. */
async function callDemos(
  db: Db,
  actor: ReturnType<typeof systemActor>,
  keyId: string,
  demos: DemoCall[],
  opts: DemoFabricOptions,
  now: number,
): Promise<Effects> {
  let effects = noEffects();
  for (const [i, { product, body }] of demos.entries()) {
    // Oldest first, the last ones today: over the last 7 days, a few minutes apart within a product.
    const at = demoAgo(now, ((demos.length - i) / Math.max(demos.length, 1)) * 6.5 * DAY, i);
    try {
      const { effects: e } = await callProduct(db, {
        caller: { clientRef: actor.clientRef, channel: 'api_key', apiKeyId: keyId, actor },
        product,
        body: {
          customer_reference_number: `DEMO-${product.slug}-${i + 1}`.slice(0, 40),
          ...(body as Record<string, unknown>),
        },
        provider: opts.provider,
        publicUrl: opts.publicUrl,
        at,
      });
      effects = mergeEffects(effects, e);
    } catch (err) {
      // A demo input the product refuses (4xx) is logged as REJECTED, which a log screen should show too.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
    }
  }
  return effects;
}
