// Helpers shared by the start and test scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

/** Every npm script must run on Node 24 (the root devDependency `node@24`), not the system Node. */
export function assertNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(
      `Node ${process.version} is running this script; run it through npm (npm start / npm test) so Node 24 is used.`,
    );
    process.exit(1);
  }
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
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', '../../packages/contract/src'].map((p) =>
    join(web, p),
  );
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(built).mtimeMs;
}
