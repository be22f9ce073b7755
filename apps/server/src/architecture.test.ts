import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  fileGraph,
  groupGraph,
  readSources,
  specifiersOf,
} from '../../../scripts/house/import-graph.ts';

// The server's import rules ("one-way imports"): neither files nor folders form a cycle (counting every kind of
// import: `import type`, `export … from`, side-effect imports and `import()` too), and the foundation
// folders that every domain uses never import a domain. The composition (app.ts, workers.ts, server.ts, main.ts,
// composition.ts) sits at the top, beside this file.
const SRC = import.meta.dirname;
const FOUNDATION = new Set(['config', 'db', 'lib', 'notify', 'jobs', 'http', 'files']);

const sources = readSources(SRC);
const files = fileGraph(sources);

/** Top folder of a source file under src/ ('.' for the composition files). */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');

describe('server import structure', () => {
  const graph = groupGraph(files, folderOf);

  it('has no cycle between files', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the foundation folders free of domain imports', () => {
    const violations = [...graph]
      .filter(([from]) => FOUNDATION.has(from))
      .flatMap(([from, tos]) => [...tos].filter((to) => !FOUNDATION.has(to)).map((to) => `${from} → ${to}`));
    expect(violations).toEqual([]);
  });

  it('imports the composition from nowhere but the composition', () => {
    const intoTop = [...graph].filter(([from, tos]) => from !== '.' && tos.has('.')).map(([from]) => from);
    expect(intoTop).toEqual([]);
  });

  it('gives the wiring between domains (composition.ts) from server.ts alone', () => {
    // Payout transition listeners and the sweeper's tasks are arguments: the workers, the app and the seed never
    // import the list, and no domain registers itself into another's state.
    const importers = [...files].filter(([, tos]) => tos.has('composition.ts')).map(([file]) => file);
    expect(importers).toEqual(['server.ts']);
  });

  it('detects a cycle when there is one', () => {
    const cyclic = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a'])],
    ]);
    expect(cycles(cyclic)).toEqual(['a → b → a']);
  });

  it('detects a cycle between files through any kind of import', () => {
    const planted = new Map([
      ['a/one.ts', "import type { Two } from '../b/two.ts';\nexport type One = Two;"],
      ['b/two.ts', "export type Two = number;\nexport const lazy = () => import('./three.ts');"],
      ['b/three.ts', "import '../a/one.ts';"],
      ['b/four.ts', "export * from './three.ts'; // import './four.ts'"],
    ]);
    expect(cycles(fileGraph(planted))).toEqual(['a/one.ts → b/two.ts → b/three.ts → a/one.ts']);
    expect(cycles(groupGraph(fileGraph(planted), folderOf))).toEqual(['a → b → a']);
  });

  it('reads every kind of import, in files on disk', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type * from './d.ts';",
      "import './e.ts';",
      "const f = () => import('./f.ts');",
      "// import g from './g.ts';",
      'const h = "import h from \'./h.ts\'";',
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts']);
    const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
    try {
      mkdirSync(join(root, 'x'));
      writeFileSync(join(root, 'x', 'index.ts'), "export const lazy = () => import('../y.ts');");
      writeFileSync(join(root, 'y.ts'), "import type { lazy } from './x';\nexport type Y = typeof lazy;");
      writeFileSync(join(root, 'y.test.ts'), "import './y.ts';");
      expect(cycles(fileGraph(readSources(root)))).toEqual(['x/index.ts → y.ts → x/index.ts']);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
