import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/credit-consumption')({
  component: () => <SectionPage path="/reports/credit-consumption" />,
});
