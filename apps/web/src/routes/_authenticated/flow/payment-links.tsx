import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { PaymentLinksPage } from '@/features/payment-links';

export const Route = createFileRoute('/_authenticated/flow/payment-links')({
  // Filters (the list's status included), page and the open link live in the URL; a bad value degrades to
  // its default.
  validateSearch: listSearchSchema,
  component: function PaymentLinksRoute() {
    const navigate = Route.useNavigate();
    return (
      <PaymentLinksPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
