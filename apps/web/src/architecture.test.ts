import { describe, expect, it } from 'vitest';
import { cycles, fileGraph, readSources, type Graph } from '../../../scripts/house/import-graph.ts';

// The web's import rules, on the graph of every import (`import type`, `export … from`, side-effect imports and
// `import()` too; by the `@/` alias or a relative path): a feature never imports another feature, shared code
// (components, lib, contract, test) never imports a feature, and no files form a cycle, routes included. The
// lint rule web/feature-boundaries says the first two as one writes; this test holds them for the whole tree.
const SRC = import.meta.dirname;
const ALIASES = { '@/': '' };
const SHARED = new Set(['components', 'lib', 'contract', 'test']);

/** The part of src/ a file belongs to: `features/<name>` for a feature, else its top folder ('.' at the top). */
const areaOf = (file: string) => {
  const [top = '', name] = file.split('/');
  if (!name) return '.';
  return top === 'features' ? `features/${name.replace(/\.tsx?$/, '')}` : top;
};

/** Every import from one area into another's feature that `allowed` refuses, as `from → to`. */
function intoFeatures(graph: Graph, allowed: (from: string, to: string) => boolean): string[] {
  return [...graph].flatMap(([from, tos]) =>
    [...tos]
      .filter((to) => areaOf(to).startsWith('features/') && areaOf(to) !== areaOf(from))
      .filter((to) => !allowed(areaOf(from), areaOf(to)))
      .map((to) => `${from} → ${to}`),
  );
}

const featureCrossings = (graph: Graph) => intoFeatures(graph, (from) => !from.startsWith('features/'));
const sharedIntoFeatures = (graph: Graph) => intoFeatures(graph, (from) => !SHARED.has(from));

describe('web import structure', () => {
  const graph = fileGraph(readSources(SRC), ALIASES);

  it('reads the imports of the whole tree (aliases, relative paths, routes)', () => {
    expect(graph.get('main.tsx')).toContain('routeTree.gen.ts');
    expect(graph.get('lib/api/typed.ts')).toContain('lib/api/client.ts');
    expect(graph.get('lib/api/client.ts')).toContain('lib/auth/index.ts');
    expect([...graph.keys()].some((file) => file.startsWith('routes/'))).toBe(true);
  });

  it('has no feature importing another feature', () => {
    expect(featureCrossings(graph)).toEqual([]);
  });

  it('has no shared code (components, lib, contract, test) importing a feature', () => {
    expect(sharedIntoFeatures(graph)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds planted crossings and cycles, whatever the kind of import', () => {
    const planted = fileGraph(
      new Map([
        ['features/a/page.tsx', "import type { B } from '@/features/b';\nexport type A = B;"],
        ['features/b/index.ts', "export type B = number;\nexport * from '../a/page';"],
        ['features/b/panel.tsx', "import { x } from './index';\nexport const y = x;"],
        ['lib/helper.ts', "export const load = () => import('../features/b/panel');"],
        ['components/box.tsx', "import '@/lib/helper';"],
        ['routes/index.tsx', "import { y } from '@/features/b/panel';"],
      ]),
      ALIASES,
    );
    expect(featureCrossings(planted)).toEqual([
      'features/a/page.tsx → features/b/index.ts',
      'features/b/index.ts → features/a/page.tsx',
    ]);
    expect(sharedIntoFeatures(planted)).toEqual(['lib/helper.ts → features/b/panel.tsx']);
    expect(cycles(planted)).toEqual(['features/a/page.tsx → features/b/index.ts → features/a/page.tsx']);
  });
});
