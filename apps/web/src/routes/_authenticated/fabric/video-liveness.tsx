import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/video-liveness')({
  component: () => <SectionPage path="/fabric/video-liveness" />,
});
