import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/configurations/callback-configurations')({
  component: () => <SectionPage path="/configurations/callback-configurations" />,
});
