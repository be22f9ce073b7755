import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/face-match')({
  component: () => <SectionPage path="/fabric/face-match" />,
});
