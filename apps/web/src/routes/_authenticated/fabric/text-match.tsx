import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/text-match')({
  component: () => <SectionPage path="/fabric/text-match" />,
});
