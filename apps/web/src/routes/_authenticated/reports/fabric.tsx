import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/fabric')({
  component: () => <SectionPage path="/reports/fabric" />,
});
