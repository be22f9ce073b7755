// Prints the gzipped JavaScript a browser loads for the first view of a route in the production build:
// the entry chunk and its static imports, plus the lazy chunks of every route file on that route's match chain
// (root, layouts, leaf), each followed recursively through `imports` (never `dynamicImports`).
// Reads dist/.vite/manifest.json (vite.config.ts sets build.manifest). Usage: npm run size -w apps/web
// (add -- --check to exit non-zero when a view is over its budget).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const routesDir = join(webDir, 'src', 'routes');
const manifestPath = join(distDir, '.vite', 'manifest.json');

/** Views to measure: URL path → budget in KB (gzip). */
const VIEWS = [
  { path: '/sign-in', budgetKb: 100 },
  { path: '/flow', budgetKb: 180 },
];

if (!existsSync(manifestPath)) {
  console.error(`No ${relative(process.cwd(), manifestPath)}: run "npm run build" first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** All route files, relative to src/routes, with '/' separators. */
function listRouteFiles(dir = routesDir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listRouteFiles(full);
    return /\.(tsx|ts)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts')
      ? [relative(routesDir, full).split(sep).join('/')]
      : [];
  });
}

const isGroup = (seg) => /^\(.*\)$/.test(seg) || seg.startsWith('_');
const stripExt = (f) => f.replace(/\.tsx?$/, '');

/** URL path of a route file and, for layouts, the directory whose routes it wraps. */
function describe(file) {
  const segs = stripExt(file).split('/');
  const last = segs.pop();
  const dir = segs.join('/');
  if (last === '__root') return { kind: 'layout', covers: '', url: '/' };
  if (last === 'route') return { kind: 'layout', covers: dir, url: urlOf(segs) };
  if (last === 'index') return { kind: 'leaf', dir, url: urlOf(segs) };
  if (last.startsWith('_')) return { kind: 'layout', covers: [...segs, last].join('/'), url: urlOf(segs) };
  return { kind: 'leaf', dir, url: urlOf([...segs, last]) };
}
function urlOf(segs) {
  return '/' + segs.filter((s) => !isGroup(s)).join('/');
}

function matchChain(url, files) {
  const described = files.map((f) => ({ file: f, ...describe(f) }));
  const leaves = described.filter((d) => d.kind === 'leaf' && d.url === url);
  // An index file wins over a same-URL flat file (e.g. flow/index.tsx over a pathless wrapper).
  const leaf = leaves.find((d) => stripExt(d.file).endsWith('index')) ?? leaves[0];
  if (!leaf) throw new Error(`No route file for ${url}`);
  const layouts = described.filter(
    (d) =>
      d.kind === 'layout' &&
      (d.covers === '' || leaf.dir === d.covers || leaf.dir.startsWith(d.covers + '/')),
  );
  return [...layouts.map((d) => d.file), leaf.file];
}

const gzipCache = new Map();
function gzSize(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function collect(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k]).filter((c) => c.file.endsWith('.js'));
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const routeFiles = listRouteFiles();
let failed = false;

for (const view of VIEWS) {
  const chain = matchChain(view.path, routeFiles);
  const routeKeys = Object.keys(manifest).filter((k) => {
    const src = (manifest[k].src ?? k).split('?')[0];
    return chain.some((f) => src === `src/routes/${f}`);
  });
  const chunks = [...new Map(collect([...entryKeys, ...routeKeys]).map((c) => [c.file, c])).values()];
  const total = chunks.reduce((sum, c) => sum + gzSize(c.file), 0);
  const ok = total <= view.budgetKb * 1024;
  failed ||= !ok;
  console.log(
    `\n${view.path}: ${kb(total)} KB gzip JavaScript (budget ${view.budgetKb} KB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`  route files: ${chain.join(', ')}`);
  for (const c of chunks.sort((a, b) => gzSize(b.file) - gzSize(a.file))) {
    console.log(`  ${kb(gzSize(c.file)).padStart(7)} KB  ${c.file}${c.src ? `  (${c.src})` : ''}`);
  }
}
process.exitCode = failed && process.argv.includes('--check') ? 1 : 0;
