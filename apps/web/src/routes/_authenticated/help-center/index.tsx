import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/help-center/')({
  component: () => <SectionPage path="/help-center" />,
});
