import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { TransactionsPage } from '@/features/flow/lists';

export const Route = createFileRoute('/_authenticated/flow/transactions')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function TransactionsRoute() {
    const navigate = Route.useNavigate();
    return (
      <TransactionsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
