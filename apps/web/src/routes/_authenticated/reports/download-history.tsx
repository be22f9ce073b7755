import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/download-history')({
  component: () => <SectionPage path="/reports/download-history" />,
});
