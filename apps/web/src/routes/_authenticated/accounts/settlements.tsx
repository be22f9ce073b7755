import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { SettlementsPage } from '@/features/settlements';

// The history's filters (status, type, amount range) ride along as raw parameters; DataTable validates them by
// SETTLEMENTS_LIST.
const validateSearch = listSearchSchema;

export const Route = createFileRoute('/_authenticated/accounts/settlements')({
  validateSearch,
  component: function SettlementsRoute() {
    const navigate = Route.useNavigate();
    return (
      <SettlementsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
