import { useState } from 'react';
import { ACCOUNT_SEARCH_KEYS, type VirtualAccount } from '@meridian/contract/accounts';
import {
  Code,
  DataTable,
  DateTimeText,
  MoneyText,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { Button } from '@/components/ui/button';
import { virtualAccountsEndpoints } from '../api/virtual-accounts';
import { AccountsPage, searchKeyOptions, ACCOUNT_STATUS_VARIANTS } from '../accounts-page';
import { CreateVirtualAccountDialog } from './create-va-dialog';
import { CAN_SIMULATE, SimulateCreditDialog } from './simulate-credit-dialog';
import { VirtualAccountDetails } from './va-details';

const SEARCH_KEYS = searchKeyOptions(ACCOUNT_SEARCH_KEYS.virtual_accounts);

const COLUMNS: DataTableColumn<VirtualAccount>[] = [
  {
    id: 'account_number',
    header: 'Account number',
    primary: true,
    card: 'secondary',
    cell: (va) => <Code>{va.account_number}</Code>,
  },
  {
    id: 'copy',
    header: 'Copy',
    cell: (va) => (
      <span onClick={(e) => e.stopPropagation()}>
        <CopyButton value={va.account_number} label={`Copy account number ${va.account_number}`} />
      </span>
    ),
  },
  { id: 'name', header: 'Name', card: 'primary', cell: (va) => va.name },
  {
    id: 'customer_id',
    header: 'Customer ID',
    card: 'secondary',
    cell: (va) => <Code>{va.customer_id}</Code>,
  },
  { id: 'ifsc', header: 'IFSC', cell: (va) => <Code>{va.ifsc}</Code> },
  { id: 'upi_id', header: 'UPI id', cell: (va) => <Code>{va.upi_id}</Code> },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (va) => <StatusBadge status={va.status} variants={ACCOUNT_STATUS_VARIANTS} />,
  },
  {
    id: 'balance',
    header: 'Balance',
    align: 'right',
    card: 'amount',
    cell: (va) => <MoneyText value={va.balance} />,
  },
  {
    id: 'total_collected',
    header: 'Collected',
    align: 'right',
    cell: (va) => <MoneyText value={va.total_collected} />,
  },
  { id: 'created_at', header: 'Created', card: 'time', cell: (va) => <DateTimeText value={va.created_at} /> },
];

const DETAILS: DataTableDetails<VirtualAccount> = {
  title: (id) => `Virtual account ${id}`,
  idLabel: 'account number',
  description: (_id, row) => (row ? `${row.name} · customer ${row.customer_id}` : 'A virtual account'),
  noun: 'virtual account',
  render: (va) => <VirtualAccountDetails va={va} />,
};

export interface VirtualAccountsPageProps {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}

/** /accounts/virtual-accounts: create, list, close and reopen virtual accounts; simulate credits in the sandbox. */
export function VirtualAccountsPage({ search, onSearchChange }: VirtualAccountsPageProps) {
  const [creating, setCreating] = useState(false);
  const [simulating, setSimulating] = useState(false);
  return (
    <AccountsPage
      path="/accounts/virtual-accounts"
      description="Account numbers and UPI ids your customers pay into, with their balances and credits."
      actions={
        <>
          {CAN_SIMULATE && (
            <Button variant="outline" onClick={() => setSimulating(true)}>
              Simulate a credit
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>Create virtual account</Button>
        </>
      }
    >
      <DataTable
        title="Virtual accounts"
        endpoints={virtualAccountsEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(va) => va.account_number}
        details={DETAILS}
        empty={{
          title: 'No virtual accounts created in this date range',
          hint: 'Create one for each customer who pays you; try a wider date range for older ones.',
        }}
        exportName="virtual_accounts"
        search={search}
        onSearchChange={onSearchChange}
      />
      <CreateVirtualAccountDialog open={creating} onOpenChange={setCreating} />
      {CAN_SIMULATE && <SimulateCreditDialog open={simulating} onOpenChange={setSimulating} />}
    </AccountsPage>
  );
}
