import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/beneficiary-report')({
  component: () => (
    <ReportScreen
      title="Beneficiary report"
      description="Beneficiaries with their bank details, status and the latest validation of their account."
      types={['beneficiaries']}
    />
  ),
});
