import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '@/features/approvals/approvals-page';
import { approvalsSearchSchema } from '@/features/approvals/search';

export const Route = createFileRoute('/_authenticated/approvals/')({
  // The tab, the history list's filters and its open row live in the URL.
  validateSearch: approvalsSearchSchema,
  component: function ApprovalsRoute() {
    const navigate = Route.useNavigate();
    return (
      <ApprovalsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
