import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/reports/vba-mis')({
  component: () => <SectionPage path="/reports/vba-mis" />,
});
