import type { HelpArticleModule } from '../../../build/help-articles';

/** A piece of an excerpt; `match` pieces are highlighted. */
export type Segment = { text: string; match: boolean };
export type HelpHit = {
  article: HelpArticleModule;
  score: number;
  /** The section the excerpt comes from ('' for the introduction). */
  sectionId: string;
  sectionHeading: string;
  excerpt: Segment[];
};

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
const terms = (query: string) =>
  [...new Set(norm(query).split(/[^\p{L}\p{N}_@-]+/u))].filter((t) => t.length >= 2 || /\d/.test(t));
const count = (hay: string, term: string) => {
  let n = 0;
  for (let i = hay.indexOf(term); i !== -1; i = hay.indexOf(term, i + term.length)) n++;
  return n;
};

/** Weights of where a term is found: a title match outranks a keyword, a heading and then the body. */
const WEIGHT = { title: 10, keyword: 6, heading: 4, summary: 3, body: 1 } as const;

/** Cuts ~`width` characters of `text` around the first match and marks every match of the terms. */
export function excerptOf(text: string, words: string[], width = 160): Segment[] {
  const lower = norm(text);
  const first = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), Infinity);
  const at = first === Infinity ? 0 : first;
  let start = Math.max(0, at - Math.floor(width / 3));
  if (start > 0) start = text.lastIndexOf(' ', start) + 1;
  let end = Math.min(text.length, start + width);
  if (end < text.length) end = Math.max(text.indexOf(' ', end), end);
  if (end === -1) end = text.length;
  const slice = text.slice(start, end);
  const lowSlice = norm(slice);
  const marks: [number, number][] = [];
  for (const w of words)
    for (let i = lowSlice.indexOf(w); i !== -1; i = lowSlice.indexOf(w, i + w.length))
      marks.push([i, i + w.length]);
  marks.sort((a, b) => a[0] - b[0]);
  const out: Segment[] = [];
  let pos = 0;
  if (start > 0) out.push({ text: '…', match: false });
  for (const [s, e] of marks) {
    if (s < pos) continue;
    if (s > pos) out.push({ text: slice.slice(pos, s), match: false });
    out.push({ text: slice.slice(s, e), match: true });
    pos = e;
  }
  if (pos < slice.length) out.push({ text: slice.slice(pos), match: false });
  if (end < text.length) out.push({ text: '…', match: false });
  return out;
}

/**
 * Full-text search over titles, keywords, summaries, headings and bodies. Every term must occur somewhere in an
 * article (terms are words of 2+ characters, or any digits; a term matches the start or middle of a word).
 * Ranked by weighted occurrences; the excerpt comes from the section that matches best.
 */
export function searchHelp(articles: readonly HelpArticleModule[], query: string, limit = 20): HelpHit[] {
  const words = terms(query);
  if (!words.length) return [];
  const hits: HelpHit[] = [];
  for (const article of articles) {
    const title = norm(article.title);
    const keywords = norm(article.keywords.join(' , '));
    const summary = norm(article.summary);
    const sections = article.sections.map((s) => ({ ...s, h: norm(s.heading), t: norm(s.text) }));
    let score = 0;
    let allFound = true;
    for (const w of words) {
      const inTitle = count(title, w);
      const inKeywords = count(keywords, w);
      const inSummary = count(summary, w);
      const inHeadings = sections.reduce((n, s) => n + count(s.h, w), 0);
      const inBody = sections.reduce((n, s) => n + count(s.t, w), 0);
      if (!inTitle && !inKeywords && !inSummary && !inHeadings && !inBody) {
        allFound = false;
        break;
      }
      score +=
        WEIGHT.title * inTitle +
        WEIGHT.keyword * inKeywords +
        WEIGHT.summary * inSummary +
        WEIGHT.heading * inHeadings +
        WEIGHT.body * Math.min(inBody, 10);
    }
    if (!allFound) continue;
    let best = sections[0]!;
    let bestScore = -1;
    for (const s of sections) {
      const sScore = words.reduce(
        (n, w) =>
          n + (count(s.h, w) ? WEIGHT.heading : 0) + (count(s.t, w) ? 2 : 0) + Math.min(count(s.t, w), 3),
        0,
      );
      if (sScore > bestScore) [best, bestScore] = [s, sScore];
    }
    const source = best.text || article.summary;
    hits.push({
      article,
      score,
      sectionId: best.id,
      sectionHeading: best.heading,
      excerpt: excerptOf(source, words),
    });
  }
  return hits.sort((a, b) => b.score - a.score || a.article.order - b.article.order).slice(0, limit);
}
