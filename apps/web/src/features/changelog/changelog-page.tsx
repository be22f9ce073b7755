import { format, parseISO } from 'date-fns';
import { Link } from '@tanstack/react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Badge } from '@/components/ui/badge';
import { cx } from '@/lib/cx';
import { ChangeTypeBadge } from './change-type-badge';
import { collectTags, filterByTag, sortEntries } from './changelog';
import { CHANGELOG_ENTRIES } from './entries';

const ENTRIES = sortEntries(CHANGELOG_ENTRIES);
const TAGS = collectTags(ENTRIES);

export const formatEntryDate = (date: string) => format(parseISO(date), 'MMM dd, yyyy');

const chipBase =
  'rounded-full border px-3 py-1 text-sm transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';
const chip = (active: boolean) =>
  cx(
    chipBase,
    active ? 'border-primary bg-primary text-primary-foreground hover:bg-primary/90' : 'hover:bg-accent',
  );

/** The changelog, newest first, filtered by the tag in the URL (?tag=…). */
export function ChangelogPage({ tag }: { tag: string | undefined }) {
  const active = tag && TAGS.includes(tag) ? tag : undefined;
  const entries = filterByTag(ENTRIES, active);
  return (
    <PageFrame
      title="Changelog"
      description="New features and improvements to the Meridian dashboard and APIs."
      breadcrumb={[{ label: 'General' }, { label: 'Changelog' }]}
    >
      <nav aria-label="Filter by tag">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/changelog"
              search={{}}
              className={chip(!active)}
              aria-current={!active ? 'true' : undefined}
            >
              All
            </Link>
          </li>
          {TAGS.map((t) => (
            <li key={t}>
              <Link
                to="/changelog"
                search={{ tag: t }}
                className={chip(active === t)}
                aria-current={active === t ? 'true' : undefined}
              >
                {t}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ol className="flex flex-col gap-4">
        {entries.map((e) => (
          <li key={e.slug}>
            <article className="flex flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground">
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <ChangeTypeBadge type={e.type} />
                <span className="font-medium text-foreground">{e.version}</span>
                <span aria-hidden>·</span>
                <time dateTime={e.date}>{formatEntryDate(e.date)}</time>
              </div>
              <h2 className="text-xl font-semibold">
                <Link to="/changelog/$slug" params={{ slug: e.slug }} className="hover:underline">
                  {e.title}
                </Link>
              </h2>
              <p className="text-muted-foreground">{e.excerpt}</p>
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {e.tags.map((t) => (
                  <li key={t}>
                    <Badge variant="outline">{t}</Badge>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
    </PageFrame>
  );
}
