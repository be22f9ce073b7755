import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/aadhaar-uid-masking')({
  component: () => <SectionPage path="/fabric/aadhaar-uid-masking" />,
});
