import { createFileRoute } from '@tanstack/react-router';
import { allAccountsSearchSchema } from '@/features/accounts/all-accounts/account-search';
import { AllAccountsPage } from '@/features/accounts/all-accounts';

export const Route = createFileRoute('/_authenticated/accounts/all-accounts')({
  // The accounts list's filters and the selected account's transactions (account, page) live in the URL.
  validateSearch: allAccountsSearchSchema,
  component: function AllAccountsRoute() {
    const navigate = Route.useNavigate();
    // The router merges parent routes' raw parameters back in: parse again.
    const search = allAccountsSearchSchema(Route.useSearch());
    return <AllAccountsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
  },
});
