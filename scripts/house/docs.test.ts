// The manual stays whole: the README is a front door of at most 200 lines; every relative link of the README and of
// docs/ leads to a file that exists (and to a heading of it, when it names one); docs/README.md lists every page;
// every setting the server reads is documented under docs/operating/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../lib.mjs';

export const MAX_README_LINES = 200;

/** The markdown files under a folder of the repository, as paths from the root, sorted. */
function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f))
    .sort();
}

/** The text outside fenced code blocks, line by line (a fenced line is left empty). */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and spaces removed, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown text's headings; a repeated one gets `-1`, `-2`… as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  return found;
}

/** The targets of a markdown text's links and images (inline and reference-style), outside code. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const line of prose(markdown)) {
    const text = line.replace(/`[^`]*`/g, '``');
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
    const reference = text.match(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/);
    if (reference) targets.push(reference[1]!);
  }
  return targets;
}

/**
 * The relative links of a markdown file that lead nowhere: a missing file, or a heading the file does not have.
 * `file` is the file's path from the root (links are resolved from its folder); `markdown` its text.
 */
export function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:…
    const [path = '', anchor] = target.split('#', 2);
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const absolute = join(root, resolved);
    if (path !== '' && (relative(root, absolute).startsWith('..') || !existsSync(absolute))) {
      broken.push(`${target} (no file ${resolved})`);
      continue;
    }
    if (anchor === undefined) continue;
    const text = path === '' ? markdown : statSync(absolute).isFile() ? readFileSync(absolute, 'utf8') : '';
    if (!anchors(text).has(anchor)) broken.push(`${target} (no heading #${anchor} in ${resolved})`);
  }
  return broken;
}

/**
 * The environment variables config.ts reads: the keys of its `ConfigSchema` object, and any name it reads as
 * `env.NAME`, `process.env.NAME`, `env['NAME']` or names in a string (`'DATABASE_URL'`).
 */
export function settingNames(source: string): string[] {
  const names = new Set<string>();
  const schema = source.match(/ConfigSchema\s*=\s*z\.object\(\{([\s\S]*?)\n\}\)/)?.[1] ?? '';
  for (const m of schema.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add(m[1]!);
  for (const m of source.matchAll(/['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g)) names.add(m[1]!);
  return [...names].sort();
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const docs = markdownFiles('docs');

describe('the README and the manual', () => {
  it('finds a broken link, a missing heading and a good one', () => {
    const markdown = [
      '# A page',
      '## Its second part',
      '[missing](no-such-file.md) [index](README.md) [no heading](README.md#no-such-heading)',
      '[here](#its-second-part) [nowhere](#nowhere) [out](https://example.com/x.md) `[code](missing.md)`',
      '```',
      '[fenced](missing.md)',
      '```',
    ].join('\n');
    expect(brokenLinks('docs/example.md', markdown)).toEqual([
      'no-such-file.md (no file docs/no-such-file.md)',
      'README.md#no-such-heading (no heading #no-such-heading in docs/README.md)',
      '#nowhere (no heading #nowhere in docs/example.md)',
    ]);
    expect(slug('Throughput of one process: `npm run bench:http`')).toBe(
      'throughput-of-one-process-npm-run-benchhttp',
    );
  });

  it('has links that all lead somewhere', () => {
    const broken = ['README.md', ...docs].flatMap((file) =>
      brokenLinks(file, read(file)).map((b) => `${file}: ${b}`),
    );
    expect(broken).toEqual([]);
  });

  it('indexes every page of docs/ in docs/README.md', () => {
    const linked = new Set(
      linkTargets(read('docs/README.md'))
        .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t))
        .map((t) => join('docs', decodeURIComponent(t.split('#')[0]!))),
    );
    expect(docs.filter((f) => f !== join('docs', 'README.md') && !linked.has(f))).toEqual([]);
  });

  it(`keeps the README to ${MAX_README_LINES} lines`, () => {
    const lines = read('README.md').replace(/\n+$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('documents every setting of the server under docs/operating/', () => {
    const names = settingNames(read('apps/server/src/config/config.ts'));
    expect(names.length, `settings found in config.ts: ${names.join(', ')}`).toBeGreaterThan(10);
    const spans = markdownFiles('docs/operating').flatMap((f) =>
      [...read(f).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!),
    );
    const documented = (name: string) =>
      spans.some((span) => new RegExp(`(^|[^A-Z0-9_])${name}($|[^A-Z0-9_])`).test(span));
    expect(names.filter((name) => !documented(name))).toEqual([]);
  });
});
