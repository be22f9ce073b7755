import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { BeneficiariesPage } from '@/features/flow/lists';

export const Route = createFileRoute('/_authenticated/flow/beneficiaries')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function BeneficiariesRoute() {
    const navigate = Route.useNavigate();
    return (
      <BeneficiariesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
