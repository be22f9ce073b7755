import type { Beneficiary } from '@meridian/contract';
import { Link } from '@tanstack/react-router';
import Pencil from 'lucide-react/icons/pencil';
import UserPlus from 'lucide-react/icons/user-plus';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { beneficiariesEndpoints } from '../api/beneficiaries';
import { editBeneficiarySearch } from '../edit-beneficiary-search';
import { beneficiaryDetailsQueryOptions } from '../api/beneficiary-details';
import { ListPage, type ListPageProps } from './list-page';
import { searchKeyOptions } from './search-keys';
import { BENEFICIARY_STATUS_VARIANTS } from './statuses';

const SEARCH_KEYS = searchKeyOptions('beneficiaries');

const COLUMNS: DataTableColumn<Beneficiary>[] = [
  {
    id: 'beneficiary_code',
    header: 'Code',
    primary: true,
    card: 'secondary',
    cell: (b) => <Code>{b.beneficiary_code}</Code>,
  },
  { id: 'beneficiary_name', header: 'Name', card: 'primary', cell: (b) => b.beneficiary_name },
  {
    id: 'account',
    header: 'Account / UPI',
    card: 'secondary',
    cell: (b) => (
      <Code>{b.transfer_type === 'UPI' ? b.beneficiary_upi_id : b.beneficiary_account_number}</Code>
    ),
  },
  {
    id: 'ifsc',
    header: 'IFSC / Bank',
    cell: (b) =>
      b.ifsc_code ? (
        <span className="flex flex-col">
          <Code>{b.ifsc_code}</Code>
          {b.bank_name && <span className="text-xs text-muted-foreground">{b.bank_name}</span>}
        </span>
      ) : (
        '-'
      ),
  },
  { id: 'transfer_type', header: 'Transfer type', cell: (b) => b.transfer_type },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (b) => <StatusBadge status={b.status} variants={BENEFICIARY_STATUS_VARIANTS} />,
  },
  { id: 'created_at', header: 'Created', card: 'time', cell: (b) => <DateTimeText value={b.created_at} /> },
];

function beneficiaryFields(b: Beneficiary) {
  return [
    [
      'Code',
      <Code wrap key="code">
        {b.beneficiary_code}
      </Code>,
    ],
    ['Name', b.beneficiary_name],
    ['Status', <StatusBadge key="status" status={b.status} variants={BENEFICIARY_STATUS_VARIANTS} />],
    ['Transfer type', b.transfer_type],
    [
      'Account number',
      b.beneficiary_account_number && (
        <Code wrap key="acc">
          {b.beneficiary_account_number}
        </Code>
      ),
    ],
    [
      'IFSC',
      b.ifsc_code && (
        <Code wrap key="ifsc">
          {b.ifsc_code}
        </Code>
      ),
    ],
    ['Bank', b.bank_name],
    ['UPI id', b.beneficiary_upi_id],
    ['E-mail', b.beneficiary_email],
    ['Mobile', b.beneficiary_mobile],
    ['Provider', `${b.provider} (${b.provider_code})`],
    [
      'Debit account',
      <Code wrap key="sender">
        {b.sender_account_number}
      </Code>,
    ],
    ['Created', <DateTimeText key="created" value={b.created_at} />],
    ['Updated', <DateTimeText key="updated" value={b.updated_at} />],
  ] as const;
}

/** The details dialog body: the beneficiary as the server has it now, and a link to edit it. */
function BeneficiaryDetailsView({ beneficiary }: { beneficiary: Beneficiary }) {
  return (
    <div className="flex flex-col gap-4">
      <DetailList items={beneficiaryFields(beneficiary)} />
      <div className="flex justify-end border-t pt-4">
        <Button asChild>
          <Link to="/flow/edit-beneficiary" search={editBeneficiarySearch(beneficiary)}>
            <Pencil aria-hidden />
            Edit
          </Link>
        </Button>
      </div>
    </div>
  );
}

const DETAILS: DataTableDetails<Beneficiary> = {
  title: (code, row) => (row ? row.beneficiary_name : `Beneficiary ${code}`),
  idLabel: 'beneficiary code',
  description: (code, row) => (row ? `Beneficiary ${code} · ${row.transfer_type}` : 'Beneficiary details'),
  noun: 'beneficiary',
  query: beneficiaryDetailsQueryOptions,
  render: (beneficiary) => <BeneficiaryDetailsView beneficiary={beneficiary} />,
};

/** /flow/beneficiaries: the beneficiaries you can pay; each opens its details with an Edit link. */
export function BeneficiariesPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/beneficiaries"
      description="The beneficiaries you can pay, searchable by code and account number."
      actions={
        <Button asChild>
          <Link to="/flow/add-beneficiary">
            <UserPlus aria-hidden />
            Add beneficiary
          </Link>
        </Button>
      }
    >
      <DataTable
        title="Beneficiaries"
        endpoints={beneficiariesEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(b) => b.beneficiary_code}
        details={DETAILS}
        empty={{
          title: 'No beneficiaries in this date range',
          hint: 'Beneficiaries are listed by the day they were added; widen the range or add one.',
        }}
        exportName="beneficiaries"
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
