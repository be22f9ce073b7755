import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/api-usage')({
  component: () => <SectionPage path="/reports/api-usage" />,
});
