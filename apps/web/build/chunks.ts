import type { CodeSplittingOptions } from 'rolldown';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Groups of the code a page needs before its first paint, so that it arrives in a few large files in parallel
 * (one round trip after the HTML) instead of dozens of small chunks found one after another:
 *
 * - `base`: everything the auth page (auth-main.tsx) imports statically, its own screens excepted: React,
 *   the auth state, storage, the UI primitives. Both pages load it; the sign-in page needs nothing else.
 * - `app`: everything else the signed-in app imports statically from its entry (main.tsx), its root and the
 *   signed-in layout (the shell): router, data layer, shell. Every signed-in page needs it.
 *
 * What a screen loads lazily (its route's component and what only it uses) is left to the bundler, which
 * puts it in chunks by the set of screens that share it.
 */
export function firstPaintGroups(): CodeSplittingOptions {
  const seen: string[] = [];
  let groupOf: Map<string, 'base' | 'app'> | null = null;

  const staticReach = (roots: string[], graph: ModuleGraph): Set<string> => {
    const reached = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return reached;
  };

  const classify = (graph: ModuleGraph) => {
    const find = (pattern: RegExp) => seen.filter((id) => pattern.test(id));
    const authScreens = /\/src\/(auth-main\.tsx|features\/auth\/)/;
    const base = [...staticReach(find(/\/src\/auth-main\.tsx$/), graph)].filter((id) => !authScreens.test(id));
    const app = staticReach(
      find(/\/src\/(main\.tsx|routes\/(__root|_authenticated\/route)\.tsx(\?tsr-split=component)?)$/),
      graph,
    );
    const groups = new Map<string, 'base' | 'app'>();
    for (const id of app) groups.set(id, 'app');
    for (const id of base) groups.set(id, 'base');
    return groups;
  };

  const group = (chunk: 'base' | 'app', priority: number) => ({
    priority,
    // Rolldown calls `test` for every module before the first `name` call: the graph is complete by then.
    test: (id: string) => {
      if (groupOf === null) seen.push(id);
      return true;
    },
    name: (id: string, ctx: ModuleGraph) => {
      groupOf ??= classify(ctx);
      return groupOf.get(id) === chunk ? chunk : null;
    },
  });

  // `base` first: what it takes is no longer the app's to take (the app's chunk imports it).
  return { groups: [group('base', 2), group('app', 1)] };
}
