import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/payouts')({
  component: () => <SectionPage path="/reports/payouts" />,
});
