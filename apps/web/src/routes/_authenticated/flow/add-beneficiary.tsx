import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/flow/add-beneficiary')({
  component: () => <SectionPage path="/flow/add-beneficiary" />,
});
