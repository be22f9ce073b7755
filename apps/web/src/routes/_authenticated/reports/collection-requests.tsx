import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/collection-requests')({
  component: () => (
    <ReportScreen
      title="Collection requests"
      description="Payment links and e-mandate debits with their status and the provider that carried them."
      types={['collection_requests']}
    />
  ),
});
