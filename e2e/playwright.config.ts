import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * The journeys that move Acme's money (payouts, a bulk, an approved payout, a settlement, a penny drop's fee) run
 * one at a time: the payment-link journey expects the current account to move by exactly its amount.
 */
const MONEY = /[\\/](flow|trace|approvals|accounts)\.spec\.ts$/;

// Drives the production build served by the real server (fresh PGlite data dir, demo seed) in Debian's Chromium.
export default defineConfig({
  testDir: './tests',
  // A file's journeys run in order (some build on the one before: auth.spec's sign-in attempts); files run two at
  // a time, since a journey mostly waits (the sandbox rail, the jobs, the live tail) rather than computes
  // (E2E_WORKERS=1: one at a time).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'money', testMatch: MONEY, workers: 1 },
    { name: 'screens', testIgnore: MONEY },
  ],
  retries: process.env.CI ? 1 : 0,
  // Sized for a loaded machine: 2 cores shared by the server, two browsers and whatever else runs beside them
  // (the whole suite passes beside `stress-ng --cpu 2`). A journey waits for what its user waits for (a row, a
  // toast, a URL), never for a fixed time, so a generous limit costs nothing when the machine is quiet; it only
  // keeps a slow step from being read as a failure. A journey that is genuinely long says so with test.slow().
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // A failed journey keeps its trace (each action with the page's DOM) and a screenshot of its end. Without the
    // trace's film strip: screencasting every frame cost 4.7 s of CPU in 13 journeys (9.8 s without a trace,
    // 10.9 s without the film strip), on 2 cores shared with the server and a second browser.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `${BASE_URL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
