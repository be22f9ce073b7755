import { createFileRoute } from '@tanstack/react-router';
import { EMandatesPage, mandatesSearchSchema } from '@/features/flow/mandates';

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
