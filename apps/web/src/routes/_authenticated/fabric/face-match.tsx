import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { FabricListPage } from '@/features/fabric/lists';

export const Route = createFileRoute('/_authenticated/fabric/face-match')({
  // Filters, page and the open row live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function FaceMatchRoute() {
    const navigate = Route.useNavigate();
    return (
      <FabricListPage
        slug="face-match"
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search })}
      />
    );
  },
});
