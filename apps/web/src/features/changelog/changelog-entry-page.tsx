import Markdown from 'react-markdown';
import { Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { PageFrame } from '@/components/layout/page-frame';
import { Badge } from '@/components/ui/badge';
import { ChangeTypeBadge } from './change-type-badge';
import type { ChangelogEntry } from './changelog';
import { formatEntryDate } from './changelog-page';

const prose =
  'flex max-w-3xl flex-col gap-4 leading-7 [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6';

/** One changelog entry; its markdown is rendered without raw HTML (react-markdown's default, plus skipHtml). */
export function ChangelogEntryPage({ entry }: { entry: ChangelogEntry }) {
  return (
    <PageFrame
      title={entry.title}
      breadcrumb={[{ label: 'General' }, { label: 'Changelog', to: '/changelog' }, { label: entry.version }]}
      description={
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <ChangeTypeBadge type={entry.type} />
          <span className="font-medium text-foreground">{entry.version}</span>
          <span aria-hidden>·</span>
          <time dateTime={entry.date}>{formatEntryDate(entry.date)}</time>
          <span aria-hidden>·</span>
          <span>{entry.author}</span>
        </span>
      }
    >
      <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
        {entry.tags.map((t) => (
          <li key={t}>
            <Link to="/changelog" search={{ tag: t }}>
              <Badge variant="outline" className="hover:bg-accent">
                {t}
              </Badge>
            </Link>
          </li>
        ))}
      </ul>
      <div className={prose}>
        <Markdown skipHtml>{entry.content}</Markdown>
      </div>
      <Link to="/changelog" className="inline-flex items-center gap-2 text-sm hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        All changes
      </Link>
    </PageFrame>
  );
}
