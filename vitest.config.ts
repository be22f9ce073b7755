import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: unit tests (server), web unit tests (jsdom), and API tests that start the real server on a real
// database (a fresh PGlite per file, or a fresh PostgreSQL database per file when DATABASE_URL is set, each a copy
// of one migrated template that global-setup.ts builds once per run).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where a single worker left
    // the second core half idle; two took the API suite on PGlite from 543 s to 321 s before the other changes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          testTimeout: 60_000,
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/contract/src/**/*.test.ts',
            'scripts/house/*.test.ts',
          ],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Sized for a loaded machine (the suite passes beside `stress-ng --cpu 2`): a server's start on a fresh
          // database took up to ~80 s at a load average of 26.
          testTimeout: 90_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // The server runs on Node's own TypeScript support in production; the tests import it the same way
          // (no Vite transform), and each worker imports it once for all its files instead of once per file
          // (~5 s each). The files share nothing else: each has its own database and server, and the per-process
          // caches are emptied by createServer (src/lib/process-cache.ts; test/process-caches.test.ts).
          experimental: { viteModuleRunner: false },
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
