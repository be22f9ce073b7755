import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { BulkCapabilitiesPage } from '@/features/flow/bulk';

export const Route = createFileRoute('/_authenticated/flow/bulk-capabilities')({
  // The bulk list's filters live in the URL like every list's. The selected bulk (bulk_urn, bulk_type,
  // bulk_day) and its line items' filter (li_…) are in the URL too but parsed by the page
  // (features/flow/bulk/bulk-state.ts), out of the first bundle: the root route keeps every raw parameter.
  validateSearch: listSearchSchema,
  component: function BulkCapabilitiesRoute() {
    const navigate = Route.useNavigate();
    return (
      <BulkCapabilitiesPage
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search })}
      />
    );
  },
});
