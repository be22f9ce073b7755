// `npm run openapi:lint`: lints the OpenAPI document exactly as /docs/json serves it (the real app, nothing
// listens) with Redocly's recommended rules (redocly.yaml). Fails on any error AND any warning.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapiDocument } from '../src/openapi-document.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const file = '.tmp/openapi.json';
mkdirSync(join(root, '.tmp'), { recursive: true });
const doc = await openapiDocument();
writeFileSync(join(root, file), `${JSON.stringify(doc, null, 2)}\n`);

const redocly = (format: string) =>
  spawnSync(
    'npx',
    ['redocly', 'lint', file, '--config', 'redocly.yaml', `--format=${format}`, '--max-problems=1000'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
const json = redocly('json');
const totals = (JSON.parse(json.stdout) as { totals: { errors: number; warnings: number; ignored: number } })
  .totals;
const operations = Object.values(doc['paths'] as Record<string, object>).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
console.log(
  `openapi lint: ${operations} operations, ${totals.errors} errors, ${totals.warnings} warnings, ${totals.ignored} ignored (each with its reason in .redocly.lint-ignore.yaml)`,
);
if (totals.errors || totals.warnings) {
  process.stdout.write(redocly('stylish').stdout);
  process.exit(1);
}
