import type { CodeSplittingOptions } from 'rolldown';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
type Chunk = 'base' | 'app';

/** The auth page's entry and its screens (only that page loads them). */
const AUTH_ENTRY = /\/src\/auth-main\.tsx$/;
const AUTH_SCREENS = /\/src\/(auth-main\.tsx|features\/auth\/)/;

/** The signed-in app's entry, its root route and the signed-in layout (the shell around every page). */
const APP_ROOTS = /\/src\/(main\.tsx|routes\/(__root|_authenticated\/route)\.tsx(\?tsr-split=component)?)$/;

/**
 * Code that nearly every signed-in screen uses: in the app chunk rather than in a dozen small chunks of their
 * own. Not the UI pieces that bring a library only some screens use (radio group, switch, command palette,
 * data table): those stay with their screens.
 */
const APP_WIDE = [
  /\/src\/lib\//, // data layer, formatting, preferences
  /\/src\/components\/layout\/(page-frame|use-sign-out)\.tsx?$/,
  /\/src\/components\/ui\/(alert|badge|select|skeleton|table)\.tsx$/, // table: every list, the /flow home's tables
  /\/src\/components\/data-table\/cells\.tsx$/, // money, dates and statuses as every list shows them
  // The flow statuses' badge colours (~0.1 KB): shared by the /flow home and the flow lists, alone they were a
  // chunk of their own, one more request (~1 KB of headers) on the /flow first view.
  /\/src\/features\/flow\/lists\/statuses\.ts$/,
  /\/node_modules\/@tanstack\/react-query\//, // the screens' data hooks
  // Icons of the shell's on-demand menus (user menu, command palette) that other screens share too: alone each was
  // a chunk of ~0.3 KB behind ~0.8 KB of headers, three more requests on every signed-in first view.
  /\/node_modules\/lucide-react\/dist\/esm\/icons\/(check|log-out|user-round)\.mjs$/,
];

/** zod, and the contract's core modules (its domain entries — accounts, fabric, mandates, payment links — stay apart). */
const SCHEMAS =
  /(\/node_modules\/zod\/|\/packages\/contract\/src\/(index|errors|lists|auth|user|flow|callbacks|search|text)\.ts$)/;

/** The bundler's and Vite's helpers: every page needs them, so they go with React. */
const RUNTIME = /^\0(rolldown\/runtime|vite\/(modulepreload-polyfill|preload-helper))/;

function staticReach(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * Groups of the code a page needs before its first paint, so that it arrives in a few large files in parallel
 * (one round trip after the HTML) instead of dozens of small chunks found one after another:
 *
 * - `base`: everything the auth page imports statically, its own screens excepted: React, the auth state,
 *   storage, the UI primitives. Both pages load it; the sign-in page needs nothing more.
 * - `app`: the rest of what the signed-in app imports statically from its entry, root route and layout
 *   (router, data layer, shell) and the code nearly every screen shares (APP_WIDE). Every signed-in page
 *   loads it.
 *
 * What a screen alone loads lazily (its route's component and the libraries only it uses) is left to the
 * bundler, which puts it in chunks by the set of screens that share it.
 */
export function firstPaintGroups(): CodeSplittingOptions {
  const seen = new Set<string>();
  let chunkOf: Map<string, Chunk> | null = null;

  const classify = (graph: ModuleGraph): Map<string, Chunk> => {
    const ids = [...seen];
    const chunks = new Map<string, Chunk>();
    const appRoots = ids.filter((id) => APP_ROOTS.test(id) || APP_WIDE.some((p) => p.test(id)));
    // Libraries join `app` through the app's own modules that use them (the bundler includes a group's
    // dependencies as they are actually used): the module graph also leads through barrel files such as
    // radix-ui's index to every primitive, used or not.
    for (const id of staticReach(appRoots, graph))
      if (!id.includes('/node_modules/') || APP_WIDE.some((p) => p.test(id))) chunks.set(id, 'app');
    for (const id of staticReach(
      ids.filter((id) => AUTH_ENTRY.test(id)),
      graph,
    ))
      if (!AUTH_SCREENS.test(id)) chunks.set(id, 'base');
    for (const id of ids) if (RUNTIME.test(id)) chunks.set(id, 'base');
    return chunks;
  };

  const group = (chunk: Chunk, priority: number) => ({
    priority,
    // Rolldown calls `test` for every module before the first `name` call: the graph is complete by then.
    test: (id: string) => {
      seen.add(id);
      return true;
    },
    name: (id: string, graph: ModuleGraph) => {
      chunkOf ??= classify(graph);
      return chunkOf.get(id) === chunk ? chunk : null;
    },
  });

  // `base` first: what it takes is no longer the app's to take (the app's chunk imports it).
  return {
    groups: [
      group('base', 2),
      group('app', 1),
      // The schemas: zod and the contract's core (not its domain entries such as accounts). Screens validate
      // answers with them; in one file instead of a chunk per contract module (each a request, and an entry in
      // the app's preload map).
      { name: 'schemas', priority: 0, test: SCHEMAS },
    ],
  };
}
