import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { EmptyState, PageFrame, type Crumb } from '@/components/layout/page-frame';
import { filterNavByPermissions, findNavEntry } from '@/components/layout/nav-config';
import { usePermissions } from '@/lib/api/user-details';
import { SECTIONS, type SectionInfo, type SectionPath } from './sections';

/**
 * The frame of a screen that is not built yet: title, breadcrumb, what it will hold and an honest empty state.
 * Overview pages also link to the screens of their navigation group.
 */
export function SectionPage({
  path,
  children,
  showEmpty = true,
}: {
  path: SectionPath;
  children?: ReactNode;
  /** False when the page has something real to show instead of its empty state. */
  showEmpty?: boolean;
}) {
  const info: SectionInfo = SECTIONS[path];
  const nav = findNavEntry(path);
  const title = info.title ?? nav?.item.title ?? path;
  const sections: Record<string, SectionInfo | undefined> = SECTIONS;
  // Group crumb links to the group's overview page, when it has one and it is not this page.
  const overviewUrl = nav?.group.items.find((i) => sections[String(i.url)]?.overview)?.url;
  const breadcrumb: Crumb[] = nav
    ? [
        {
          label: nav.group.title,
          to: overviewUrl !== undefined && overviewUrl !== path ? overviewUrl : undefined,
        },
      ]
    : [];
  breadcrumb.push({ label: title });
  const permissions = usePermissions()?.permissions;
  const links =
    info.overview && nav
      ? (filterNavByPermissions([nav.group], permissions)[0]?.items ?? []).filter((i) => i.url !== path)
      : [];

  return (
    <PageFrame title={title} description={info.description} breadcrumb={breadcrumb}>
      {children}
      {links.length > 0 && (
        <nav aria-label={`${nav?.group.title ?? title} screens`}>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {links.map(({ title: label, url, icon: Icon }) => {
              const hint = sections[String(url)]?.description;
              return (
                <li key={String(url)}>
                  <Link
                    to={url}
                    className="flex h-full gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="flex flex-col gap-1">
                      <span className="font-medium">{label}</span>
                      {hint && <span className="text-sm text-muted-foreground">{hint}</span>}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {showEmpty && (
        <EmptyState icon={nav?.item.icon} title={info.empty}>
          {info.emptyHint}
        </EmptyState>
      )}
    </PageFrame>
  );
}
