import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FabricProductSlug } from '@meridian/contract/fabric';
import { queryRows, type Db } from '../db/database.ts';
import { companyMeters, creditAccounts } from '../db/schema.ts';

/**
 * A company's API meter: the price of one call of a fabric product for that company. A product without a row
 * costs its default price (the product's own, from fabric's registry); a row sets the company's price (0 = free).
 * The charge reads the row inside its one statement (`meterPriceSql`), so a change applies to the very next call
 * in every process, with nothing cached.
 */
export type Prices = Partial<Record<FabricProductSlug, number>>;

/** SQL for the price one call of `product` costs the client: its meter's price, else `defaultPrice`. */
export function meterPriceSql(clientRef: number, product: string, defaultPrice: number): SQL {
  return sql`COALESCE((SELECT price FROM ${companyMeters}
    WHERE client_ref = ${clientRef} AND product = ${product}), ${defaultPrice}::int)`;
}

/** The price of one call of `product` for the client (one read: the transactional path of a call). */
export async function meterPrice(
  db: Db,
  clientRef: number,
  product: string,
  defaultPrice: number,
): Promise<number> {
  const [row] = await db
    .select({ price: companyMeters.price })
    .from(companyMeters)
    .where(and(eq(companyMeters.clientRef, clientRef), eq(companyMeters.product, product)));
  return row?.price ?? defaultPrice;
}

/** The company's own prices (products with a meter row only). */
export async function companyPrices(db: Db, clientRef: number): Promise<Prices> {
  const rows = await db
    .select({ product: companyMeters.product, price: companyMeters.price })
    .from(companyMeters)
    .where(eq(companyMeters.clientRef, clientRef));
  return Object.fromEntries(rows.map((r) => [r.product, r.price])) as Prices;
}

/** Every offered product's price for the client: its company price where set, else the default. */
export async function effectivePrices(db: Db, clientRef: number, defaults: Prices): Promise<Prices> {
  const own = await companyPrices(db, clientRef);
  return Object.fromEntries(
    Object.entries(defaults).map(([product, price]) => [product, own[product as FabricProductSlug] ?? price]),
  ) as Prices;
}

/** Sets (a number) or clears (null: back to the default) the client's prices inside the caller's transaction. */
export async function setCompanyPrices(
  tx: Db,
  input: { clientRef: number; prices: Partial<Record<FabricProductSlug, number | null>>; actor: string },
): Promise<void> {
  const entries = Object.entries(input.prices) as [FabricProductSlug, number | null][];
  const cleared = entries.filter(([, price]) => price === null).map(([product]) => product);
  if (cleared.length)
    await tx
      .delete(companyMeters)
      .where(and(eq(companyMeters.clientRef, input.clientRef), inArray(companyMeters.product, cleared)));
  for (const [product, price] of entries) {
    if (price === null) continue;
    await tx
      .insert(companyMeters)
      .values({ clientRef: input.clientRef, product, price, updatedBy: input.actor })
      .onConflictDoUpdate({
        target: [companyMeters.clientRef, companyMeters.product],
        set: { price, updatedBy: input.actor, updatedAt: sql`now()` },
      });
  }
}

/** The client's balance and the price of one call of `product` for it, in one read (a call's pre-check). */
export async function balanceAndPrice(
  db: Db,
  clientRef: number,
  product: string,
  defaultPrice: number,
): Promise<{ balance: number; price: number }> {
  const [row] = await queryRows<{ balance: string | number | null; price: string | number }>(
    db,
    sql`SELECT (SELECT balance FROM ${creditAccounts} WHERE client_ref = ${clientRef}) AS balance,
      ${meterPriceSql(clientRef, product, defaultPrice)} AS price`,
  );
  return { balance: Number(row?.balance ?? 0), price: Number(row?.price ?? defaultPrice) };
}
