import { useMemo } from 'react';
import { ACCOUNT_SEARCH_KEYS, type ManagedAccount } from '@meridian/contract/accounts';
import ListIcon from 'lucide-react/icons/list';
import {
  Code,
  DataTable,
  DateTimeText,
  MoneyText,
  StatusBadge,
  type DataTableColumn,
  type ListSearch,
} from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { Button } from '@/components/ui/button';
import { allAccountsEndpoints } from '../api/all-accounts';
import { AccountsPage, searchKeyOptions, ACCOUNT_STATUS_VARIANTS, KIND_LABELS } from '../accounts-page';
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

const SEARCH_KEYS = searchKeyOptions(ACCOUNT_SEARCH_KEYS.accounts);

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
 * /accounts/all-accounts: the client's current and virtual accounts; selecting one (its row, or its
 * Transactions button) shows its transactions below the list, paged by pageIndex/pageSize (spec §3, §4).
 */
export function AllAccountsPage({ search: routeSearch, onSearchChange }: AllAccountsPageProps) {
  const search = useMemo(
    () => allAccountsSearchSchema(routeSearch as Parameters<typeof allAccountsSearchSchema>[0]),
    [routeSearch],
  );
  const state = resolveTransactionsState(search);
  const select = (account: SelectedAccount | undefined) => onSearchChange(withAccount(search, account));

  const columns = useMemo<DataTableColumn<ManagedAccount>[]>(
    () => [
      {
        id: 'account_number',
        header: 'Account number',
        primary: true,
        card: 'secondary',
        cell: (a) => <Code>{a.account_number}</Code>,
      },
      { id: 'account_name', header: 'Name', card: 'primary', cell: (a) => a.account_name },
      { id: 'kind', header: 'Kind', cell: (a) => KIND_LABELS[a.kind] ?? a.kind },
      { id: 'customer_id', header: 'Customer ID', cell: (a) => <Code>{a.customer_id}</Code> },
      {
        id: 'status',
        header: 'Status',
        card: 'status',
        cell: (a) => <StatusBadge status={a.status} variants={ACCOUNT_STATUS_VARIANTS} />,
      },
      {
        id: 'balance',
        header: 'Balance',
        align: 'right',
        card: 'amount',
        cell: (a) => <MoneyText value={a.balance} />,
      },
      {
        id: 'created_at',
        header: 'Created',
        card: 'time',
        cell: (a) => <DateTimeText value={a.created_at} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: (a) => (
          // The row selects too; the button is the named control for keyboard and screen-reader users.
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
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- select reads the current search
    [search],
  );

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
        title="Accounts"
        endpoints={allAccountsEndpoints}
        columns={columns}
        searchKeys={SEARCH_KEYS}
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
        exportName="accounts"
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
