import { createFileRoute } from '@tanstack/react-router';
import { optionalTextParam, searchSchema } from '@/lib/format/search-params';
import { ChangelogPage } from '@/features/changelog';

export const Route = createFileRoute('/_authenticated/changelog/')({
  validateSearch: searchSchema({ tag: optionalTextParam() }),
  component: function ChangelogRoute() {
    return <ChangelogPage tag={Route.useSearch().tag} />;
  },
});
