import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/accounts/all-accounts')({
  component: () => <SectionPage path="/accounts/all-accounts" />,
});
