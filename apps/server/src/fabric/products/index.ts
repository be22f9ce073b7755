import type { FabricProduct } from '../product.ts';

/**
 * The products the server offers: one file each in this folder, listed here. Adding a product is adding its
 * file (a `FabricProduct`, fabric/product.ts) and its line below; the pipeline (fabric/pipeline.ts) gives it
 * its public endpoint `POST /v2/fabric/{slug}`, the key or session check, the credits, the masked log, the
 * events and callbacks; its log screen's search, count and export exist for every slug already. A slug may be
 * listed once (the registry refuses duplicates at start).
 */
export const PRODUCTS: readonly FabricProduct[] = [];
