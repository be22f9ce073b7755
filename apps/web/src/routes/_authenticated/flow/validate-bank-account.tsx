import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { ValidationsPage } from '@/features/flow/lists';

export const Route = createFileRoute('/_authenticated/flow/validate-bank-account')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function ValidationsRoute() {
    const navigate = Route.useNavigate();
    return (
      <ValidationsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
