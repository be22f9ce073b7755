import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { PayoutsPage } from '@/features/flow/lists';

export const Route = createFileRoute('/_authenticated/flow/payouts')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function PayoutsRoute() {
    const navigate = Route.useNavigate();
    return <PayoutsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
