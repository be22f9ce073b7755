import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/cas-reports')({
  component: () => <SectionPage path="/reports/cas-reports" />,
});
