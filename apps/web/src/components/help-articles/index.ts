import type { HelpArticleModule } from '../../../build/help-articles';

export type HelpArticle = HelpArticleModule;

/** Every help-centre article (markdown in ./articles, rendered at build time), in reading order. */
export const HELP_ARTICLES: readonly HelpArticle[] = Object.values(
  import.meta.glob<HelpArticle>('./articles/*.md', { eager: true, import: 'default' }),
).sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

export function findHelpArticle(slug: string): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.slug === slug);
}

export { searchHelp, type HelpHit } from './search';
