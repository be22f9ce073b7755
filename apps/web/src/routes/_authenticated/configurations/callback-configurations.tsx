import { createFileRoute } from '@tanstack/react-router';
import { CallbacksPage } from '@/features/callbacks';
import { callbacksSearchSchema } from '@/features/callbacks/search';

export const Route = createFileRoute('/_authenticated/configurations/callback-configurations')({
  // The delivery log's filters, page and open delivery live in the URL; a bad value degrades to its default.
  validateSearch: callbacksSearchSchema,
  component: function CallbackConfigurationsRoute() {
    const navigate = Route.useNavigate();
    return (
      <CallbacksPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
