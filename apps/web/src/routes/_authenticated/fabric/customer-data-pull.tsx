import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/customer-data-pull')({
  component: () => <SectionPage path="/fabric/customer-data-pull" />,
});
