import { createFileRoute } from '@tanstack/react-router';
import { optionalTextParam, searchSchema } from '@/lib/format/search-params';
import { HelpCenterPage } from '@/features/help-center';

export const Route = createFileRoute('/_authenticated/help-center/')({
  validateSearch: searchSchema({ q: optionalTextParam() }),
  component: function HelpCenterRoute() {
    return <HelpCenterPage q={Route.useSearch().q} />;
  },
});
