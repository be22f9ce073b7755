import type { MouseEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { HelpArticle } from '@/components/help-articles';
import { PageFrame } from '@/components/layout/page-frame';
import { ARTICLE_PROSE } from './prose';

/**
 * One help article. Its HTML was rendered at build time from our own markdown with raw HTML escaped and only
 * safe links kept (build/help-articles.ts); links to other articles navigate inside the app.
 */
export function HelpArticlePage({ article }: { article: HelpArticle }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const m = /^\/help-center\/([a-z0-9-]+)(?:#([a-z0-9-]+))?$/.exec(href);
    if (m) {
      e.preventDefault();
      void navigate({ to: '/help-center/$slug', params: { slug: m[1]! }, hash: m[2] });
    } else if (href === '/help-center') {
      e.preventDefault();
      void navigate({ to: '/help-center' });
    }
  };
  return (
    <PageFrame
      title={article.title}
      breadcrumb={[
        { label: 'General' },
        { label: 'Help center', to: '/help-center' },
        { label: article.module },
      ]}
      description={article.summary}
    >
      {article.headings.length > 1 && (
        <nav aria-label="On this page" className="text-sm">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {article.headings.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`} className="text-muted-foreground hover:underline">
                  {h.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={ARTICLE_PROSE} onClick={onClick} dangerouslySetInnerHTML={{ __html: article.html }} />
      <Link to="/help-center" className="inline-flex items-center gap-2 text-sm hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        All articles
      </Link>
    </PageFrame>
  );
}
