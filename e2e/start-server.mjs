// Starts the real server for the browser tests on a fresh data directory and copies its log to
// .tmp/e2e-server.log, where tests read one-time codes printed by the console SMS sender.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, '.tmp');
const dataDir = join(tmp, 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const log = createWriteStream(join(tmp, 'e2e-server.log'));
// The server runs with the V8 settings npm start gives it.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/main.ts')], {
  env: {
    ...process.env,
    ...SERVER_ENV,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    RATE_LIMIT_SIGNIN_PER_IP: '10000',
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000',
    RATE_LIMIT_VERIFY_PER_IP: '10000',
    // The sandbox rail settles in 0.2–0.5 s instead of 2–5 s (the jobs poll every 0.5 s): the journeys wait for
    // payouts, a bulk and a settlement to finish, never for a state in between.
    RAIL_TIME_SCALE: '0.1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(log);
child.stderr.pipe(process.stderr);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
