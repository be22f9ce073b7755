import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { loadKeys } from '../src/config/keys.ts';
import { queryRows, type DatabaseHandle } from '../src/db/database.ts';
import { seedRuns } from '../src/db/schema.ts';
import { createServer } from '../src/server.ts';
import { freshDatabase } from './helpers.ts';

/**
 * The demo seed runs at the first start and records its run (seed_runs); a later start with the same seed (code
 * and options) skips it, and a start whose seed differs runs it again. What shows it: a demo user, which the seed
 * adds when it is missing.
 */
describe('demo seed at start', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-seed-runs-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JOBS: 'off',
    SEED_DEMO_FLOW: 'false',
    SEED_DEMO_APPROVALS: 'false',
  });
  const keys = loadKeys(config);
  const noSend = { name: 'test', send: async () => ({ id: null }) };

  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  /** Starts and stops the server on the shared database (left open). */
  const start = async () => {
    const server = await createServer(config, {
      handle: { ...handle, close: async () => {} },
      keys,
      sms: noSend,
      email: noSend,
      webDist: null,
    });
    await server.close();
  };
  // A demo user the seed adds when missing (nothing refers to it in this seed: no flow, no approvals).
  const DEMO_USER = 'analyst@acme.test';
  const demoUsers = async () =>
    (
      await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_USER}`,
      )
    )[0]!.n;
  const removeDemoUser = () => handle.db.execute(sql`DELETE FROM users WHERE email = ${DEMO_USER}`);
  const fingerprint = async () =>
    (await handle.db.select().from(seedRuns).where(eq(seedRuns.name, 'demo')))[0]?.fingerprint;

  it('runs at the first start and records its run', async () => {
    expect(await fingerprint()).toBeUndefined();
    await start();
    expect(await demoUsers()).toBe(1);
    expect(await fingerprint()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is skipped by a start with the same seed', async () => {
    const recorded = await fingerprint();
    await removeDemoUser();
    await start();
    expect(await demoUsers()).toBe(0);
    expect(await fingerprint()).toBe(recorded);
  });

  it('runs again when the seed differs from the one recorded', async () => {
    const recorded = await fingerprint();
    await handle.db.update(seedRuns).set({ fingerprint: 'an older seed' }).where(eq(seedRuns.name, 'demo'));
    await start();
    expect(await demoUsers()).toBe(1);
    expect(await fingerprint()).toBe(recorded);
  });
});
