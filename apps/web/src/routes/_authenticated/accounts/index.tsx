import { createFileRoute } from '@tanstack/react-router';
import { AccountsHomePage } from '@/features/accounts/home';

export const Route = createFileRoute('/_authenticated/accounts/')({
  component: AccountsHomePage,
});
