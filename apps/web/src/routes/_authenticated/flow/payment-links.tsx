import { createFileRoute } from '@tanstack/react-router';
import { PaymentLinksPage } from '@/features/payment-links';
import { paymentLinksSearchSchema } from '@/features/payment-links/link-search';

export const Route = createFileRoute('/_authenticated/flow/payment-links')({
  // Filters (status included), page and the open link live in the URL; a bad value degrades to its default.
  validateSearch: paymentLinksSearchSchema,
  component: function PaymentLinksRoute() {
    const navigate = Route.useNavigate();
    return (
      <PaymentLinksPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
