// Files a person can hold: no source file over 500 lines and no function over 80 lines, outside generated code and
// tests. A file or a function may be longer with a one-line reason: `// size: <why>` as the file's first line, or
// on the line right above the function (above its declaration statement for an arrow function).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../lib.mjs';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 80;
const REASON = /^\s*\/\/ size: \S/;

/** Source files under the apps, packages, scripts and e2e, but tests, fixtures and generated files. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((f) => /^(apps|packages|scripts|e2e)\//.test(f))
    .filter((f) => !/\.(test|spec)\.tsx?$|\.gen\.ts$|(^|\/)(test|tests|fixtures)\//.test(f));
}

export interface Oversize {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** The functions of a file longer than the limit that carry no reason. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): Oversize[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: Oversize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const statement = declaringStatement(node);
      const first = lineOf(statement.getStart(source));
      const length = lineOf(node.end) - lineOf(node.getStart(source)) + 1;
      if (length > max && !REASON.test(lines[first - 1] ?? ''))
        found.push({ file, line: first + 1, name: nameOf(node, source), lines: length });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The statement a function is declared by: itself, or the variable statement or property holding it. */
function declaringStatement(node: ts.Node): ts.Node {
  let at = node;
  while (
    at.parent &&
    (ts.isVariableDeclaration(at.parent) ||
      ts.isVariableDeclarationList(at.parent) ||
      ts.isVariableStatement(at.parent) ||
      ts.isPropertyAssignment(at.parent) ||
      ts.isExportAssignment(at.parent) ||
      (ts.isCallExpression(at.parent) && at.parent.arguments.includes(at as ts.Expression)))
  ) {
    if (ts.isCallExpression(at.parent) && !ts.isVariableDeclaration(at.parent.parent)) break;
    at = at.parent;
  }
  return at;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  let at: ts.Node | undefined = node.parent;
  while (at && !ts.isSourceFile(at)) {
    if ((ts.isVariableDeclaration(at) || ts.isPropertyAssignment(at)) && at.name)
      return at.name.getText(source);
    at = at.parent;
  }
  return '<anonymous>';
}

describe('files a person can hold', () => {
  const files = sourceFiles().map((file) => ({ file, text: readFileSync(`${root}/${file}`, 'utf8') }));

  it(`has no source file over ${MAX_FILE_LINES} lines without a reason on its first line`, () => {
    const long = files
      .filter(
        ({ text }) => text.split('\n').length - 1 > MAX_FILE_LINES && !REASON.test(text.split('\n', 1)[0]!),
      )
      .map(({ file, text }) => `${file}: ${text.split('\n').length - 1} lines`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines without a reason above it`, () => {
    const long = files
      .flatMap(({ file, text }) => longFunctions(file, text))
      .map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('finds a long function, and lets one with a reason pass', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const long = `export function big() {\n${body}\n}\n`;
    expect(longFunctions('x.ts', long).map((f) => [f.name, f.lines])).toEqual([
      ['big', MAX_FUNCTION_LINES + 2],
    ]);
    expect(longFunctions('x.ts', `// size: a table of cases\n${long}`)).toEqual([]);
    const arrow = `export const big = () => {\n${body}\n};\n`;
    expect(longFunctions('x.ts', arrow).map((f) => f.name)).toEqual(['big']);
    expect(longFunctions('x.ts', `// size: one switch\n${arrow}`)).toEqual([]);
  });
});
