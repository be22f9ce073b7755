// `npm test`: every check of the repository — lint and format, typecheck, the OpenAPI lint, SDK drift and the
// production build with its delivery budgets (these two at a time, each one's output printed whole when it
// ends), then the unit tests, the API suite on PGlite and (when DATABASE_URL is set) again on PostgreSQL, and the
// browser tests against the build. Stops at the first failing step.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { bootstrap, root, run } from './lib.mjs';

bootstrap();
const env = { ...process.env };
const pgUrl = env.DATABASE_URL;
delete env.DATABASE_URL;

/** @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string> }} Step */
/** @type {(name: string, cmd: string, args: string[], env?: Record<string, string>) => Step} */
const step = (name, cmd, args, env) => ({ name, cmd, args, ...(env ? { env } : {}) });

/**
 * Steps that read the sources and write nothing another one reads; each inner list runs in order. The longest
 * first (the build with its budgets, the web typecheck), so that no worker is left alone with a long one at the end.
 */
const checks = [
  [
    step('web build', 'npm', ['run', 'build', '-w', 'apps/web']),
    // Bytes and requests a browser receives for /sign-in, /flow and /flow/payouts, against their budgets.
    step('web delivery budgets', 'npm', ['run', 'size', '-w', 'apps/web', '--', '--check']),
  ],
  [step('typecheck apps/web', 'npx', ['tsc', '-p', 'apps/web'])],
  [step('lint', 'npx', ['eslint', '.', '--max-warnings=0'])],
  [step('format', 'npx', ['prettier', '--check', '.'])],
  ...['apps/server', 'scripts', 'packages/sdk'].map((p) => [step(`typecheck ${p}`, 'npx', ['tsc', '-p', p])]),
  // The OpenAPI document as /docs/json serves it: Redocly's recommended rules, 0 errors and 0 warnings.
  [step('OpenAPI lint', 'node', ['apps/server/scripts/openapi-lint.ts'])],
  // packages/sdk's generated types match the document (else: run npm run sdk:generate).
  [step('SDK drift', 'node', ['packages/sdk/scripts/generate.ts', '--check'])],
  ...['e2e', 'packages/contract'].map((p) => [step(`typecheck ${p}`, 'npx', ['tsc', '-p', p])]),
];

const suites = [
  step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']),
  step('API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api']),
];
if (pgUrl)
  suites.push(
    step('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { DATABASE_URL: pgUrl }),
  );
else if (env.CI) {
  console.error('CI must run the API suite on PostgreSQL: set DATABASE_URL (.ci/run does).');
  process.exit(1);
} else console.log('note: DATABASE_URL is not set, so the API suite runs on PGlite only.');
suites.push(step('browser tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts']));

/** @type {string[]} */
const timings = [];
const started = Date.now();
/** @param {string} name @param {number} code @returns {never} */
function fail(name, code) {
  console.error(`\nFAILED: ${name} (exit ${code})\n${timings.join('\n')}`);
  process.exit(code);
}

/**
 * Runs one step with its output captured. @param {Step} s
 * @returns {Promise<{ code: number, output: string }>}
 */
function runCaptured(s) {
  return new Promise((resolve) => {
    const child = spawn(s.cmd, s.args, {
      cwd: root,
      env: { ...env, ...s.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(out).toString() }));
  });
}

// The checks two (or cores − 1) at a time: each is one process that mostly keeps one core busy.
const queue = [...checks];
/** The first failed check, if any. @type {{ failed: { name: string, code: number } | null }} */
const result = { failed: null };
async function worker() {
  for (let chain = queue.shift(); chain && !result.failed; chain = queue.shift()) {
    for (const s of chain) {
      const t0 = Date.now();
      const { code, output } = await runCaptured(s);
      timings.push(`${s.name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      console.log(`\n$ ${[s.cmd, ...s.args].join(' ')}\n${output.trimEnd()}`);
      if (code !== 0) {
        result.failed ??= { name: s.name, code };
        break;
      }
    }
  }
}
await Promise.all(Array.from({ length: Math.max(2, availableParallelism() - 1) }, worker));
if (result.failed) fail(result.failed.name, result.failed.code);
timings.push(`(the checks and the build, two at a time: ${((Date.now() - started) / 1000).toFixed(1)} s)`);

for (const { name, cmd, args, env: extraEnv } of suites) {
  const t0 = Date.now();
  const code = run(cmd, args, { env: { ...env, ...extraEnv } });
  timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (code !== 0) fail(name, code);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.\n${timings.join('\n')}`);
