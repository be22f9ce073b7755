import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/beneficiary-report')({
  component: () => <SectionPage path="/reports/beneficiary-report" />,
});
