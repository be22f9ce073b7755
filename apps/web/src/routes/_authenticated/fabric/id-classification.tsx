import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/id-classification')({
  component: () => <SectionPage path="/fabric/id-classification" />,
});
