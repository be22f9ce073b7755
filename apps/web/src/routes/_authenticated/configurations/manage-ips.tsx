import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/configurations/manage-ips')({
  component: () => <SectionPage path="/configurations/manage-ips" />,
});
