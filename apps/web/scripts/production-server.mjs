// Shared by the measuring scripts (bundle-size.mjs, lighthouse.mjs): the real server on the web app's production
// build (apps/web/dist), on a free port with a fresh embedded database and the demo seed, plus the demo sign-in.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The checkout whose server and build are measured: this one, or another given in MEASURE_ROOT (e.g. a build of
 * an older commit, for before/after figures).
 */
export const repoRoot = process.env.MEASURE_ROOT ?? join(import.meta.dirname, '..', '..', '..');
export const distDir = join(repoRoot, 'apps', 'web', 'dist');

/** The demo user without a one-time code (README, "Demo sign-ins"). */
export const DEMO_USER = { email: 'admin@acme.test', password: 'Meridian#Demo2026' };

/** Debian's Chromium with the flags that work on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `apps/server/src/main.ts` on the production build and waits for /health.
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startProductionServer() {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error('No apps/web/dist/index.html: run "npm run build -w apps/web" first.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-measure-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'apps', 'server', 'src', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (code ${child.exitCode}) before answering /health`);
    }
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, stop };
}
