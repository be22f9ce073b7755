// Helpers shared by the start and test scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

/**
 * Makes a fresh clone runnable with one command: installs dependencies when they are missing or older than the
 * lock file, then re-runs this script on the project's Node 24 (the root devDependency `node@24`) when the
 * system Node is older.
 */
export function bootstrap() {
  const installed = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
    const code = run('npm', ['install', '--no-audit', '--no-fund']);
    if (code !== 0) process.exit(code);
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  const node24 = join(root, 'node_modules/node/bin/node');
  if (!existsSync(node24)) {
    console.error(
      `Node ${process.version} is too old and node_modules/node (Node 24) is missing: run npm install.`,
    );
    process.exit(1);
  }
  const bin = join(root, 'node_modules/.bin');
  const res = spawnSync(node24, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });
  process.exit(res.status ?? 1);
}

/**
 * Runs a command with inherited output; answers its exit code.
 * @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [opts]
 */
export function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  return res.status ?? 1;
}

/** @param {string} path @returns {number} */
function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the web app's production build is missing or older than its sources. */
export function webBuildIsStale() {
  const web = join(root, 'apps/web');
  const built = join(web, 'dist/index.html');
  if (!existsSync(built)) return true;
  const sources = [
    'src',
    'public',
    'index.html',
    'auth.html',
    'build',
    'vite.config.ts',
    '../../packages/contract/src',
  ].map((p) => join(web, p));
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(built).mtimeMs;
}
