import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/vba-mis')({
  component: () => (
    <ReportScreen
      title="MIS reports"
      description="The bank MIS files: virtual-account credits (VBA, e-collect, UPI), NACH and UPI-autopay debits and registrations, validations, settlements and the audit trail."
      types={[
        'vba_mis',
        'ecollect_mis',
        'upi_mis',
        'nach_presentation_mis',
        'nach_registration_mis',
        'upi_autopay_mis',
        'validation_mis',
        'commission_settlement',
        'audit',
      ]}
    />
  ),
});
