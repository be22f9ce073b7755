import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/credit-report')({
  component: () => <SectionPage path="/fabric/credit-report" />,
});
