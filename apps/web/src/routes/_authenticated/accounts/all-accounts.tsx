import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@/components/data-table/list-search';
import { AllAccountsPage } from '@/features/accounts/all-accounts';

export const Route = createFileRoute('/_authenticated/accounts/all-accounts')({
  // The accounts list's filters live in the URL like every list's. The selected account and its transactions'
  // page (account_number, account_name, account_kind, page_index, page_size, reference) are in the URL too but
  // parsed by the page (features/accounts/all-accounts/account-search.ts), out of the first bundle: the root
  // route keeps every raw parameter, so they reach the page.
  validateSearch: listSearchSchema,
  component: function AllAccountsRoute() {
    const navigate = Route.useNavigate();
    return (
      <AllAccountsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />
    );
  },
});
