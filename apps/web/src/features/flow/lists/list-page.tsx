import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import { findNavEntry, type NavUrl } from '@/components/layout/nav-config';
import type { ListSearch } from '@/components/data-table';

/** What a list route hands its page: the filter state from the URL and how to change it. */
export interface ListPageProps {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}

/** The frame of a flow list: the title from the navigation, "Flow" as breadcrumb, optional actions. */
export function ListPage({
  path,
  description,
  actions,
  children,
}: {
  path: NavUrl;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const nav = findNavEntry(String(path));
  const title = nav?.item.title ?? String(path);
  return (
    <PageFrame
      title={title}
      description={description}
      breadcrumb={[{ label: nav?.group.title ?? 'Flow', to: '/flow' }, { label: title }]}
      actions={actions}
    >
      {children}
    </PageFrame>
  );
}

/** A small heading inside a details dialog. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-medium">{title}</h3>
      {children}
    </section>
  );
}
