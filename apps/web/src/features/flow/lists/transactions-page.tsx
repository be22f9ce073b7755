import type { Transaction } from '@meridian/contract';
import { Link } from '@tanstack/react-router';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  MoneyText,
  type DataTableColumn,
  type DataTableDetails,
} from '@/components/data-table';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/format/money';
import { transactionsEndpoints } from '../api/transactions';
import { ListPage, type ListPageProps } from './list-page';
import { searchKeyOptions } from './search-keys';

const SEARCH_KEYS = searchKeyOptions('transactions');

export const CATEGORY_LABELS: Record<Transaction['category'], string> = {
  TOPUP: 'Top-up',
  PAYOUT: 'Payout',
  REVERSAL: 'Reversal',
  VALIDATION_FEE: 'Validation fee',
  COLLECTION: 'Collection',
  SETTLEMENT: 'Settlement',
  PAYMENT_LINK: 'Payment link',
};

/** A credit as "+₹1,250.00", a debit as "−₹1,250.00" (whatever sign the amount itself carries). */
export function signedAmount(type: Transaction['type'], amount: string): string {
  const formatted = formatMoney(amount.replace(/^[-+]/, ''));
  if (formatted === '-') return '-';
  return `${type === 'CREDIT' ? '+' : '−'}${formatted}`;
}

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

const COLUMNS: DataTableColumn<Transaction>[] = [
  {
    id: 'transaction_id',
    header: 'Transaction ID',
    primary: true,
    card: 'secondary',
    cell: (t) => <Code>{t.transaction_id}</Code>,
  },
  { id: 'created_at', header: 'Created', card: 'time', cell: (t) => <DateTimeText value={t.created_at} /> },
  {
    id: 'type',
    header: 'Type',
    cell: (t) => (
      <span className="flex flex-col">
        <span>{t.type === 'CREDIT' ? 'Credit' : 'Debit'}</span>
        <span className="text-xs text-muted-foreground">{CATEGORY_LABELS[t.category] ?? t.category}</span>
      </span>
    ),
  },
  { id: 'description', header: 'Description', card: 'primary', cell: (t) => t.description },
  { id: 'amount', header: 'Amount', align: 'right', card: 'amount', cell: (t) => <Amount t={t} /> },
  { id: 'balance', header: 'Balance after', align: 'right', cell: (t) => <MoneyText value={t.balance} /> },
  { id: 'bank_reference_number', header: 'UTR', cell: (t) => <Code>{t.bank_reference_number}</Code> },
  {
    id: 'customer_reference_number',
    header: 'Customer ref',
    cell: (t) => <Code>{t.customer_reference_number}</Code>,
  },
];

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

function TransactionDetailsView({ row }: { row: Transaction }) {
  return (
    <DetailList
      items={[
        [
          'Transaction ID',
          <Code wrap key="id">
            {row.transaction_id}
          </Code>,
        ],
        ['Type', row.type === 'CREDIT' ? 'Credit' : 'Debit'],
        ['Category', CATEGORY_LABELS[row.category] ?? row.category],
        ['Amount', <Amount key="amount" t={row} />],
        ['Balance after', <MoneyText key="balance" value={row.balance} />],
        ['Description', row.description],
        [
          'Account',
          <Code wrap key="acc">
            {row.account_number}
          </Code>,
        ],
        ['Reference', <Reference key="ref" t={row} />],
        [
          'Bank reference (UTR)',
          row.bank_reference_number && (
            <Code wrap key="utr">
              {row.bank_reference_number}
            </Code>
          ),
        ],
        [
          'Customer reference',
          row.customer_reference_number && (
            <Code wrap key="crn">
              {row.customer_reference_number}
            </Code>
          ),
        ],
        ['Created', <DateTimeText key="created" value={row.created_at} />],
      ]}
    />
  );
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
      description="All money movements on your accounts, searchable by transaction ID and bank reference."
    >
      <DataTable
        title="Transactions"
        endpoints={transactionsEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(t) => t.transaction_id}
        details={DETAILS}
        empty={{
          title: 'No transactions in this date range',
          hint: 'Top-ups, payouts, reversals and validation fees are listed here as they happen.',
        }}
        exportName="transactions"
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
