import type { Validation } from '@meridian/contract';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  MoneyText,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { validationDetailsQueryOptions, validationsEndpoints } from '../api/validations';
import { ListPage, type ListPageProps } from './list-page';
import { searchKeyOptions } from './search-keys';
import { VALIDATION_STATUS_VARIANTS } from './statuses';

const SEARCH_KEYS = searchKeyOptions('validations');

/** The name-match score (0–100) as a percentage; '-' when the account could not be validated. */
export const matchScore = (score: number | null) => (score === null ? '-' : `${score}%`);

const COLUMNS: DataTableColumn<Validation>[] = [
  { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (v) => <Code>{v.urn}</Code> },
  {
    id: 'account',
    header: 'Account',
    card: 'secondary',
    cell: (v) => <Code>{v.beneficiary_account_number}</Code>,
  },
  {
    id: 'ifsc',
    header: 'IFSC / Bank',
    cell: (v) => (
      <span className="flex flex-col">
        <Code>{v.ifsc_code}</Code>
        <span className="text-xs text-muted-foreground">{v.bank_name}</span>
      </span>
    ),
  },
  { id: 'name_given', header: 'Name given', card: 'primary', cell: (v) => v.name_given },
  { id: 'registered_name', header: 'Registered name', cell: (v) => v.registered_name ?? '-' },
  {
    id: 'name_match_score',
    header: 'Match',
    align: 'right',
    cell: (v) => <span className="tabular-nums">{matchScore(v.name_match_score)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (v) => <StatusBadge status={v.status} variants={VALIDATION_STATUS_VARIANTS} />,
  },
  { id: 'fee', header: 'Fee', align: 'right', cell: (v) => <MoneyText value={v.fee} /> },
  { id: 'created_at', header: 'Created', card: 'time', cell: (v) => <DateTimeText value={v.created_at} /> },
];

function validationFields(v: Validation) {
  return [
    [
      'URN',
      <Code wrap key="urn">
        {v.urn}
      </Code>,
    ],
    ['Status', <StatusBadge key="status" status={v.status} variants={VALIDATION_STATUS_VARIANTS} />],
    ['Status message', v.status_message],
    [
      'Account number',
      <Code wrap key="acc">
        {v.beneficiary_account_number}
      </Code>,
    ],
    [
      'IFSC',
      <Code wrap key="ifsc">
        {v.ifsc_code}
      </Code>,
    ],
    ['Bank', v.bank_name],
    ['Name given', v.name_given],
    ['Registered name', v.registered_name],
    ['Name match', matchScore(v.name_match_score)],
    ['Fee', <MoneyText key="fee" value={v.fee} />],
    [
      'Customer reference',
      v.customer_reference_number && (
        <Code wrap key="crn">
          {v.customer_reference_number}
        </Code>
      ),
    ],
    [
      'Bank reference (UTR)',
      v.bank_reference_number && (
        <Code wrap key="utr">
          {v.bank_reference_number}
        </Code>
      ),
    ],
    ['Created', <DateTimeText key="created" value={v.created_at} />],
  ] as const;
}

const DETAILS: DataTableDetails<Validation> = {
  title: (urn) => `Validation ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) =>
    row ? `${row.name_given} · ${row.bank_name}` : 'The account, the bank and the name it is registered to',
  noun: 'validation',
  query: validationDetailsQueryOptions,
  render: (validation) => <DetailList items={validationFields(validation)} />,
};

/** /flow/validate-bank-account: the bank-account validations (penny drops) run, with the names returned. */
export function ValidationsPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/validate-bank-account"
      description="Bank-account validations you have run, with the name returned by the bank."
      actions={
        <Button asChild>
          <Link to="/flow/validate">
            <BadgeCheck aria-hidden />
            New validation
          </Link>
        </Button>
      }
    >
      <DataTable
        title="Bank account validations"
        endpoints={validationsEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(v) => v.urn}
        details={DETAILS}
        empty={{
          title: 'No validations in this date range',
          hint: 'Check an account before you pay it: each validation shows the name the bank has on file.',
        }}
        exportName="validations"
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
