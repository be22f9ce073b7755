// The import graph between source files, for the apps' architecture tests: every kind of import counts
// (`import … from`, `import type`, `export … from`, side-effect `import '…'`, `import('…')`, `import x = require`),
// read by TypeScript's own pre-processor so that comments and strings never count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** File (relative to the root, with `/` separators) → its source text. */
export type Sources = Map<string, string>;
/** File → the files it imports. */
export type Graph = Map<string, Set<string>>;

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source files under a folder (tests left out), read into memory, keyed by their path relative to it. */
export function readSources(root: string, keep: (file: string) => boolean = () => true): Sources {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  const files = walk(root)
    .map((file) => relative(root, file).split(sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && keep(file));
  return new Map(files.map((file) => [file, readFileSync(resolve(root, file), 'utf8')]));
}

/** Every module specifier a source text imports, of any kind. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The file a specifier names, relative to the root, or null for a package or a file outside the sources.
 * `aliases` maps a prefix (`@/`) to a folder relative to the root (`''` for the root itself).
 */
export function resolveSpecifier(
  sources: Sources,
  from: string,
  spec: string,
  aliases: Record<string, string> = {},
): string | null {
  const bare = spec.replace(/\?.*$/, '');
  const alias = Object.keys(aliases).find((prefix) => bare.startsWith(prefix));
  let target: string;
  if (alias !== undefined) target = posix.join(aliases[alias]!, bare.slice(alias.length));
  else if (bare.startsWith('.')) target = posix.join(posix.dirname(from), bare);
  else return null;
  return EXTENSIONS.map((ext) => target + ext).find((file) => sources.has(file)) ?? null;
}

/** File → the files it imports, for every file of the sources. */
export function fileGraph(sources: Sources, aliases: Record<string, string> = {}): Graph {
  const graph: Graph = new Map();
  for (const [file, text] of sources) {
    const targets = specifiersOf(text).map((spec) => resolveSpecifier(sources, file, spec, aliases));
    graph.set(file, new Set(targets.filter((t) => t !== null)));
  }
  return graph;
}

/** The graph with every node mapped to a group (its folder, say), edges within a group left out. */
export function groupGraph(graph: Graph, groupOf: (node: string) => string): Graph {
  const grouped: Graph = new Map();
  for (const [from, tos] of graph) {
    const edges = grouped.get(groupOf(from)) ?? new Set<string>();
    grouped.set(groupOf(from), edges);
    for (const to of tos) if (groupOf(to) !== groupOf(from)) edges.add(groupOf(to));
  }
  return grouped;
}

/** The strongly connected components with a cycle (more than one node, or a node importing itself). */
function tangles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest way from a node back to itself within a component, as `a → b → a`. */
function loopThrough(graph: Graph, start: string, component: Set<string>): string {
  const before = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0 && !before.has(start)) {
    const at = queue.shift()!;
    for (const next of graph.get(at) ?? []) {
      if (!component.has(next) || before.has(next)) continue;
      before.set(next, at);
      queue.push(next);
    }
  }
  const path = [start];
  for (let at = before.get(start)!; at !== start; at = before.get(at)!) path.unshift(at);
  return [start, ...path].join(' → ');
}

/** One cycle per knot of the graph (empty when the graph is acyclic), from the knot's first node in sorted order. */
export function cycles(graph: Graph): string[] {
  return tangles(graph).map((component) => {
    const start = [...component].sort()[0]!;
    return loopThrough(graph, start, new Set(component));
  });
}
