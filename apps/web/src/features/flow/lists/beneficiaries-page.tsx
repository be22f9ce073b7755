import { type Beneficiary } from '@meridian/contract';
import { BENEFICIARIES_LIST } from '@meridian/contract/flow-lists';
import { Link } from '@tanstack/react-router';
import Pencil from 'lucide-react/icons/pencil';
import UserPlus from 'lucide-react/icons/user-plus';
import {
  Code,
  DataTable,
  DetailList,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { beneficiariesEndpoints } from '../api/beneficiaries';
import { editBeneficiarySearch } from '../edit-beneficiary-search';
import { beneficiaryDetailsQueryOptions } from '../api/beneficiary-details';
import { ListPage, type ListPageProps } from './list-page';
import { BENEFICIARY_STATUS_VARIANTS } from './statuses';
import { CoolingOffNotice } from '../forms/beneficiary/cooling-off-notice';
import { Can } from '@/components/permissions/can';

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<Beneficiary, ColumnKey<typeof BENEFICIARIES_LIST>> = {
  cells: {
    // A UPI beneficiary has no account number: its UPI id stands in the column.
    beneficiary_account_number: (b) => (
      <Code wrap className="block max-w-48">
        {(b.transfer_type === 'UPI' ? b.beneficiary_upi_id : b.beneficiary_account_number) ?? '-'}
      </Code>
    ),
  },
  statusVariants: { status: BENEFICIARY_STATUS_VARIANTS },
  primary: 'beneficiary_code',
  cards: {
    beneficiary_name: 'primary',
    beneficiary_code: 'secondary',
    beneficiary_account_number: 'secondary',
  },
};

/** What the details add to the beneficiary's column values: its provider and a link to edit it. */
function BeneficiaryDetailsView({ beneficiary }: { beneficiary: Beneficiary }) {
  return (
    <div className="flex flex-col gap-4">
      <CoolingOffNotice
        until={beneficiary.cooling_off_until}
        limit={beneficiary.cooling_off_limit}
        score={beneficiary.name_match_score}
      />
      <DetailList
        items={[
          ['Provider', `${beneficiary.provider} (${beneficiary.provider_code})`],
          [
            'Name match',
            beneficiary.name_match_score === null
              ? 'Not checked (no penny drop of this account)'
              : `${beneficiary.name_match_score}% with the bank's account holder`,
          ],
        ]}
      />
      <Can permission="beneficiaries.manage">
        <div className="flex justify-end border-t pt-4">
          <Button asChild>
            <Link to="/flow/edit-beneficiary" search={editBeneficiarySearch(beneficiary)}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
        </div>
      </Can>
    </div>
  );
}

const DETAILS: DataTableDetails<Beneficiary> = {
  title: (code, row) => (row ? row.beneficiary_name : `Beneficiary ${code}`),
  idLabel: 'beneficiary code',
  description: (code, row) => (row ? `Beneficiary ${code} · ${row.transfer_type}` : 'Beneficiary details'),
  noun: 'beneficiary',
  query: beneficiaryDetailsQueryOptions,
  row: (beneficiary) => beneficiary,
  render: (beneficiary) => <BeneficiaryDetailsView beneficiary={beneficiary} />,
};

/** /flow/beneficiaries: the beneficiaries you can pay; each opens its details with an Edit link. */
export function BeneficiariesPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/beneficiaries"
      description="The beneficiaries you can pay, searchable by code and account number, filterable by status and transfer type."
      actions={
        <Can permission="beneficiaries.manage">
          <Button asChild>
            <Link to="/flow/add-beneficiary">
              <UserPlus aria-hidden />
              Add beneficiary
            </Link>
          </Button>
        </Can>
      }
    >
      <DataTable
        list={BENEFICIARIES_LIST}
        endpoints={beneficiariesEndpoints}
        {...COLUMNS}
        rowId={(b) => b.beneficiary_code}
        details={DETAILS}
        empty={{
          title: 'No beneficiaries in this date range',
          hint: 'Beneficiaries are listed by the day they were added; widen the range or add one.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
