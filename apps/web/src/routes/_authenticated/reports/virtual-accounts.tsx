import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/virtual-accounts')({
  component: () => (
    <ReportScreen
      title="Virtual accounts report"
      description="Virtual accounts with their customer, balance, total collected and number of credits."
      types={['virtual_accounts']}
    />
  ),
});
