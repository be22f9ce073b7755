import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's import rules ("one-way imports"): folders form no cycle, and the foundation
// folders that every domain uses never import a domain. The composition (app.ts, workers.ts, server.ts, main.ts,
// composition.ts) sits at the top, beside this file.
const SRC = import.meta.dirname;
const FOUNDATION = new Set(['config', 'db', 'lib', 'notify', 'jobs', 'http', 'files']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Top folder of a source file under src/ ('.' for the composition files). */
const folderOf = (file: string) => {
  const rel = relative(SRC, file).split(sep);
  return rel.length > 1 ? rel[0]! : '.';
};

/** The files a source file imports by relative path, resolved. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map(([, spec]) =>
    resolve(dirname(file), spec!),
  );

/** Folder → the other folders it imports from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's path, found by depth-first search (empty when the graph is acyclic). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      found.push([...path.slice(path.indexOf(node)), node].join(' → '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('server import structure', () => {
  const graph = folderGraph();

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
    const wiring = join(SRC, 'composition.ts');
    const importers = sourceFiles(SRC)
      .filter((file) => importsOf(file).includes(wiring))
      .map((file) => relative(SRC, file));
    expect(importers).toEqual(['server.ts']);
  });

  it('detects a cycle when there is one', () => {
    const cyclic = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a'])],
    ]);
    expect(cycles(cyclic)).toEqual(['a → b → a']);
  });
});
