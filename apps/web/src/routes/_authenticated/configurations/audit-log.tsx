import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { AuditLogPage } from '@/features/configurations';

export const Route = createFileRoute('/_authenticated/configurations/audit-log')({
  // Filters, page and the open record live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function AuditLogRoute() {
    const navigate = Route.useNavigate();
    return <AuditLogPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
