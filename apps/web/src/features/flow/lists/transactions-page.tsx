import { type Transaction } from '@meridian/contract';
import { TRANSACTIONS_LIST } from '@meridian/contract/flow-lists';
import { Link } from '@tanstack/react-router';
import {
  Code,
  DataTable,
  DetailList,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
} from '@/components/data-table';
import { cx } from '@/lib/cx';
import { CATEGORY_LABELS, signedAmount } from '@/lib/format/transactions';
import { transactionsEndpoints } from '../api/transactions';
import { ListPage, type ListPageProps } from './list-page';

function Amount({ t }: { t: Transaction }) {
  return (
    <span
      className={cx(
        'whitespace-nowrap tabular-nums',
        t.type === 'CREDIT' ? 'font-medium text-success' : 'text-foreground',
      )}
    >
      {signedAmount(t.type, t.amount)}
    </span>
  );
}

/** The page's own cells (a signed amount, the type with its category); the rest from the list definition. */
const COLUMNS: ColumnOverrides<Transaction, ColumnKey<typeof TRANSACTIONS_LIST>> = {
  cells: {
    amount: (t) => <Amount t={t} />,
    type: (t) => (
      <span className="flex flex-col">
        <span>{t.type === 'CREDIT' ? 'Credit' : 'Debit'}</span>
        <span className="text-xs text-muted-foreground">{CATEGORY_LABELS[t.category] ?? t.category}</span>
      </span>
    ),
    category: (t) => CATEGORY_LABELS[t.category] ?? t.category,
  },
  primary: 'transaction_id',
  cards: { description: 'primary', transaction_id: 'secondary' },
};

/** Where the transaction came from: its payout or validation, which open in their own lists. */
function Reference({ t }: { t: Transaction }) {
  const urn = t.reference_urn;
  if (!urn) return null;
  if (t.category === 'PAYOUT' || t.category === 'REVERSAL') {
    return (
      <Link
        to="/flow/payouts"
        search={{ selected: urn }}
        className="font-mono text-[0.8125rem] break-all underline"
      >
        {urn}
      </Link>
    );
  }
  if (t.category === 'VALIDATION_FEE') {
    return (
      <Link
        to="/flow/validate-bank-account"
        search={{ selected: urn }}
        className="font-mono text-[0.8125rem] break-all underline"
      >
        {urn}
      </Link>
    );
  }
  return <Code>{urn}</Code>;
}

/** What the details add to the transaction's column values: its payout or validation, opened in its list. */
function TransactionDetailsView({ row }: { row: Transaction }) {
  return <DetailList items={[['Reference', <Reference key="ref" t={row} />]]} />;
}

const DETAILS: DataTableDetails<Transaction> = {
  title: (id) => `Transaction ${id}`,
  idLabel: 'transaction ID',
  description: (_id, row) => (row ? row.description : 'A money movement on your account'),
  noun: 'transaction',
  render: (row) => <TransactionDetailsView row={row} />,
};

/** /flow/transactions: every money movement on your accounts (the account statement). */
export function TransactionsPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/transactions"
      description="All money movements on your accounts, searchable by transaction ID and bank reference, filterable by credit or debit, category and amount."
    >
      <DataTable
        list={TRANSACTIONS_LIST}
        endpoints={transactionsEndpoints}
        {...COLUMNS}
        rowId={(t) => t.transaction_id}
        details={DETAILS}
        empty={{
          title: 'No transactions in this date range',
          hint: 'Top-ups, payouts, reversals and validation fees are listed here as they happen.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
