import { describe, expect, it } from 'vitest';
import { renderArticle } from '../../../build/help-articles';
import { HELP_ARTICLES, findHelpArticle } from '.';
import { excerptOf, searchHelp } from './search';

const md = (body: string) => `---\ntitle: T\nsummary: S\nmodule: M\nkeywords: a, b\n---\n${body}`;

describe('rendering an article at build time', () => {
  it('renders a code block escaped, with its language', () => {
    const { html } = renderArticle(md('```js\nconst a = 1 < 2 && "<b>";\n```\n'), '/x/articles/t.md');
    expect(html).toContain(
      '<pre><code class="language-js">const a = 1 &lt; 2 &amp;&amp; &quot;&lt;b&gt;&quot;;\n</code></pre>',
    );
  });

  it('renders a table', () => {
    const { html } = renderArticle(md('| a | b |\n| --- | --- |\n| `1` | two |\n'), '/x/articles/t.md');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>a<\/th>\s*<th>b<\/th>/);
    expect(html).toMatch(/<td><code>1<\/code><\/td>\s*<td>two<\/td>/);
  });

  it('gives headings ids and self links, and lists them', () => {
    const a = renderArticle(
      md('## Verifying in Node.js\n\ntext\n\n## Verifying in Node.js\n'),
      '/x/articles/t.md',
    );
    expect(a.html).toContain('<h2 id="verifying-in-node-js"><a class="anchor" href="#verifying-in-node-js">');
    expect(a.headings.map((h) => h.id)).toEqual(['verifying-in-node-js', 'verifying-in-node-js-1']);
    expect(a.sections.find((s) => s.id === 'verifying-in-node-js')).toEqual({
      id: 'verifying-in-node-js',
      heading: 'Verifying in Node.js',
      text: 'text',
    });
  });

  it('escapes raw HTML and drops unsafe links; article links go to the help centre', () => {
    const { html } = renderArticle(
      md(
        '<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](help:security#api-keys) [z](https://e.test)',
      ),
      '/x/articles/t.md',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="/help-center/security#api-keys">y</a>');
    expect(html).toContain('<a href="https://e.test" rel="noopener noreferrer" target="_blank">z</a>');
  });

  it('refuses an article without front matter', () => {
    expect(() => renderArticle('# no front matter', '/x/articles/t.md')).toThrow(/front matter/);
  });
});

describe('the articles', () => {
  it('cover every module, each with a unique slug and links to existing articles', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(7);
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
    for (const a of HELP_ARTICLES)
      for (const [, slug] of a.html.matchAll(/href="\/help-center\/([a-z0-9-]+)/g))
        expect(findHelpArticle(slug!), `${a.slug} links to ${slug}`).toBeDefined();
  });
});

describe('searching the help centre', () => {
  const slugs = (q: string) => searchHelp(HELP_ARTICLES, q).map((h) => h.article.slug);

  it('ranks a title and keyword match first', () => {
    expect(slugs('signature')[0]).toBe('callbacks-and-signatures');
    expect(slugs('API key')[0]).toBe('security');
    expect(slugs('0004')[0]).toBe('sandbox-test-accounts');
  });

  it('needs every term, and finds nothing for nonsense or an empty query', () => {
    expect(slugs('signature python')).toEqual(['callbacks-and-signatures']);
    expect(slugs('zzqx')).toEqual([]);
    expect(slugs('   ')).toEqual([]);
  });

  it('points at the best section, with the matches highlighted in its excerpt', () => {
    const [hit] = searchHelp(HELP_ARTICLES, 'compare_digest');
    expect(hit!.sectionId).toBe('verifying-in-python');
    expect(hit!.excerpt.some((s) => s.match && s.text === 'compare_digest')).toBe(true);
  });

  it('cuts an excerpt around the first match', () => {
    const text = `${'word '.repeat(100)}needle ${'word '.repeat(100)}`;
    const ex = excerptOf(text, ['needle'], 60);
    expect(ex[0]).toEqual({ text: '…', match: false });
    expect(ex.filter((s) => s.match)).toEqual([{ text: 'needle', match: true }]);
    expect(ex.at(-1)).toEqual({ text: '…', match: false });
  });
});
