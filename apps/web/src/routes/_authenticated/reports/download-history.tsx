import { createFileRoute } from '@tanstack/react-router';
import { DownloadHistoryPage } from '@/features/reports';
import { historySearchSchema } from '@/features/reports/search';

export const Route = createFileRoute('/_authenticated/reports/download-history')({
  // The list's filters, the open report, status, type and company live in the URL; bad values degrade.
  validateSearch: historySearchSchema,
  component: function DownloadHistoryRoute() {
    const navigate = Route.useNavigate();
    return (
      <DownloadHistoryPage
        search={Route.useSearch()}
        onSearchChange={(search) => void navigate({ search })}
      />
    );
  },
});
