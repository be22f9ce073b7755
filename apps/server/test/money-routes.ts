import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Which routes of the server reach the ledger, read from the source: a call graph over apps/server/src built
 * from the syntax alone (no type checker: parsing ~300 files takes well under a second).
 *
 * A function "moves money" when its body (nested closures included) refers to a function that does, starting
 * from the ledger's writers (`post`, `topUp` in src/ledger/ledger.ts). References are resolved through the
 * file's own top-level functions, its named and namespace imports of relative modules, and `export … from`
 * re-exports. A reference is counted whether it is called or passed on (`withIdempotency(…, fn)`), so the
 * graph errs on the side of "moves money". A route is an `app.get/post/put/patch/delete(path, [options,]
 * handler)` call; its handler moves money when it reaches the ledger the same way.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const ROOTS = [{ file: join(SRC, 'ledger/ledger.ts'), names: ['post', 'topUp'] }];
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export interface RouteSite {
  /** `apps/server/src/…:line` */
  where: string;
  method: string;
  /** The path as written (template parts kept, e.g. `/${p}/sandbox/simulate/credit`). */
  path: string;
  /** The handler reaches a ledger writer. */
  reachesLedger: boolean;
  /** The options object sets `movesMoney: true` (config.openapi). */
  flagged: boolean;
  /** The options object sets `hide: true` (not in the OpenAPI document). */
  hidden: boolean;
}

interface FileInfo {
  sf: ts.SourceFile;
  /** Top-level functions (declarations and `const f = (…) => …`) by name. */
  functions: Map<string, ts.Node>;
  /** Local name → [resolved file, exported name] for named imports. */
  imports: Map<string, [string, string]>;
  /** Local name → resolved file for `import * as x`. */
  namespaces: Map<string, string>;
  /** `export { a as b } from './x'`: b → [file, a]; `export * from './x'`: files. */
  reexports: Map<string, [string, string]>;
  starExports: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  return null;
}

function fileInfo(path: string): FileInfo {
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const info: FileInfo = {
    sf,
    functions: new Map(),
    imports: new Map(),
    namespaces: new Map(),
    reexports: new Map(),
    starExports: [],
  };
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name) info.functions.set(st.name.text, st);
    else if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) info.functions.set(d.name.text, d.initializer);
      }
    else if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveModule(path, st.moduleSpecifier.text);
      const bindings = st.importClause?.namedBindings;
      if (!target || !bindings) continue;
      if (ts.isNamespaceImport(bindings)) info.namespaces.set(bindings.name.text, target);
      else
        for (const el of bindings.elements)
          info.imports.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveModule(path, st.moduleSpecifier.text);
      if (!target) continue;
      if (!st.exportClause) info.starExports.push(target);
      else if (ts.isNamedExports(st.exportClause))
        for (const el of st.exportClause.elements)
          info.reexports.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
    }
  }
  return info;
}

/** Every route registration of apps/server/src, with whether its handler reaches the ledger. */
export function moneyRouteSites(): RouteSite[] {
  const files = new Map(sourceFiles(SRC).map((f) => [f, fileInfo(f)]));

  /** The function node that `name` exported from `file` is (following re-exports). */
  const exported = (file: string, name: string, seen = new Set<string>()): [string, ts.Node] | null => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const info = files.get(file);
    if (!info) return null;
    const fn = info.functions.get(name);
    if (fn) return [file, fn];
    const re = info.reexports.get(name);
    if (re) return exported(re[0], re[1], seen);
    for (const star of info.starExports) {
      const found = exported(star, name, seen);
      if (found) return found;
    }
    return null;
  };

  /** The functions a node refers to (identifiers and `namespace.name`), resolved to their nodes. */
  const references = (file: string, node: ts.Node): Array<[string, ts.Node]> => {
    const info = files.get(file)!;
    const out: Array<[string, ts.Node]> = [];
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n)) {
        const local = info.functions.get(n.text);
        if (local && local !== node) out.push([file, local]);
        const imported = info.imports.get(n.text);
        if (imported) {
          const target = exported(imported[0], imported[1]);
          if (target) out.push(target);
        }
      } else if (
        ts.isPropertyAccessExpression(n) &&
        ts.isIdentifier(n.expression) &&
        info.namespaces.has(n.expression.text)
      ) {
        const target = exported(info.namespaces.get(n.expression.text)!, n.name.text);
        if (target) out.push(target);
      }
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(node, visit);
    return out;
  };

  const roots = new Set<ts.Node>();
  for (const r of ROOTS)
    for (const name of r.names) {
      const fn = exported(r.file, name);
      if (!fn) throw new Error(`money-routes: ${name} not found in ${r.file}`);
      roots.add(fn[1]);
    }
  const memo = new Map<ts.Node, boolean>();
  const reaches = (file: string, node: ts.Node): boolean => {
    if (roots.has(node)) return true;
    const known = memo.get(node);
    if (known !== undefined) return known;
    memo.set(node, false); // cycles: assume not while exploring
    const result = references(file, node).some(([f, n]) => reaches(f, n));
    memo.set(node, result);
    return result;
  };

  /** Whether an options node (object literal, or a const it names) contains `key: true`. */
  const hasTrue = (file: string, node: ts.Node | undefined, key: string): boolean => {
    if (!node) return false;
    if (ts.isIdentifier(node)) return hasTrue(file, files.get(file)!.functions.get(node.text), key);
    let found = false;
    const visit = (n: ts.Node) => {
      if (
        ts.isPropertyAssignment(n) &&
        ts.isIdentifier(n.name) &&
        n.name.text === key &&
        n.initializer.kind === ts.SyntaxKind.TrueKeyword
      )
        found = true;
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };

  const sites: RouteSite[] = [];
  for (const [file, info] of files) {
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        ts.isIdentifier(n.expression.expression) &&
        n.expression.expression.text === 'app' &&
        ROUTE_METHODS.has(n.expression.name.text) &&
        n.arguments.length >= 2
      ) {
        const [pathArg] = n.arguments;
        const handler = n.arguments.at(-1)!;
        const options = n.arguments.length >= 3 ? n.arguments[1] : undefined;
        const line = info.sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
        sites.push({
          where: `apps/server/src/${relative(SRC, file)}:${line}`,
          method: n.expression.name.text.toUpperCase(),
          path: pathArg!.getText(info.sf),
          reachesLedger: ts.isIdentifier(handler)
            ? references(file, n).some(([f, fn]) => reaches(f, fn))
            : reaches(file, handler),
          flagged: hasTrue(file, options, 'movesMoney'),
          hidden: hasTrue(file, options, 'hide'),
        });
      }
      ts.forEachChild(n, visit);
    };
    visit(info.sf);
  }
  return sites;
}
