import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/collection-requests')({
  component: () => <SectionPage path="/reports/collection-requests" />,
});
