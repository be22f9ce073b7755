import { createFileRoute } from '@tanstack/react-router';
import { AccountBalancesPage } from '@/features/accounts/balances';

export const Route = createFileRoute('/_authenticated/accounts/account-balances')({
  component: AccountBalancesPage,
});
