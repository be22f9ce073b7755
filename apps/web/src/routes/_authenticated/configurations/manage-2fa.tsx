import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/configurations/manage-2fa')({
  component: () => <SectionPage path="/configurations/manage-2fa" />,
});
