import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/mobile-to-x')({
  component: () => <SectionPage path="/fabric/mobile-to-x" />,
});
