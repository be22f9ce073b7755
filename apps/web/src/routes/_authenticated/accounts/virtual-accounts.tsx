import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { VirtualAccountsPage } from '@/features/accounts/virtual-accounts';

export const Route = createFileRoute('/_authenticated/accounts/virtual-accounts')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function VirtualAccountsRoute() {
    const navigate = Route.useNavigate();
    return (
      <VirtualAccountsPage
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search })}
      />
    );
  },
});
