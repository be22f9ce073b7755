import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PAGES } from './pages';

/** Where the page variants go in the build: `pages/flow/payouts.html` is index.html for /flow/payouts. */
export const ROUTE_PAGES_DIR = 'pages';

const SPLIT_COMPONENT = /\/src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** A route file's URL segments (groups and pathless layouts dropped) and whether it is a layout. */
function describeRoute(file: string): { dir: string; segments: string[]; layout: boolean } {
  const parts = file.split('/');
  const last = parts.pop()!;
  const dir = parts.join('/');
  const segments = parts.filter((p) => !/^\(.*\)$/.test(p) && !p.startsWith('_'));
  if (last === 'route' || last === '__root') return { dir, segments, layout: true };
  return { dir, segments: last === 'index' ? segments : [...segments, last], layout: false };
}

/** A chunk's file and every file it imports statically, transitively. */
function withImports(fileName: string, bundle: OutputBundle, into: Set<string>): void {
  if (into.has(fileName)) return;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(imported, bundle, into);
}

/**
 * The route's code in the page: for every route of the signed-in app with a static URL, a copy of index.html
 * that also names the route's own chunks (its component, its layouts' components and what they import) as
 * `modulepreload`, so they download with the app's scripts instead of one round trip after them. The server
 * sends `pages/<path>.html` for a navigation to `<path>` when it exists, else index.html.
 */
export function routePages(): Plugin {
  return {
    name: 'meridian-route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle[PAGES.index];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const template = html.source;
      const routeChunks = Object.values(bundle).flatMap((c) => {
        const file = c.type === 'chunk' && c.facadeModuleId?.match(SPLIT_COMPONENT)?.[1];
        return file ? [{ chunk: c as OutputChunk, ...describeRoute(file) }] : [];
      });
      const layouts = routeChunks.filter((r) => r.layout);
      for (const leaf of routeChunks.filter((r) => !r.layout)) {
        if (leaf.segments.length === 0 || leaf.segments.some((s) => s.includes('$'))) continue;
        const files = new Set<string>();
        for (const layout of layouts)
          if (layout.dir === '' || leaf.dir === layout.dir || leaf.dir.startsWith(`${layout.dir}/`))
            withImports(layout.chunk.fileName, bundle, files);
        withImports(leaf.chunk.fileName, bundle, files);
        const links = [...files]
          .filter((f) => f.endsWith('.js') && !template.includes(`/${f}"`))
          .map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`)
          .join('');
        this.emitFile({
          type: 'asset',
          fileName: `${ROUTE_PAGES_DIR}/${leaf.segments.join('/')}.html`,
          source: template.replace(/\n\s*<\/head>/, `${links}\n  </head>`),
        });
      }
    },
  };
}
