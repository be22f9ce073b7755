import { type Validation } from '@meridian/contract';
import { VALIDATIONS_LIST } from '@meridian/contract/flow-lists';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import {
  DataTable,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
} from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { validationDetailsQueryOptions, validationsEndpoints } from '../api/validations';
import { ListPage, type ListPageProps } from './list-page';
import { NAME_MATCH_LABELS, NAME_MATCH_VARIANTS, VALIDATION_STATUS_VARIANTS } from './statuses';
import { Can } from '@/components/permissions/can';

/** The name-match score (0–100) as a percentage; '-' when the account could not be validated. */
export const matchScore = (score: number | null) => (score === null ? '-' : `${score}%`);

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<Validation, ColumnKey<typeof VALIDATIONS_LIST>> = {
  cells: {
    name_match_score: (v) => <span className="tabular-nums">{matchScore(v.name_match_score)}</span>,
    // Green only for MATCH, amber for PARTIAL, red for NO_MATCH; '-' when the account could not be validated.
    name_match: (v) =>
      v.name_match === null ? (
        '-'
      ) : (
        <StatusBadge
          status={v.name_match}
          variants={NAME_MATCH_VARIANTS}
          label={NAME_MATCH_LABELS[v.name_match]}
        />
      ),
  },
  statusVariants: { status: VALIDATION_STATUS_VARIANTS },
  primary: 'urn',
  cards: { registered_name: 'primary', urn: 'secondary', beneficiary_account_number: 'secondary' },
};

const DETAILS: DataTableDetails<Validation> = {
  title: (urn) => `Validation ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) =>
    row ? `${row.name_given} · ${row.bank_name}` : 'The account, the bank and the name it is registered to',
  noun: 'validation',
  query: validationDetailsQueryOptions,
  row: (validation) => validation,
};

/** /flow/validate-bank-account: the bank-account validations (penny drops) run, with the names returned. */
export function ValidationsPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/validate-bank-account"
      description="Bank-account validations you have run, with the name returned by the bank."
      actions={
        <Can permission="validations.create">
          <Button asChild>
            <Link to="/flow/validate">
              <BadgeCheck aria-hidden />
              New validation
            </Link>
          </Button>
        </Can>
      }
    >
      <DataTable
        list={VALIDATIONS_LIST}
        endpoints={validationsEndpoints}
        {...COLUMNS}
        rowId={(v) => v.urn}
        details={DETAILS}
        empty={{
          title: 'No validations in this date range',
          hint: 'Check an account before you pay it: each validation shows the name the bank has on file.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
