import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('the server process V8 settings', () => {
  it('are the ones npm start passes on its command line', () => {
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['start']).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });
});
