import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { createServer } from './server.ts';

const KEYS_DIR = join(import.meta.dirname, '..', '..', '..', '.tmp', 'openapi-keys');

/**
 * The OpenAPI document exactly as `/docs/json` serves it, from the real app on an empty in-memory database
 * (no jobs, no seed, nothing listens). `PUBLIC_URL` defaults to the documented local origin so that the
 * document does not depend on the machine. Used by `npm run openapi:lint` and `npm run sdk:generate`.
 */
export async function openapiDocument(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  mkdirSync(KEYS_DIR, { recursive: true });
  const config = loadConfig({
    DATA_DIR: KEYS_DIR,
    JOBS: 'off',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const handle = await openDatabase({ dataDir: null });
  const server = await createServer(config, { handle, webDist: null, logger: false });
  try {
    await server.app.ready();
    return server.app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await server.close();
  }
}
