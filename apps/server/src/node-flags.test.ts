import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_COMMAND } from './node-flags.ts';

describe("the server process's V8 settings and environment", () => {
  it('are the ones npm start passes on its command line', () => {
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['start']).toBe(START_COMMAND);
  });
});
