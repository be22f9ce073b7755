import { createFileRoute, notFound } from '@tanstack/react-router';
import { ChangelogEntryPage } from '@/features/changelog';

export const Route = createFileRoute('/_authenticated/changelog/$slug')({
  // The entries load with the page chunk, not the app's first bundle; an unknown slug is the not-found page.
  loader: async ({ params }) => {
    const { findChangelogEntry } = await import('@/features/changelog/find-entry');
    const entry = findChangelogEntry(params.slug);
    if (!entry) throw notFound();
    return entry;
  },
  component: function ChangelogEntryRoute() {
    return <ChangelogEntryPage entry={Route.useLoaderData()} />;
  },
});
