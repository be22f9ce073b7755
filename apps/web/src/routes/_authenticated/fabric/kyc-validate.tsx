import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/fabric/kyc-validate')({
  component: () => <SectionPage path="/fabric/kyc-validate" />,
});
