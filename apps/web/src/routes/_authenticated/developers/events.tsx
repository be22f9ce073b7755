import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { EventsPage } from '@/features/developers/events-page';

export const Route = createFileRoute('/_authenticated/developers/events')({
  // Filters, page, the search (an event id) and the open event live in the URL; a bad value degrades to its default.
  validateSearch: listSearchSchema,
  component: function EventsRoute() {
    const navigate = Route.useNavigate();
    return <EventsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
