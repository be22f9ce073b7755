import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/accounts/virtual-accounts')({
  component: () => <SectionPage path="/accounts/virtual-accounts" />,
});
