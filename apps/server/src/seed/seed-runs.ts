import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { seedRuns } from '../db/schema.ts';

/**
 * A seed that ran to the end is recorded in `seed_runs` with a fingerprint of its code (this folder's source
 * files) and its options. A start finds it with one query and skips the seed; a change to the seed's code or
 * options (another port, SEED_DEMO_FLOW…) runs it again, once (every seed step is idempotent: it adds only what
 * is missing).
 */
export type SeedRun = { name: string; fingerprint: string };

let sources: string | undefined;
/** The seed's source files (this folder, tests left out), read once per process. */
function seedSources(): string {
  if (sources === undefined) {
    const dir = import.meta.dirname;
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort();
    sources = files.map((f) => `${f}\n${readFileSync(join(dir, f), 'utf8')}`).join('\n');
  }
  return sources;
}

/** The run of seed `name` with these options and the current code. */
export function seedRun(name: string, options: unknown): SeedRun {
  const fingerprint = createHash('sha256')
    .update(seedSources())
    .update(JSON.stringify(options) ?? '')
    .digest('hex');
  return { name, fingerprint };
}

/** Whether this run (same code, same options) finished already. */
export async function seedFinished(db: Db, run: SeedRun): Promise<boolean> {
  const [row] = await db
    .select({ fingerprint: seedRuns.fingerprint })
    .from(seedRuns)
    .where(eq(seedRuns.name, run.name));
  return row?.fingerprint === run.fingerprint;
}

/** Records that this run finished. */
export async function recordSeedRun(db: Db, run: SeedRun): Promise<void> {
  await db
    .insert(seedRuns)
    .values({ name: run.name, fingerprint: run.fingerprint })
    .onConflictDoUpdate({
      target: seedRuns.name,
      set: { fingerprint: run.fingerprint, finishedAt: new Date() },
    });
}
