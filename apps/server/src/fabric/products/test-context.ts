import type { FabricProduct, ProductContext, ProductOutcome } from '../product.ts';

/**
 * A tiny in-memory stand-in for the pipeline's call log, for products' unit tests: runs a product as the
 * pipeline would (body parsed by its schema) and keeps each call's status, keys and state, so that
 * `findCall` / `saveState` behave like the real ones for one client (earliest call with the key first).
 */
export function fakePipeline(start = new Date('2026-11-23T06:00:00Z')) {
  type Kept = {
    urn: string;
    slug: string;
    status: string;
    state: Record<string, unknown>;
    keys: Record<string, string>;
  };
  const calls: Kept[] = [];
  let clock = start;
  let n = 0;
  const context = (urn: string, slug: string): ProductContext => ({
    db: null as never,
    clientRef: 1,
    urn,
    now: clock,
    publicUrl: 'https://dashboard.example.test',
    provider: 'meridian',
    async findCall(key, value) {
      const c = calls.find(
        (k) => k.slug === slug && (key === 'urn' ? k.urn === value : k.keys[key] === value),
      );
      return c ? { urn: c.urn, status: c.status, state: structuredClone(c.state) } : null;
    },
    async saveState(target, state) {
      const c = calls.find((k) => k.urn === target);
      if (!c) throw new Error(`no call ${target}`);
      c.state = structuredClone(state);
    },
    async replaceState(target, expected, next) {
      const c = calls.find((k) => k.urn === target);
      if (!c) throw new Error(`no call ${target}`);
      if (JSON.stringify(c.state) !== JSON.stringify(expected)) return false;
      c.state = structuredClone(next);
      return true;
    },
  });
  return {
    calls,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    async call(product: FabricProduct, body: unknown): Promise<ProductOutcome & { urn: string }> {
      const urn = `MRDNTEST${String(++n).padStart(4, '0')}`;
      const parsed = product.body.parse(body);
      const outcome = await product.run(parsed, context(urn, product.slug));
      calls.push({
        urn,
        slug: product.slug,
        status: outcome.status,
        state: structuredClone(outcome.state ?? {}),
        keys: { ...(outcome.keys ?? {}) } as Record<string, string>,
      });
      return { ...outcome, urn };
    },
  };
}
