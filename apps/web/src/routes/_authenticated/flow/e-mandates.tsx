import { createFileRoute } from '@tanstack/react-router';
import { EMandatesPage } from '@/features/flow/mandates';
import { mandatesSearchSchema } from '@/features/flow/mandates/search';

export const Route = createFileRoute('/_authenticated/flow/e-mandates')({
  // The list's filters, the open row, the tab and the status filter live in the URL.
  validateSearch: mandatesSearchSchema,
  component: function EMandatesRoute() {
    const navigate = Route.useNavigate();
    return (
      <EMandatesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
