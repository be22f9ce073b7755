import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { EMandatesPage } from '@/features/flow/mandates';

type Input = Parameters<typeof listSearchSchema>[0] & { tab?: unknown };

export const Route = createFileRoute('/_authenticated/flow/e-mandates')({
  // The list's filters, the open row and the tab live in the URL; a bad value degrades to its default.
  validateSearch: (input: Input) => ({
    ...listSearchSchema(input),
    ...(input.tab === 'presentations' ? { tab: 'presentations' as const } : {}),
  }),
  component: function EMandatesRoute() {
    const navigate = Route.useNavigate();
    return (
      <EMandatesPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
