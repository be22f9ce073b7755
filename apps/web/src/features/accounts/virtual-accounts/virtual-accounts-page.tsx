import { useState } from 'react';
import { VIRTUAL_ACCOUNTS_LIST, type VirtualAccount } from '@meridian/contract/accounts';
import {
  Code,
  DataTable,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { Button } from '@/components/ui/button';
import { virtualAccountsEndpoints } from '../api/virtual-accounts';
import { AccountsPage, ACCOUNT_STATUS_VARIANTS } from '../accounts-page';
import { CreateVirtualAccountDialog } from './create-va-dialog';
import { CAN_SIMULATE, SimulateCreditDialog } from './simulate-credit-dialog';
import { VirtualAccountDetails } from './va-details';
import { Can } from '@/components/permissions/can';

/** The page's own cells: the account number with its copy button; every other column from the definition. */
const COLUMNS: ColumnOverrides<VirtualAccount, ColumnKey<typeof VIRTUAL_ACCOUNTS_LIST>> = {
  cells: {
    account_number: (va) => (
      <span className="flex items-center gap-1">
        <Code>{va.account_number}</Code>
        <span onClick={(e) => e.stopPropagation()}>
          <CopyButton value={va.account_number} label={`Copy account number ${va.account_number}`} />
        </span>
      </span>
    ),
  },
  statusVariants: { status: ACCOUNT_STATUS_VARIANTS },
  // The name opens the row: the account number's cell holds its own copy button (no control inside another).
  primary: 'name',
  cards: { account_number: 'secondary' },
};

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
        <Can permission="virtual_accounts.manage">
          {CAN_SIMULATE && (
            <Button variant="outline" onClick={() => setSimulating(true)}>
              Simulate a credit
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>Create virtual account</Button>
        </Can>
      }
    >
      <DataTable
        list={VIRTUAL_ACCOUNTS_LIST}
        endpoints={virtualAccountsEndpoints}
        {...COLUMNS}
        rowId={(va) => va.account_number}
        details={DETAILS}
        empty={{
          title: 'No virtual accounts created in this date range',
          hint: 'Create one for each customer who pays you; try a wider date range for older ones.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
      <CreateVirtualAccountDialog open={creating} onOpenChange={setCreating} />
      {CAN_SIMULATE && <SimulateCreditDialog open={simulating} onOpenChange={setSimulating} />}
    </AccountsPage>
  );
}
