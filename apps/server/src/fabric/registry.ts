import type { FabricProductSlug } from '@meridian/contract/fabric';
import type { FabricProduct } from './product.ts';

/** The products a server offers, by slug. Production: `PRODUCTS` of products/index.ts; tests pass their own. */
export type FabricRegistry = {
  readonly products: readonly FabricProduct[];
  get(slug: string): FabricProduct | undefined;
  /** Credits per call of each offered product. */
  prices(): Partial<Record<FabricProductSlug, number>>;
};

export function fabricRegistry(products: readonly FabricProduct[]): FabricRegistry {
  const bySlug = new Map<string, FabricProduct>();
  for (const p of products) {
    if (bySlug.has(p.slug)) throw new Error(`fabric product ${p.slug} is registered twice`);
    if (!Number.isSafeInteger(p.price) || p.price < 0)
      throw new Error(`fabric product ${p.slug}: a price is a whole number of credits`);
    bySlug.set(p.slug, p);
  }
  return {
    products,
    get: (slug) => bySlug.get(slug),
    prices: () => Object.fromEntries(products.map((p) => [p.slug, p.price])),
  };
}
