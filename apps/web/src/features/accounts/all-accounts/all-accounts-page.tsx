import { useMemo } from 'react';
import { ACCOUNTS_LIST, type ManagedAccount } from '@meridian/contract/accounts';
import ListIcon from 'lucide-react/icons/list';
import { DataTable, type ColumnKey, type ColumnOverrides, type ListSearch } from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { Button } from '@/components/ui/button';
import { allAccountsEndpoints } from '../api/all-accounts';
import { AccountsPage, ACCOUNT_STATUS_VARIANTS, KIND_LABELS } from '../accounts-page';
import { allAccountsSearchSchema, type AllAccountsSearch } from './account-search';
import { AccountTransactionsPanel } from './account-transactions-panel';
import {
  resolveTransactionsState,
  withAccount,
  withPageIndex,
  withPageSize,
  withReference,
  type SelectedAccount,
} from './account-transactions-state';

const selectedOf = (a: ManagedAccount): SelectedAccount => ({
  number: a.account_number,
  name: a.account_name,
  kind: a.kind,
});

/** The transactions' part of the URL, kept when the accounts list's filters change. */
const TRANSACTION_KEYS = [
  'account_number',
  'account_name',
  'account_kind',
  'page_index',
  'page_size',
  'reference',
] as const;

export interface AllAccountsPageProps {
  /** The route's search: the list's filter, with the raw transaction parameters beside it (parsed here). */
  search: ListSearch;
  onSearchChange: (next: AllAccountsSearch) => void;
}

/**
 * The page's own cells: the name with the account number's copy button and the named control that shows the
 * account's transactions (the row and its account number select too; the button is for keyboard and
 * screen-reader users). The account number's cell is the row's button, so it holds no control of its own.
 */
function useAccountColumns(
  search: AllAccountsSearch,
  select: (account: SelectedAccount | undefined) => void,
) {
  return useMemo<ColumnOverrides<ManagedAccount, ColumnKey<typeof ACCOUNTS_LIST>>>(
    () => ({
      cells: {
        account_name: (a) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="max-w-48 truncate" title={a.account_name}>
              {a.account_name}
            </span>
            <span className="flex items-center gap-1" onClick={(e) => e.stopPropagation()}>
              <CopyButton value={a.account_number} label={`Copy account number ${a.account_number}`} />
              <Button
                variant="outline"
                size="sm"
                aria-label={`Transactions of ${a.account_name}`}
                onClick={() => select(selectedOf(a))}
              >
                <ListIcon aria-hidden />
                Transactions
              </Button>
            </span>
          </span>
        ),
        kind: (a) => KIND_LABELS[a.kind] ?? a.kind,
      },
      statusVariants: { status: ACCOUNT_STATUS_VARIANTS },
      primary: 'account_number',
      cards: { account_name: 'primary' },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- select reads the current search
    [search],
  );
}

/**
 * /accounts/all-accounts: the client's current and virtual accounts; selecting one (its row, or its
 * Transactions button) shows its transactions below the list, paged by pageIndex/pageSize.
 */
export function AllAccountsPage({ search: routeSearch, onSearchChange }: AllAccountsPageProps) {
  // The list's own filters (kind) ride along as raw parameters; DataTable validates them by the definition.
  const search = useMemo<AllAccountsSearch>(
    () => ({
      ...routeSearch,
      ...allAccountsSearchSchema(routeSearch as Parameters<typeof allAccountsSearchSchema>[0]),
    }),
    [routeSearch],
  );
  const state = resolveTransactionsState(search);
  const select = (account: SelectedAccount | undefined) => onSearchChange(withAccount(search, account));
  const columns = useAccountColumns(search, select);

  const keepTransactions = (next: ListSearch) => {
    const kept: AllAccountsSearch = { ...next };
    for (const key of TRANSACTION_KEYS) {
      if (search[key] !== undefined) (kept as Record<string, unknown>)[key] = search[key];
    }
    onSearchChange(kept);
  };

  return (
    <AccountsPage
      path="/accounts/all-accounts"
      description="Your current accounts and virtual accounts with their balances. Select one to see its transactions."
    >
      <DataTable
        list={ACCOUNTS_LIST}
        endpoints={allAccountsEndpoints}
        {...columns}
        rowId={(a) => a.account_number}
        selection={{
          selected: state.account?.number,
          onSelect: (a) => select(selectedOf(a)),
          hint: 'show transactions',
        }}
        empty={{
          title: 'No accounts created in this date range',
          hint: 'Try a wider date range; virtual accounts appear here as you create them.',
        }}
        search={search}
        onSearchChange={keepTransactions}
      />
      {state.account ? (
        <AccountTransactionsPanel
          account={state.account}
          state={state}
          onPageIndex={(i) => onSearchChange(withPageIndex(search, i))}
          onPageSize={(size) => onSearchChange(withPageSize(search, size))}
          onReference={(text) => onSearchChange(withReference(search, text))}
          actions={
            <Button variant="outline" onClick={() => select(undefined)}>
              Clear selection
            </Button>
          }
        />
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          Select an account to see its transactions.
        </p>
      )}
    </AccountsPage>
  );
}
