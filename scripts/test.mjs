// `npm test`: every check of the repository, in order — lint and format, typecheck, unit tests, the API suite
// on PGlite and (when DATABASE_URL is set) again on PostgreSQL, then the production build, its delivery budgets
// and the browser tests against it. Stops at the first failing step.
import { bootstrap, run } from './lib.mjs';

bootstrap();
const env = { ...process.env };
const pgUrl = env.DATABASE_URL;
delete env.DATABASE_URL;

/** @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string> }} Step */
/** @type {(name: string, cmd: string, args: string[], env?: Record<string, string>) => Step} */
const step = (name, cmd, args, env) => ({ name, cmd, args, ...(env ? { env } : {}) });

const steps = [
  step('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  step('format', 'npx', ['prettier', '--check', '.']),
  ...['packages/contract', 'packages/sdk', 'apps/server', 'apps/web', 'e2e', 'scripts'].map((p) =>
    step(`typecheck ${p}`, 'npx', ['tsc', '-p', p]),
  ),
  // The OpenAPI document as /docs/json serves it: Redocly's recommended rules, 0 errors and 0 warnings.
  step('OpenAPI lint', 'node', ['apps/server/scripts/openapi-lint.ts']),
  // packages/sdk's generated types match the document (else: run npm run sdk:generate).
  step('SDK drift', 'node', ['packages/sdk/scripts/generate.ts', '--check']),
  step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']),
  step('API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api']),
];
if (pgUrl)
  steps.push(
    step('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { DATABASE_URL: pgUrl }),
  );
else if (env.CI) {
  console.error('CI must run the API suite on PostgreSQL: set DATABASE_URL (.ci/run does).');
  process.exit(1);
} else console.log('note: DATABASE_URL is not set, so the API suite runs on PGlite only.');
steps.push(step('web build', 'npm', ['run', 'build', '-w', 'apps/web']));
// Bytes and requests a browser receives for /sign-in, /flow and /flow/payouts, against their budgets.
steps.push(step('web delivery budgets', 'npm', ['run', 'size', '-w', 'apps/web', '--', '--check']));
steps.push(step('browser tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts']));

const timings = [];
for (const { name, cmd, args, env: extraEnv } of steps) {
  const started = Date.now();
  const code = run(cmd, args, { env: { ...env, ...extraEnv } });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (code !== 0) {
    console.error(`\nFAILED: ${name} (exit ${code})\n${timings.join('\n')}`);
    process.exit(code);
  }
}
console.log(`\nAll checks passed.\n${timings.join('\n')}`);
