import { registerHooks } from 'node:module';

/**
 * Node's ESM resolver parses a package's `exports` map each time it resolves a file of that package or a bare
 * import of it; drizzle-orm's map is 178 KB, the server imports `drizzle-orm…` from ~100 of its files and loads
 * ~110 of drizzle's own: ~0.4–1.4 s of CPU (more on a busy machine) and ~50 MB of garbage at each start, measured
 * with --cpu-prof (package_json_reader at the top) and a resolve hook timing each package. Two shortcuts, for the
 * packages named here only:
 * - their files import one another by relative `.js` paths in an ESM package ("type": "module"): those resolve
 *   to the file beside the importer, as ES modules, without the package.json;
 * - a bare import of them from the server's own code (outside node_modules) resolves once per specifier and import
 *   conditions, and is answered from that for every other file (they all find the same hoisted package).
 * Everything else resolves as before.
 */
const PACKAGES = ['drizzle-orm'];
const IN_PACKAGE = PACKAGES.map((p) => `/node_modules/${p}/`);

let registered = false;
export function registerFastResolve(): void {
  if (registered) return;
  registered = true;
  const bare = new Map<string, { url: string; format?: string | null | undefined }>();
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL;
      if (!parent?.startsWith('file:')) return next(specifier, context);
      if (
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js') &&
        IN_PACKAGE.some((p) => parent.includes(p))
      )
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      if (
        PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`)) &&
        !parent.includes('/node_modules/')
      ) {
        const key = `${specifier}\0${(context.conditions ?? []).join(',')}`;
        const known = bare.get(key);
        if (known) return { ...known, shortCircuit: true };
        const resolved = next(specifier, context);
        bare.set(key, { url: resolved.url, format: resolved.format });
        return resolved;
      }
      return next(specifier, context);
    },
  });
}
