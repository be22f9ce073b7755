import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/payouts')({
  component: () => (
    <ReportScreen
      title="Payouts report"
      description="Every payout of a range with beneficiary, amount, status, UTR and status message, as CSV, XLSX, JSON or PDF."
      types={['payouts']}
    />
  ),
});
