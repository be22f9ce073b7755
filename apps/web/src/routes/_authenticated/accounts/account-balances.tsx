import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '@/features/sections';

export const Route = createFileRoute('/_authenticated/accounts/account-balances')({
  component: () => <SectionPage path="/accounts/account-balances" />,
});
