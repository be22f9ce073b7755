import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ApiUsagePage } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/api-usage')({
  // The usage list's filters and page live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function ApiUsageRoute() {
    const navigate = Route.useNavigate();
    return <ApiUsagePage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
