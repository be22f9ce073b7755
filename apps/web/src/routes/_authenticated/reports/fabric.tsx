import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/fabric')({
  component: () => (
    <ReportScreen
      title="Fabric report"
      description="Every KYC call across products, masked as the logs are, with the credits charged."
      types={['fabric']}
    />
  ),
});
