import { useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import Search from 'lucide-react/icons/search';
import { HELP_ARTICLES, searchHelp } from '@/components/help-articles';
import { PageFrame } from '@/components/layout/page-frame';
import { Input } from '@/components/ui/input';
import { SupportPanel } from './support-panel';

/** Articles grouped by module, in reading order. */
function byModule() {
  const groups = new Map<string, (typeof HELP_ARTICLES)[number][]>();
  for (const a of HELP_ARTICLES) groups.set(a.module, [...(groups.get(a.module) ?? []), a]);
  return [...groups];
}

/** /help-center: search the articles (the query is in the URL), read them by module, and contact support. */
export function HelpCenterPage({ q }: { q: string | undefined }) {
  const navigate = useNavigate();
  const query = q ?? '';
  const setQuery = (value: string) =>
    void navigate({ to: '/help-center', search: value ? { q: value } : {}, replace: true });

  return (
    <PageFrame
      title="Help center"
      breadcrumb={[{ label: 'General' }, { label: 'Help center' }]}
      description="Guides for every module of the dashboard, and a way to reach Meridian support."
    >
      <div className="grid min-w-0 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search the help centre"
              placeholder="Search articles: signature, UTR, 0004, API key…"
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          {query.trim() ? <SearchResults query={query} /> : <ArticlesByModule />}
        </div>
        <SupportPanel />
      </div>
    </PageFrame>
  );
}

/** The articles (and sections) that match the query, each with its excerpt and the matches marked. */
function SearchResults({ query }: { query: string }) {
  const hits = useMemo(() => searchHelp(HELP_ARTICLES, query), [query]);
  return (
    <section aria-label="Search results" className="flex flex-col gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {hits.length
          ? `${hits.length} ${hits.length === 1 ? 'article matches' : 'articles match'} “${query.trim()}”.`
          : `No article matches “${query.trim()}”.`}
      </p>
      <ul className="flex flex-col gap-3">
        {hits.map((hit) => (
          <li key={hit.article.slug} className="rounded-md border p-3">
            <Link
              to="/help-center/$slug"
              params={{ slug: hit.article.slug }}
              hash={hit.sectionId || undefined}
              className="font-medium hover:underline"
            >
              {hit.article.title}
            </Link>
            {hit.sectionHeading && (
              <span className="text-sm text-muted-foreground"> · {hit.sectionHeading}</span>
            )}
            <p className="mt-1 text-sm break-words text-muted-foreground">
              {hit.excerpt.map((s, i) =>
                s.match ? (
                  <mark
                    key={i}
                    className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-700"
                  >
                    {s.text}
                  </mark>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every article, grouped by module, in reading order. */
function ArticlesByModule() {
  return (
    <nav aria-label="Articles by module" className="flex flex-col gap-5">
      {byModule().map(([module, articles]) => (
        <section key={module} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{module}</h2>
          <ul className="flex flex-col gap-2">
            {articles.map((a) => (
              <li key={a.slug}>
                <Link
                  to="/help-center/$slug"
                  params={{ slug: a.slug }}
                  className="font-medium hover:underline"
                >
                  {a.title}
                </Link>
                <p className="text-sm text-muted-foreground">{a.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
