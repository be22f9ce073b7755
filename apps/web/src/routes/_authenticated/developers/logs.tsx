import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { RequestLogPage } from '@/features/developers/request-log-page';

export const Route = createFileRoute('/_authenticated/developers/logs')({
  // Filters, page and the open request live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function RequestLogRoute() {
    const navigate = Route.useNavigate();
    return (
      <RequestLogPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
