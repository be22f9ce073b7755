import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';
import { helpArticles } from './build/help-articles';

export default defineConfig({
  plugins: [helpArticles()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Each file in a fresh VM context of a reused worker: as isolated as a process per file (vi.mock, module
    // state), at a third of the time (no new process importing React and jsdom again for each of 64 files).
    pool: 'vmThreads',
    setupFiles: ['src/test/web-crypto.ts', 'src/test/timeouts.ts'],
    // Sized for a loaded machine (the suite passes beside `stress-ng --cpu 2`); a test ends when its states are reached.
    testTimeout: 60_000,
  },
});
