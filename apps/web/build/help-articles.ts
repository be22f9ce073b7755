import { Marked, type Tokens } from 'marked';
import type { Plugin } from 'vite';

/** A help-centre article as its module exports it: front matter, HTML rendered at build time, search text. */
export type HelpArticleModule = {
  slug: string;
  title: string;
  summary: string;
  module: string;
  keywords: string[];
  order: number;
  html: string;
  headings: { id: string; text: string }[];
  /** Plain text by section (the part before the first heading has an empty id), for search and excerpts. */
  sections: { id: string; heading: string; text: string }[];
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const stripTags = (html: string) =>
  decode(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Where a link may go: another article (`help:slug` → /help-center/slug), a heading, our pages or https. */
function safeHref(href: string): string | null {
  const article = /^help:([a-z0-9-]+)(#[a-z0-9-]+)?$/.exec(href);
  if (article) return `/help-center/${article[1]}${article[2] ?? ''}`;
  if (/^(https?:\/\/|mailto:|#|\/(?!\/))/i.test(href)) return href;
  return null;
}

/** Splits `---` front matter (`key: value` lines; `keywords` a comma list) from the markdown. */
export function parseFrontMatter(source: string, file: string) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!m) throw new Error(`${file}: an article starts with front matter between --- lines`);
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]!] = kv[2]!.trim();
  }
  for (const key of ['title', 'summary', 'module', 'keywords'])
    if (!meta[key]) throw new Error(`${file}: front matter needs ${key}`);
  return { meta, body: m[2]! };
}

/**
 * Renders one article's markdown to HTML: raw HTML in the markdown is shown as text (escaped), links only go to
 * other articles, headings or http(s)/mailto, headings get ids and a self link, code blocks are escaped
 * (`language-x` class), tables are GitHub's.
 */
export function renderArticle(source: string, file: string): HelpArticleModule {
  const { meta, body } = parseFrontMatter(source, file);
  const headings: { id: string; text: string }[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        let id = headingId(inner) || 'section';
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n) id = `${id}-${n}`;
        if (depth >= 2) headings.push({ id, text: stripTags(inner) });
        return `<h${depth} id="${id}"><a class="anchor" href="#${id}">${inner}</a></h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const safe = safeHref(href);
        if (!safe) return inner;
        const external = /^https?:/i.test(safe);
        return `<a href="${escapeHtml(safe)}"${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${inner}</a>`;
      },
      image({ text }: Tokens.Image) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(body, { async: false });
  // Sections of plain text between headings (h2/h3), for search and excerpts.
  const sections: HelpArticleModule['sections'] = [];
  const parts = html.split(/(?=<h[23] id=")/);
  for (const part of parts) {
    const h = /^<h[23] id="([^"]+)">([\s\S]*?)<\/h[23]>/.exec(part);
    sections.push({
      id: h?.[1] ?? '',
      heading: h ? stripTags(h[2]!) : '',
      text: stripTags(h ? part.slice(h[0].length) : part),
    });
  }
  const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
  return {
    slug,
    title: meta['title']!,
    summary: meta['summary']!,
    module: meta['module']!,
    keywords: meta['keywords']!.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    order: Number(meta['order'] ?? 100),
    html,
    headings,
    sections,
  };
}

/** Vite: a `.md` help article imports as its rendered module (no markdown library in the browser). */
export function helpArticles(): Plugin {
  return {
    name: 'meridian-help-articles',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/help-articles\/articles\/[a-z0-9-]+\.md$/.test(id)) return null;
      return { code: `export default ${JSON.stringify(renderArticle(code, id))};`, map: null };
    },
  };
}
